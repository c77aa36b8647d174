import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../testing/use-test-database";
import { DEMO_EMAIL, findInvalidSeedTools, readDemoTools, seedDemo } from "./seed-demo";

describe("seedDemo", () => {
  const { handle } = useTestDatabase();

  it("holds only tools that pass Stockroom's own validation (the import's), and the check catches a broken one", async () => {
    const tools = await readDemoTools();
    expect(tools).toHaveLength(724);
    expect(findInvalidSeedTools(tools)).toEqual([]);
    // The schema Netlify's server lists, before the corpus dropped its empty enum.
    const netlify = tools.find((t) => t.name === "netlify-coding-rules")!;
    const asListed = {
      ...netlify,
      parameters: { ...(netlify.parameters as object), properties: { creationType: { type: "string", enum: [] } } },
    };
    expect(findInvalidSeedTools([asListed])).toEqual([
      "netlify.netlify-coding-rules: Invalid JSON Schema at /properties/creationType/enum: must NOT have fewer than 1 items.",
    ]);
  });

  it("loads the whole corpus once and never duplicates", async () => {
    const { db } = handle;
    const logs: string[] = [];
    expect(await seedDemo({ db, password: "demo-pass-123", log: (m) => logs.push(m) })).toEqual({ created: true });
    expect(logs.join("")).toContain(DEMO_EMAIL);
    expect(await seedDemo({ db, password: "demo-pass-123" })).toEqual({ created: false });

    const catalog = await db.catalog.findFirstOrThrow({ where: { slug: "mcp-tools", team: { slug: "demo" } } });
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(724);
    expect(await db.namespace.count({ where: { catalogId: catalog.id } })).toBe(44);
    expect(await db.evalQuery.count({ where: { catalogId: catalog.id } })).toBe(50);
    expect(await db.user.count()).toBe(1);
    const direct = await db.tool.groupBy({
      by: ["exposure"],
      where: { catalogId: catalog.id },
      _count: { _all: true },
    });
    expect(Object.fromEntries(direct.map((g) => [g.exposure, g._count._all]))).toEqual({ direct: 131, deferred: 593 });
    const directNamespaces = await db.tool.findMany({
      where: { catalogId: catalog.id, exposure: "direct" },
      select: { namespace: { select: { name: true } } },
      distinct: ["namespaceId"],
    });
    expect(directNamespaces.map((t) => t.namespace?.name).sort()).toEqual(["filesystem", "github"]);
    const tool = await db.tool.findFirstOrThrow({ where: { catalogId: catalog.id, key: "github.actions_get" } });
    expect(tool.parameters).toMatchObject({ type: "object", required: ["method", "owner", "repo", "resource_id"] });
  });
});
