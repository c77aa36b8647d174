import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { connect } from "../sdk/index";
import { importTools, signUpApi, trpc, trpcQuery } from "./agent-helpers";

// Point 5, end to end: publish a real catalog in the running app, then for every golden query the SDK's
// ranking from the HTTP snapshot equals the playground's ranking of that version — ids, order and scores.
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

test("the SDK ranks every golden query exactly as the playground ranked the published version", async ({ baseURL }) => {
  test.setTimeout(300_000);
  const owner = await signUpApi(baseURL!, "parity");
  const catalog = await trpc<{ slug: string }>(owner.api, "catalog.create", { team: owner.team, name: "MCP corpus" });
  const scope = { team: owner.team, catalog: catalog.slug };

  const corpus = lines("prisma/seed-data/tools.jsonl") as Array<{
    namespace: string;
    name: string;
    description: string;
    parameters: unknown;
  }>;
  const namespaces = [...new Set(corpus.map((t) => t.namespace))].map((ns) => ({
    type: "namespace",
    name: ns,
    description: `Tools of the ${ns.replace(/_/g, " ")} MCP server.`,
    tools: corpus
      .filter((t) => t.namespace === ns)
      .map((t) => ({
        type: "function",
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        defer_loading: true,
      })),
  }));
  const imported = await importTools(owner.api, scope, namespaces);
  expect(imported.created).toBeGreaterThan(600);
  const golden = (lines("prisma/seed-data/queries.dev.jsonl") as Array<{ query: string; gold: string[] }>).map(
    ({ query, gold }) => ({ query, gold }),
  );
  await trpc(owner.api, "golden.import", {
    ...scope,
    content: golden.map((g) => JSON.stringify(g)).join("\n"),
    unknownIds: "keep",
  });
  // The corpus's Pinecone tools ask for the model's name (safety/out-of-scope-parameter): an owner acknowledges it.
  const published = await trpc<{ version: number; contentHash: string }>(owner.api, "review.publish", {
    ...scope,
    note: "parity",
    acknowledgement: "Real MCP servers as published; the llm_model parameters are the vendor's.",
  });
  const { secret } = await trpc<{ secret: string }>(owner.api, "token.create", { ...scope, name: "parity agent" });

  const agent = await connect({ url: baseURL!, token: secret, ...scope });
  expect([agent.version, agent.contentHash]).toEqual([published.version, published.contentHash]);
  let hits = 0;
  for (const { query } of golden) {
    const playground = await trpcQuery<{ hits: Array<{ key: string; score: number; rank: number }> }>(
      owner.api,
      "playground.search",
      { ...scope, query, version: published.version },
    );
    const sdk = agent.search(query).map(({ id, score, rank }) => ({ key: id, score, rank }));
    expect(sdk, query).toEqual(playground.hits.map(({ key, score, rank }) => ({ key, score, rank })));
    hits += sdk.length;
  }
  expect(golden.length).toBe(50);
  expect(hits).toBeGreaterThan(300);
});
