import { afterEach, describe, expect, it } from "vitest";
import { setQuotasForTests } from "../services/quotas";
import { callerFor, createCatalog, createTeamWithMembers, createTools, createUser } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";

const { db } = useTestDatabase();

/** The error a call rejects with (tRPC code and message), or "OK". */
async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
    return { code: "OK", message: "" };
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
}

async function setup() {
  const t = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, t.team.id);
  return { ...t, catalog, ref: { team: t.team.slug, catalog: catalog.slug }, owner: callerFor(db, t.owner) };
}

afterEach(() => setQuotasForTests({}));

/** Issue #17, item 10 (replay): no quotas, `%`/`_` in searches matched everything, 100,000-character names. */
describe("quotas, LIKE escaping and length limits", () => {
  it("refuses a catalog, tool, import or token past its quota with 403 naming the variable, writing nothing", async () => {
    const { team, ref, owner, catalog } = await setup();
    setQuotasForTests({ catalogsPerTeam: 1, toolsPerCatalog: 2, tokensPerCatalog: 1 });
    const catalogs = await refusal(owner.catalog.create({ team: team.slug, name: "Second" }));
    expect(catalogs).toEqual({
      code: "FORBIDDEN",
      message: expect.stringMatching(/limit is 1 .*STOCKROOM_MAX_CATALOGS_PER_TEAM/),
    });
    expect(await db.catalog.count({ where: { teamId: team.id } })).toBe(1);

    await owner.tool.create({ ...ref, tool: { name: "one" } });
    await owner.tool.create({ ...ref, tool: { name: "two" } });
    expect((await refusal(owner.tool.create({ ...ref, tool: { name: "three" } }))).message).toMatch(
      /STOCKROOM_MAX_TOOLS_PER_CATALOG/,
    );
    const text = JSON.stringify({ tools: [{ name: "four", description: "Four.", inputSchema: { type: "object" } }] });
    const options = { namespace: null, mcpServer: null, exposure: "deferred" as const };
    const preview = await owner.import.preview({ ...ref, text, options });
    expect((await refusal(owner.import.commit({ ...ref, text, options, fingerprint: preview.fingerprint }))).code).toBe(
      "FORBIDDEN",
    );
    expect(await db.tool.count({ where: { catalogId: catalog.id } })).toBe(2);

    await owner.token.create({ ...ref, name: "first" });
    expect((await refusal(owner.token.create({ ...ref, name: "second" }))).message).toMatch(
      /Revoke one .*STOCKROOM_MAX_TOKENS_PER_CATALOG/,
    );
  });

  it("refuses joining more teams than STOCKROOM_MAX_TEAMS_PER_USER", async () => {
    const { team, owner } = await setup();
    const joiner = await createUser(db);
    await db.membership.create({
      data: { teamId: (await createTeamWithMembers(db)).team.id, userId: joiner.id, role: "viewer" },
    });
    setQuotasForTests({ teamsPerUser: 1 });
    const { link } = await owner.team.invite({ team: team.slug, email: joiner.email, role: "viewer" });
    const joined = await refusal(callerFor(db, joiner).team.acceptInvitation({ token: link.split("/invite/")[1]! }));
    expect(joined).toEqual({ code: "FORBIDDEN", message: expect.stringMatching(/STOCKROOM_MAX_TEAMS_PER_USER/) });
    expect(await db.invitation.count({ where: { teamId: team.id } })).toBe(1); // still pending, nothing half-done
  });

  it("searches for %, _ and \\ literally in tool, golden-query and playground searches", async () => {
    const { ref, owner, catalog } = await setup();
    await createTools(db, catalog.id, [
      { name: "discount", description: "Apply a 100% discount." },
      { name: "get_user", description: "Read a user." },
      { name: "getxuser", description: "Read another user." },
      { name: "path_tool", description: "Windows paths like C:\\temp." },
    ]);
    const keys = async (search: string) =>
      (await owner.tool.list({ ...ref, search })).tools.map((tool) => tool.key).sort();
    expect(await keys("%")).toEqual(["discount"]);
    expect(await keys("get_")).toEqual(["get_user"]);
    expect(await keys("\\")).toEqual(["path_tool"]);
    expect((await owner.playground.suggestTools({ ...ref, text: "t_u" })).map((s) => s.key)).toEqual(["get_user"]);

    await owner.golden.create({ ...ref, query: "50% off", expected: [] });
    expect((await refusal(owner.golden.create({ ...ref, query: "50x off", expected: [] }))).code).toBe("OK"); // not a "duplicate" of 50%
    expect((await refusal(owner.golden.create({ ...ref, query: "ends with \\", expected: [] }))).code).toBe("OK");
    expect((await owner.golden.list({ ...ref, search: "%" })).queries.map((q) => q.query)).toEqual(["50% off"]);
  });

  it("refuses over-long free text with 400 saying the limit", async () => {
    const { team, ref, owner } = await setup();
    // Thunks, not promises: a refusal created before the loop awaits it would be an unhandled rejection.
    for (const call of [
      () => owner.catalog.create({ team: team.slug, name: "n".repeat(100_000) }),
      () => owner.catalog.update({ ...ref, revision: 1, patch: { description: "d".repeat(100_000) } }),
      () => owner.review.publish({ ...ref, note: "n".repeat(100_000) }),
      () => owner.token.create({ ...ref, name: "t".repeat(100_000) }),
      () => owner.tool.list({ ...ref, search: "s".repeat(100_000) }),
      () => owner.golden.create({ ...ref, query: "q".repeat(100_000), expected: [] }),
    ]) {
      const { code, message } = await refusal(call());
      expect(code).toBe("BAD_REQUEST");
      expect(message).toMatch(/at most|under|longer than|too long|Too big/i);
    }
  });
});
