import { describe, expect, it } from "vitest";
import { checkParameters, checkToolName, validateToolFields } from "./validate-tool";

const obj = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties: { q: { type: "string" } },
  ...extra,
});

describe("tool names", () => {
  it("accepts the OpenAI/Anthropic alphabet up to 64 characters", () => {
    expect(checkToolName("get_user-v2")).toBeNull();
    expect(checkToolName("a".repeat(64))).toBeNull();
  });
  it("says which rule a name breaks", () => {
    expect(checkToolName("")).toBe("Tool name is required.");
    expect(checkToolName("a".repeat(65))).toMatch(/65 characters; OpenAI and Anthropic allow at most 64/);
    expect(checkToolName("get.user")).toMatch(
      /contains "\."; OpenAI and Anthropic allow only letters, digits, "_" and "-"/,
    );
    expect(checkToolName("get user")).toMatch(/contains a space/);
    expect(checkToolName("crm ops", "Namespace name")).toMatch(/^Namespace name "crm ops" contains a space/);
  });
});

describe("parameters", () => {
  it("accepts draft 2020-12 (default) and draft-07 object schemas", () => {
    expect(
      checkParameters(
        obj({ properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] } } }),
      ),
    ).toEqual([]);
    expect(
      checkParameters(
        obj({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: { a: { type: "string" } } }),
      ),
    ).toEqual([]);
    expect(
      checkParameters(
        obj({ $schema: "http://json-schema.org/draft-07/schema#", definitions: { a: { type: "string" } } }),
      ),
    ).toEqual([]);
  });
  it("requires an object schema", () => {
    expect(checkParameters([])[0]).toMatch(/must be a JSON object schema/);
    expect(checkParameters({ type: "string" })[0]).toMatch(/needs "type": "object" \(found "string"\)/);
    expect(checkParameters({ properties: {} })[0]).toMatch(/found no type/);
  });
  it("names an unknown type and where it is", () => {
    expect(checkParameters(obj({ properties: { count: { type: "int" } } }))[0]).toBe(
      'Unknown type "int" at /properties/count/type; JSON Schema types are string, number, integer, boolean, object, array and null.',
    );
    expect(
      checkParameters(obj({ properties: { l: { type: "array", items: { type: ["string", "str"] } } } }))[0],
    ).toMatch(/"str" at \/properties\/l\/items\/type/);
  });
  it("reports meta-schema violations and unresolvable $refs", () => {
    expect(checkParameters(obj({ required: "q" }))[0]).toMatch(/Invalid JSON Schema at \/required: must be array/);
    expect(checkParameters(obj({ properties: { a: { $ref: "#/$defs/missing" } } }))[0]).toBe(
      '"#/$defs/missing" at /properties/a/$ref does not resolve inside the schema; define it under $defs (tool schemas must be self-contained).',
    );
    expect(checkParameters(obj({ properties: { a: { $ref: "https://example.test/other.json" } } }))[0]).toMatch(
      /does not resolve inside the schema/,
    );
    const linked = obj({
      $defs: { node: { $anchor: "node", type: "object", properties: { next: { $ref: "#node" } } } },
      properties: { a: { $ref: "#/$defs/node" }, b: { $ref: "#" } },
    });
    expect(checkParameters(linked)).toEqual([]);
    expect(checkParameters(obj({ $schema: "http://json-schema.org/draft-04/schema#" }))[0]).toMatch(
      /draft-04.*not supported/,
    );
  });
  it("limits size and depth", () => {
    expect(checkParameters(obj({ description: "x".repeat(70_000) }))[0]).toMatch(/the limit is 64 KB/);
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 40; i++) deep = { type: "object", properties: { a: deep } };
    expect(checkParameters(deep)[0]).toMatch(/nest deeper than 32 levels/);
  });
  it("can be reused for schemas with the same $id", () => {
    const withId = obj({ $id: "https://example.test/tool" });
    expect(checkParameters(withId)).toEqual([]);
    expect(checkParameters({ ...withId })).toEqual([]);
  });
});

describe("fields", () => {
  it("checks description size and strict-mode rules by field", () => {
    const issues = validateToolFields({ description: "é".repeat(9000), parameters: obj(), strict: true });
    expect(issues.map((i) => i.field)).toEqual(["description", "strict"]);
    expect(issues[1]!.message).toMatch(/additionalProperties": false on every object \(missing at \/\)/);
    expect(
      validateToolFields({ parameters: obj({ additionalProperties: false, required: ["q"] }), strict: true }),
    ).toEqual([]);
    expect(validateToolFields({ parameters: obj({ additionalProperties: false }), strict: true })[0]!.message).toMatch(
      /q missing/,
    );
  });
});

describe("regular expressions", () => {
  it("reports a pattern that does not compile, in the browser-safe rules too", () => {
    expect(checkParameters(obj({ properties: { id: { type: "string", pattern: "([a-z]+" } } }))[0]).toMatch(
      /^Invalid regular expression at \/properties\/id\/pattern: /,
    );
    expect(checkParameters(obj({ patternProperties: { "^x-(": { type: "string" } } }))[0]).toMatch(
      /^Invalid regular expression at \/patternProperties: /,
    );
    expect(checkParameters(obj({ properties: { id: { type: "string", pattern: "^[a-z]+$" } } }))).toEqual([]);
  });
});
