// OpenAPI 3.0 / 3.1 documents as tools: names, descriptions, one JSON Schema per operation, local $refs resolved.
import { describe, expect, it } from "vitest";
import { SourceFormatError } from "../import/parse-tool-source";
import { parseOpenApiText, readOpenApiSource, toToolName } from "./openapi-tools";

const PET = {
  type: "object",
  required: ["name"],
  properties: { name: { type: "string", example: "Rex" }, tag: { type: "string" }, "x-internal": true },
};
const doc = (openapi = "3.0.3") => ({
  openapi,
  info: { title: "Pets", version: "1" },
  tags: [{ name: "pets", description: "Everything about pets." }],
  components: {
    schemas: { Pet: PET, Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } } },
    parameters: { Limit: { name: "limit", in: "query", description: "How many.", schema: { type: "integer" } } },
  },
  paths: {
    "/pets/{petId}": {
      parameters: [{ name: "petId", in: "path", required: true, schema: { type: "string" } }],
      get: { operationId: "pets/get-pet", tags: ["pets"], summary: "Get a pet", description: "One pet by id." },
      put: {
        operationId: "updatePet",
        tags: ["pets"],
        summary: "Replace a pet",
        parameters: [
          { $ref: "#/components/parameters/Limit" },
          { name: "Accept", in: "header", schema: { type: "string" } },
          { name: "X-Trace", in: "header", schema: { type: "string" } },
          { name: "session", in: "cookie", schema: { type: "string" } },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
        },
      },
    },
    "/trees": {
      post: {
        deprecated: true,
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
      },
      get: {
        operationId: "list trees!",
        requestBody: { content: { "application/json": { schema: { type: "array" } } } },
      },
    },
  },
});

describe("OpenAPI documents as tools", () => {
  it("makes each operation a tool: operationId the name, summary and description the description, one schema", async () => {
    const source = await readOpenApiSource(doc(), { tagsAsNamespaces: false });
    expect(source.format).toBe("openapi");
    const tools = Object.fromEntries(source.items.map((i) => [i.label, i.tool!]));
    expect(Object.keys(tools)).toEqual(["GET /pets/{petId}", "PUT /pets/{petId}", "GET /trees", "POST /trees"]);
    expect(tools["GET /pets/{petId}"]).toEqual({
      name: "pets_get-pet",
      description: "Get a pet\n\nOne pet by id.",
      parameters: { type: "object", properties: { petId: { type: "string" } }, required: ["petId"] },
    });
    // Path, query and header parameters and the JSON body's properties, in one schema; $refs resolved, Accept and
    // cookies left out, examples and x- keys dropped.
    expect(tools["PUT /pets/{petId}"]!.parameters).toEqual({
      type: "object",
      properties: {
        petId: { type: "string" },
        limit: { type: "integer", description: "How many." },
        "X-Trace": { type: "string" },
        name: { type: "string" },
        tag: { type: "string" },
      },
      required: ["petId", "name"],
    });
    // No operationId: method and path; a recursive schema ends in a note instead of a dangling $ref.
    expect(tools["POST /trees"]!.name).toBe("post_trees");
    expect(tools["POST /trees"]!.description).toBe("Deprecated.");
    expect(JSON.stringify(tools["POST /trees"]!.parameters)).not.toContain("$ref");
    expect(tools["POST /trees"]!.parameters).toEqual({
      type: "object",
      properties: { child: { description: "Recursive: the same shape as #/components/schemas/Node." } },
    });
    // A body that is not an object goes under `body`.
    expect(tools["GET /trees"]).toMatchObject({
      name: "list_trees",
      parameters: { properties: { body: { type: "array" } } },
    });
  });

  it("takes tags as namespaces when asked (the tag's description too), and reads 3.1 and YAML", async () => {
    const yaml = `openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      operationId: a\n      tags: [Things to do]\n`;
    const source = await readOpenApiSource(parseOpenApiText(yaml), { tagsAsNamespaces: true });
    expect(source.items[0]!.tool).toMatchObject({ name: "a", namespace: "Things_to_do" });
    const pets = await readOpenApiSource(doc("3.1.0"), { tagsAsNamespaces: true });
    expect(pets.items[0]!.tool).toMatchObject({
      name: "get-pet",
      namespace: "pets",
      namespaceDescription: "Everything about pets.",
    });
  });

  it("refuses what it cannot read, saying what it expected", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ swagger: "2.0", paths: {} }, /Swagger 2.0 document; convert it to OpenAPI 3/],
      [{ openapi: "4.0.0", paths: {} }, /Expected an OpenAPI 3.0 or 3.1 document/],
      [{ openapi: "3.0.0" }, /has no "paths"/],
      [{ openapi: "3.0.0", paths: {} }, /has no operations/],
      [
        { openapi: "3.0.0", paths: { "/a": { get: { parameters: [{ $ref: "#/components/parameters/Nope" }] } } } },
        /does not resolve/,
      ],
    ];
    for (const [value, message] of cases) {
      await expect(readOpenApiSource(value, { tagsAsNamespaces: false })).rejects.toThrow(message);
      await expect(readOpenApiSource(value, { tagsAsNamespaces: false })).rejects.toBeInstanceOf(SourceFormatError);
    }
    expect(() => parseOpenApiText("{ nope")).toThrow(/neither JSON nor YAML/);
    expect(toToolName("repos/get-content")).toBe("repos_get-content");
    expect(toToolName("é/€")).toBe("operation");
    expect(toToolName("x".repeat(100))).toHaveLength(64);
  });
});
