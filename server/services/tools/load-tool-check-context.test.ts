import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

const DESCRIPTION =
  "Create a new issue in a GitHub repository. Use this when the user asks to report a bug; requires write access.";

describe("tool.checkContext", () => {
  it("gives a viewer the catalog's names and the saved tool's look-alike findings, none for a new tool", async () => {
    const t = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, t.team.id);
    const ref = { team: t.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, t.editor);
    for (const [namespace, name, mcpServer] of [
      ["github", "create_issue", "github"],
      ["gh_tools", "create_issue_v2", "gh-tools"],
    ] as const)
      await editor.tool.create({ ...ref, tool: { namespace, name, mcpServer, description: DESCRIPTION } });

    const viewer = callerFor(db, t.viewer);
    const copy = await viewer.tool.checkContext({ ...ref, key: "gh_tools.create_issue_v2" });
    expect(copy.tools.map((tool) => tool.id).sort()).toEqual(["gh_tools.create_issue_v2", "github.create_issue"]);
    expect(copy.tools.find((tool) => tool.id === "github.create_issue")?.server).toBe("github");
    expect(copy.medianTokens).toBeGreaterThan(0);
    const imitation = copy.findings.find((f) => f.rule === "safety/name-imitation");
    expect(imitation?.evidence.tools).toEqual(["github.create_issue"]);

    const original = await viewer.tool.checkContext({ ...ref, key: "github.create_issue" });
    expect(original.findings.some((f) => f.rule === "safety/name-imitation")).toBe(false);
    expect((await viewer.tool.checkContext({ ...ref, key: null })).findings).toEqual([]);

    const outsider = callerFor(db, (await createTeamWithMembers(db)).owner);
    await expect(outsider.tool.checkContext({ ...ref, key: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
