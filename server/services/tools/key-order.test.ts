import { describe, expect, it } from "vitest";
import { connect } from "@/sdk/catalog";
import { computeContentHash, legacyCanonicalJson, verifySnapshot } from "@/domain/snapshot/verify";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useAgentApiServer } from "../../testing/use-agent-api-server";

// GitHub's create_issue as its server writes it: owner, repo, title, body… (sorted would be assignees, body, …).
const createIssue = {
  type: "object",
  properties: {
    owner: { type: "string", description: "Repository owner" },
    repo: { type: "string", description: "Repository name" },
    title: { type: "string", description: "Issue title" },
    body: { type: "string", description: "Issue body content" },
    labels: { type: "array", items: { type: "string" }, description: "Labels to apply" },
    assignees: { type: "array", items: { type: "string" } },
    milestone: { type: "number", minimum: 1, description: "Milestone number" },
  },
  required: ["owner", "repo", "title"],
  additionalProperties: false,
};
const reordered = { ...createIssue, properties: Object.fromEntries(Object.entries(createIssue.properties).reverse()) };
const imported = {
  type: "object",
  properties: { zeta: { type: "string" }, alpha: { type: "integer", maximum: 1e21 }, mid: { type: "boolean" } },
  required: ["zeta"],
};

describe("schema key order", () => {
  const api = useAgentApiServer({ agentRequestsPerMinute: 10_000 });
  const { db } = api;

  it("is kept from editor and import through storage, update, exports, the served snapshot and the SDK", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const at = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    const order = (value: unknown) => JSON.stringify(value);

    const created = await editor.tool.create({
      ...at,
      tool: { name: "create_issue", namespace: "github", parameters: createIssue, exposure: "direct" },
    });
    expect(order(created.parameters)).toBe(order(createIssue));
    const text = JSON.stringify({ tools: [{ name: "search", description: "Search.", inputSchema: imported }] });
    const options = { namespace: "docs", mcpServer: "docs", exposure: "deferred" as const };
    const preview = await editor.import.preview({ ...at, text, options });
    await editor.import.commit({ ...at, text, options, fingerprint: preview.fingerprint });
    const search = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "docs.search" } });
    expect(order(search.parameters)).toBe(order(imported));

    // A reorder alone is an edit: it is saved (models read properties in this order).
    const updated = await editor.tool.update({
      ...at,
      id: created.id,
      revision: created.revision,
      patch: { parameters: reordered },
    });
    expect(updated.revision).toBe(2);
    expect(order((await editor.tool.get({ ...at, id: created.id })).parameters)).toBe(order(reordered));

    const openai = JSON.parse((await editor.export.draft({ ...at, format: "openai" })).json) as Array<{
      name: string;
      tools?: Array<{ name: string; parameters: unknown }>;
    }>;
    expect(
      order(openai.find((t) => t.name === "github")?.tools?.find((t) => t.name === "create_issue")?.parameters),
    ).toBe(order(reordered));
    const mcp = JSON.parse((await editor.export.draft({ ...at, format: "mcp" })).json) as {
      tools: Array<{ name: string; inputSchema: unknown }>;
    };
    expect(order(mcp.tools.find((t) => t.name === "search")?.inputSchema)).toBe(order(imported));

    await editor.review.publish({ ...at, note: "first" });
    const { secret } = await callerFor(db, people.owner).token.create({ ...at, name: "agent" });
    const served = await api.fetchSnapshotText(at.team, at.catalog, secret);
    expect(served).toContain(`"parameters":${order(reordered)}`);
    expect(served).toContain(`"parameters":${order(imported)}`);
    const snapshot = await verifySnapshot(JSON.parse(served));
    // The hash is over the canonical form: the same for the sorted document.
    expect(await computeContentHash(JSON.parse(legacyCanonicalJson(snapshot)) as typeof snapshot)).toBe(
      snapshot.contentHash,
    );

    const agent = await connect({ url: api.baseUrl(), token: secret, team: at.team, catalog: at.catalog });
    const tools = agent.firstRequestTools({ provider: "openai", supportsToolSearch: true }) as Array<{
      name: string;
      parameters?: unknown;
      tools?: Array<{ parameters: unknown }>;
    }>;
    expect(order(tools.find((t) => t.name === "create_issue")?.parameters)).toBe(order(reordered));
    expect(order(tools.find((t) => t.name === "docs")?.tools?.[0]?.parameters)).toBe(order(imported));
  });
});
