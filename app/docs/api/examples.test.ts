import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/services/agent-api/openapi";
import { examplesFor, samplePath } from "./examples";

describe("API docs examples", () => {
  it("every endpoint of the OpenAPI document gets curl, Python and TypeScript with the demo values filled in", () => {
    const doc = buildOpenApiDocument();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(0);
    for (const { path, method, op } of operations) {
      const examples = examplesFor(method, path, op as never);
      const url = samplePath(path);
      expect(url).not.toMatch(/[{}]/);
      expect(examples.curl).toContain(`"$STOCKROOM_URL${url}"`);
      expect(examples.python).toContain(`f"{os.environ['STOCKROOM_URL']}${url}"`);
      expect(examples.typescript).toContain(`\${process.env.STOCKROOM_URL}${url}`);
      for (const encoding of ["br", "gzip", "identity"]) expect(examples.encodings).toContain(`Accept-Encoding: ${encoding}`);
    }
    expect(samplePath("/api/v1/catalogs/{team}/{catalog}/snapshots/{version}")).toBe("/api/v1/catalogs/demo/mcp-tools/snapshots/1");
  });
});
