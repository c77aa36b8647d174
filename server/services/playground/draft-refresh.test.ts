import { describe, expect, it, onTestFinished } from "vitest";
import { openDatabase, sqlRunnerOf } from "../../db/open";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../../testing/factories";
import { testDbKind } from "../../testing/test-db";
import { useTestDatabase } from "../../testing/use-test-database";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { loadDraftSource } from "./ranking-source";

describe("the playground's draft after edits", () => {
  const { db, handle } = useTestDatabase();

  /** The SQL of every statement run on the plain driver from here to the test's end (the playground's reads). */
  function recordPlainQueries(): string[] {
    const queries: string[] = [];
    const runner = sqlRunnerOf(db);
    const query = runner.query;
    runner.query = <T>(sql: string, params?: unknown[]) => (
      queries.push(sql), query.call<typeof runner, [string, unknown[]?], Promise<T[]>>(runner, sql, params)
    );
    onTestFinished(() => {
      runner.query = query;
    });
    return queries;
  }

  /** A catalog of four tools in two namespaces and one without, and its editor. */
  async function catalogWithTools() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const tools = await createTools(db, catalog.id, [
      { namespace: "crm", name: "list_orders", description: "List orders." },
      { namespace: "crm", name: "refund_order", description: "Refund an order." },
      { namespace: "ops", name: "restart_server", description: "Restart a server." },
      { name: "ping", description: "Ping." },
    ]);
    const scope = { team: people.team.slug, catalog: catalog.slug };
    const editor = callerFor(db, people.editor);
    return { people, catalog, tools, scope, editor };
  }

  type Setup = Awaited<ReturnType<typeof catalogWithTools>>;
  type DraftRead = () => Promise<{
    content: Awaited<ReturnType<typeof loadDraftSource>>["content"];
    versionReads: number;
    read: string;
  }>;

  /**
   * Reads the draft as the playground does and checks it equals a full read; says which rows it re-read
   * ("nothing", the "changed" ones or the "whole" catalog) and how many times it read every row's version.
   */
  function draftReader({ people, catalog }: Setup, queries: string[]): DraftRead {
    return async () => {
      const fresh = await db.catalog.findUniqueOrThrow({ where: { id: catalog.id } });
      queries.length = 0;
      const { content } = await loadDraftSource({ db, team: people.team, catalog: fresh });
      expect(content).toEqual(await buildSnapshotContent({ db, team: people.team, catalog: fresh }));
      const rowReads = queries.filter((sql) => sql.includes('"searchTextOverride"'));
      // The fallback when the change log does not reach back: every row's version, without its columns.
      const versionReads = queries.filter(
        (sql) => sql.includes("xmin") && !sql.includes('"searchTextOverride"'),
      ).length;
      return {
        content,
        versionReads,
        read:
          rowReads.length === 0
            ? "nothing"
            : rowReads.some((sql) => sql.includes("jsonb_array_elements_text"))
              ? "changed"
              : "whole",
      };
    };
  }

  const revisionOf = async (id: string) => (await db.tool.findUniqueOrThrow({ where: { id } })).revision;

  /** Edits through the app's services: each is logged, so only the named rows are re-read. */
  async function editThroughServices({ tools, scope, editor }: Setup, draft: DraftRead) {
    await editor.tool.update({
      ...scope,
      id: tools[0]!.id,
      revision: await revisionOf(tools[0]!.id),
      patch: { searchTextMode: "generated+extra", searchTextExtra: "sales backlog" },
    });
    const edited = await draft();
    expect(edited.read).toBe("changed");
    expect(edited.versionReads).toBe(0); // the change log names the edited row: no other row is looked at
    expect(edited.content.tools.find((t) => t.id === "crm.list_orders")!.searchText).toContain("sales backlog");

    await editor.tool.bulkUpdate({
      ...scope,
      items: [{ id: tools[3]!.id, revision: await revisionOf(tools[3]!.id) }],
      patch: { exposure: "hidden" },
    });
    const hidden = await draft();
    expect(hidden.read).toBe("changed");
    expect(hidden.content.tools.map((t) => t.id)).toEqual([
      "crm.list_orders",
      "crm.refund_order",
      "ops.restart_server",
    ]);

    await editor.tool.create({ ...scope, tool: { name: "escalate", description: "Escalate a ticket." } });
    expect((await draft()).content.tools.map((t) => t.id)).toContain("escalate");

    await editor.tool.delete({ ...scope, id: tools[1]!.id, revision: await revisionOf(tools[1]!.id) });
    const deleted = await draft();
    expect(deleted.read).toBe("changed"); // the logged id is looked up and no longer found
    expect(deleted.content.tools.map((t) => t.id)).not.toContain("crm.refund_order");
  }

  /** A write that bumps neither revision nor updatedAt, a namespace rename, and a pruned change log. */
  async function editBehindTheServices({ catalog, tools, scope, editor }: Setup, draft: DraftRead) {
    // A write that bumps neither revision nor updatedAt is still seen: row versions are the database's own.
    await editor.tool.bulkUpdate({
      ...scope,
      items: [{ id: tools[3]!.id, revision: await revisionOf(tools[3]!.id) }],
      patch: { exposure: "deferred" },
    });
    expect((await draft()).content.tools.map((t) => t.id)).toContain("ping");
    await db.$executeRawUnsafe(
      `UPDATE "Tool" SET "description" = 'Ping a host quietly.' WHERE "id" = $1`,
      tools[3]!.id,
    );
    const quiet = await draft();
    expect(quiet.read).toBe("changed");
    expect(quiet.versionReads).toBe(0);
    expect(quiet.content.tools.find((t) => t.id === "ping")!.spec.description).toBe("Ping a host quietly.");

    const ops = await db.namespace.findFirstOrThrow({ where: { catalogId: catalog.id, name: "ops" } });
    await editor.namespace.update({
      ...scope,
      id: ops.id,
      revision: ops.revision,
      patch: { name: "infra", description: "Infrastructure." },
    });
    const renamed = await draft();
    expect(renamed.read).toBe("changed"); // the namespace's tools are re-read, with its new name
    expect(renamed.versionReads).toBe(0);
    expect(renamed.content.tools.map((t) => t.id)).toContain("infra.restart_server");

    // A log pruned past the remembered revision: row versions are compared instead.
    await db.$executeRawUnsafe(`UPDATE "Tool" SET "description" = 'Ping twice.' WHERE "id" = $1`, tools[3]!.id);
    await db.$executeRawUnsafe(`DELETE FROM "DraftChange" WHERE "catalogId" = $1`, catalog.id);
    const pruned = await draft();
    expect(pruned.versionReads).toBe(1);
    expect(pruned.read).toBe("changed");
    expect(pruned.content.tools.find((t) => t.id === "ping")!.spec.description).toBe("Ping twice.");
  }

  it("reads only the rows the change log names, whoever wrote them, and always equals a full read of the draft", async () => {
    const setup = await catalogWithTools();
    // Records the SQL of every query the draft reads run on the plain driver (where the playground reads it).
    const draft = draftReader(setup, recordPlainQueries());
    const first = await draft();
    expect(first.read).toBe("whole");
    const again = await draft();
    expect(again.read).toBe("nothing"); // no row changed: the same content, not even re-read
    expect(again.versionReads).toBe(0); // the draft revision alone says so: no row version is read either
    expect(again.content).toBe(first.content);
    await editThroughServices(setup, draft);
    await editBehindTheServices(setup, draft);
  });

  it("keeps the change log of the last 256 revisions", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const [tool] = await createTools(db, catalog.id, [{ name: "ping", description: "Ping." }]);
    for (let i = 0; i < 300; i++)
      await db.$executeRawUnsafe(`UPDATE "Tool" SET "description" = $2 WHERE "id" = $1`, tool!.id, `Ping ${i}.`);
    const [log] = await db.$queryRawUnsafe<Array<{ revisions: number; oldest: string; newest: string }>>(
      `SELECT count(DISTINCT "revision")::int AS "revisions", min("revision")::text AS "oldest",
        max("revision")::text AS "newest" FROM "DraftChange" WHERE "catalogId" = $1`,
      catalog.id,
    );
    expect(log!.revisions).toBe(256);
    expect(Number(log!.newest) - Number(log!.oldest)).toBe(255);
  });

  it("answers a keystroke on an unchanged draft in one statement (the access check reads the draft revision), and sees every edit", async () => {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const [tool] = await createTools(db, catalog.id, [
      { name: "ping", description: "Ping a host." },
      { name: "pong", description: "Answer a ping." },
    ]);
    const scope = { team: people.team.slug, catalog: catalog.slug };
    const viewer = callerFor(db, people.viewer).playground;
    const queries = recordPlainQueries();
    const search = async (text: string) => {
      queries.length = 0;
      const result = await viewer.search({ ...scope, query: text });
      return { keys: result.hits.map((hit) => hit.key), statements: queries.length };
    };
    expect((await search("ping")).keys[0]).toBe("ping");
    const unchanged = await search("answer");
    expect(unchanged.keys).toEqual(["pong"]);
    expect(unchanged.statements).toBe(1); // the access check, which carries the draft revision; nothing else
    expect(queries[0]).toContain('"DraftRevision"');

    await callerFor(db, people.editor).tool.update({
      ...scope,
      id: tool!.id,
      revision: 1,
      patch: { searchTextMode: "generated+extra", searchTextExtra: "zorblax" },
    });
    const edited = await search("zorblax");
    expect(edited.keys).toEqual(["ping"]); // a new revision: the draft reads what changed
    expect(edited.statements).toBeGreaterThan(1);
    // A write outside the app's services moves the revision as well (the triggers bump it at commit).
    await db.$executeRawUnsafe(`UPDATE "Tool" SET "description" = 'Quasar relay.' WHERE "id" = $1`, tool!.id);
    expect((await search("quasar")).keys).toEqual(["ping"]);
    expect((await search("quasar")).statements).toBe(1);
  });

  it.runIf(testDbKind() === "postgres")(
    "sees an edit made by another process on the Postgres server at the next read",
    async () => {
      const people = await createTeamWithMembers(db);
      const catalog = await createCatalog(db, people.team.id);
      const [tool] = await createTools(db, catalog.id, [{ name: "ping", description: "Ping." }]);
      const read = () => loadDraftSource({ db, team: people.team, catalog });
      expect((await read()).content.tools[0]!.spec.description).toBe("Ping.");
      const other = await openDatabase({ url: handle.url! }); // its own connections, as another server process has
      try {
        await callerFor(other.db, people.editor).tool.update({
          team: people.team.slug,
          catalog: catalog.slug,
          id: tool!.id,
          revision: 1,
          patch: { description: "Ping a host." },
        });
      } finally {
        await other.close();
      }
      expect((await read()).content.tools[0]!.spec.description).toBe("Ping a host.");
    },
  );
});
