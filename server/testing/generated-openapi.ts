/** An OpenAPI 3.0 document of `count` operations (`get_item_0`…), each with a path and a query parameter. */
export function generatedOpenApi(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++)
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `get_item_${i}`,
        summary: `Get item ${i}`,
        description: `Reads item number ${i} by its id.`,
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" } },
          { name: "verbose", in: "query", schema: { type: "boolean" } },
        ],
        responses: { "200": { description: "The item." } },
      },
    };
  return JSON.stringify({ openapi: "3.0.3", info: { title: "Items", version: "1" }, paths });
}
