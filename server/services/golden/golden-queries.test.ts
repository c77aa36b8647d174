import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";

const { db } = useTestDatabase();

async function setUp() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  await createTools(db, catalog.id, [
    { namespace: "crm", name: "list_open_orders", description: "List open orders by customer ID." },
    { namespace: "crm", name: "refund_order", description: "Refund an order." },
    { namespace: "ops", name: "restart_server", description: "Restart a server.", exposure: "direct" },
    { namespace: "ops", name: "wipe_disk", description: "Wipe a disk.", exposure: "hidden" },
  ]);
  const at = { team: people.team.slug, catalog: catalog.slug };
  return { ...people, catalog, at, editor: callerFor(db, people.editor), viewer: callerFor(db, people.viewer) };
}

async function failure(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe("golden queries: create, list, update, delete", () => {
  it("an editor adds a query with tools picked from the catalog; viewers read it, strangers see nothing", async () => {
    const { at, editor, viewer, stranger } = await setUp();
    const created = await editor.golden.create({
      ...at,
      query: "  show   open orders ",
      expected: ["crm.list_open_orders", " crm.list_open_orders"],
      note: "orders",
    });
    expect(created).toMatchObject({
      query: "show open orders",
      expected: ["crm.list_open_orders"],
      note: "orders",
      revision: 1,
    });
    const listed = await viewer.golden.list(at);
    expect(listed.total).toBe(1);
    expect(listed.queries[0]).toMatchObject({ id: created.id, issues: [] });
    expect((await failure(viewer.golden.create({ ...at, query: "refund", expected: [] }))).code).toBe("FORBIDDEN");
    expect((await failure(callerFor(db, stranger).golden.list(at))).code).toBe("NOT_FOUND");
  });

  it("the filter matches a substring of the query, of any expected tool id or of the note, in any case", async () => {
    const { at, editor } = await setUp();
    await editor.golden.create({
      ...at,
      query: "show open orders",
      expected: ["crm.list_open_orders"],
      note: "Sales desk",
    });
    await editor.golden.create({ ...at, query: "give the money back", expected: ["crm.refund_order"], note: "" });
    const queriesFor = async (search: string) =>
      (await editor.golden.list({ ...at, search })).queries.map((q) => q.query);
    expect(await queriesFor("OPEN ord")).toEqual(["show open orders"]);
    expect(await queriesFor("refund")).toEqual(["give the money back"]);
    expect(await queriesFor("crm.")).toEqual(["show open orders", "give the money back"]);
    expect(await queriesFor("sales")).toEqual(["show open orders"]);
    expect(await queriesFor("100%_")).toEqual([]);
    expect((await editor.golden.list({ ...at, search: "refund" })).total).toBe(2);
  });

  it("reports every unknown tool id and writes nothing", async () => {
    const { at, editor } = await setUp();
    const error = await failure(
      editor.golden.create({ ...at, query: "refund it", expected: ["crm.refund_order", "crm.nope", "billing.refund"] }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("crm.nope, billing.refund");
    expect(error.message).not.toContain("crm.refund_order,");
    expect((await editor.golden.list(at)).total).toBe(0);
  });

  it("refuses an empty query and a query that already exists in another case or spacing", async () => {
    const { at, editor } = await setUp();
    expect((await failure(editor.golden.create({ ...at, query: "   ", expected: [] }))).message).toMatch(
      /query is empty/,
    );
    await editor.golden.create({ ...at, query: "Refund an order", expected: ["crm.refund_order"] });
    const twin = await failure(editor.golden.create({ ...at, query: "refund  AN order", expected: [] }));
    expect(twin.code).toBe("CONFLICT");
    expect(twin.message).toBe(
      'This catalog already has the golden query "Refund an order" (the same words, ignoring case and spacing), ' +
        "expecting crm.refund_order. Change that one on the Golden queries page, or word this one differently.",
    );
  });

  it("updates with the revision it was based on; a stale revision is a CONFLICT that changes nothing", async () => {
    const { at, editor, owner } = await setUp();
    const created = await editor.golden.create({
      ...at,
      query: "restart the server",
      expected: ["ops.restart_server"],
    });
    const first = await editor.golden.update({
      ...at,
      id: created.id,
      revision: 1,
      expected: ["ops.restart_server", "crm.refund_order"],
      note: "two",
    });
    expect(first).toMatchObject({
      revision: 2,
      expected: ["ops.restart_server", "crm.refund_order"],
      note: "two",
      query: "restart the server",
    });
    const stale = await failure(
      callerFor(db, owner).golden.update({ ...at, id: created.id, revision: 1, note: "lost update" }),
    );
    expect(stale.code).toBe("CONFLICT");
    expect(stale.message).toMatch(/revision 2, yours 1/);
    expect((await editor.golden.list(at)).queries[0]).toMatchObject({ note: "two", revision: 2 });
    expect(
      (await failure(editor.golden.update({ ...at, id: created.id, revision: 2, expected: ["x.y"] }))).message,
    ).toContain("x.y");
    expect((await failure(editor.golden.update({ ...at, id: "missing", revision: 1, note: "" }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("flags expected tools that tool_search cannot return: direct, hidden, deleted", async () => {
    const { at, editor, catalog } = await setUp();
    await editor.golden.create({
      ...at,
      query: "maintenance",
      expected: ["ops.restart_server", "ops.wipe_disk", "crm.refund_order"],
    });
    await db.tool.delete({ where: { catalogId_key: { catalogId: catalog.id, key: "crm.refund_order" } } });
    const [row] = (await editor.golden.list(at)).queries;
    expect(row!.expected).toEqual(["ops.restart_server", "ops.wipe_disk", "crm.refund_order"]);
    expect(row!.issues).toEqual([
      { id: "ops.restart_server", status: "direct" },
      { id: "ops.wipe_disk", status: "hidden" },
      { id: "crm.refund_order", status: "missing" },
    ]);
  });

  it("deletes (refusing a stale revision) and records an audit event for every change", async () => {
    const { at, editor, catalog } = await setUp();
    const created = await editor.golden.create({ ...at, query: "open orders", expected: ["crm.list_open_orders"] });
    await editor.golden.update({ ...at, id: created.id, revision: 1, note: "n" });
    expect((await failure(editor.golden.delete({ ...at, id: created.id, revision: 1 }))).code).toBe("CONFLICT");
    await editor.golden.delete({ ...at, id: created.id, revision: 2 });
    expect((await editor.golden.list(at)).total).toBe(0);
    expect((await failure(editor.golden.delete({ ...at, id: created.id }))).code).toBe("NOT_FOUND");
    const events = await db.auditEvent.findMany({ where: { catalogId: catalog.id }, orderBy: { at: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["golden.created", "golden.updated", "golden.deleted"]);
    expect(events[2]!.before).toMatchObject({ query: "open orders", note: "n" });
  });
});

describe("golden queries: import and export JSONL", () => {
  const FILE = [
    '{"query": "list open orders", "gold": ["crm.list_open_orders"]}',
    "",
    '{"query": "refund order 42", "gold": ["crm.refund_order", "crm.ghost"], "note": "refunds"}',
    '{"query": "set the thermostat", "gold": []}',
  ].join("\n");

  it("refuses a file with bad lines, naming each line, and writes nothing", async () => {
    const { at, editor } = await setUp();
    const bad =
      '{"query": "a", "gold": ["crm.refund_order"]}\nnot json\n{"query": "", "gold": []}\n{"query": "b"}\n{"query": "A", "gold": []}';
    const error = await failure(editor.golden.import({ ...at, content: bad }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("4 bad lines");
    expect(error.message).toContain("line 2: not valid JSON");
    expect(error.message).toContain('line 3: "query" is empty');
    expect(error.message).toContain('line 4: "gold" must be an array');
    expect(error.message).toContain("line 5: repeats the query of line 1");
    expect((await editor.golden.list(at)).total).toBe(0);
    expect((await failure(editor.golden.import({ ...at, content: "\n\n" }))).message).toMatch(/no queries/);
  });

  it("reports unknown ids: a dry run lists them, reject refuses, keep stores them, drop leaves them out", async () => {
    const { at, editor } = await setUp();
    const preview = await editor.golden.import({ ...at, content: FILE, dryRun: true });
    expect(preview).toMatchObject({
      dryRun: true,
      created: 3,
      updated: 0,
      unknown: [{ line: 3, query: "refund order 42", ids: ["crm.ghost"] }],
    });
    expect((await editor.golden.list(at)).total).toBe(0);

    const refused = await failure(editor.golden.import({ ...at, content: FILE }));
    expect(refused.code).toBe("UNPROCESSABLE_CONTENT");
    expect(refused.message).toContain("line 3: crm.ghost");
    expect((await editor.golden.list(at)).total).toBe(0);

    // A query whose only expected tool is unknown is left out: stored with no ids it would mean "no tool should match".
    const ghostOnly = `${FILE}\n{"query": "summon a ghost", "gold": ["crm.ghost"]}`;
    const dropped = await editor.golden.import({ ...at, content: ghostOnly, unknownIds: "drop" });
    expect(dropped).toMatchObject({
      created: 3,
      leftOut: 1,
      unknown: [
        { line: 3, ids: ["crm.ghost"] },
        { line: 5, ids: ["crm.ghost"] },
      ],
      unknownIds: "drop",
    });
    const rows = (await editor.golden.list(at)).queries;
    expect(rows.map((r) => [r.query, r.expected, r.note])).toEqual([
      ["list open orders", ["crm.list_open_orders"], ""],
      ["refund order 42", ["crm.refund_order"], "refunds"],
      ["set the thermostat", [], ""],
    ]);

    const kept = await editor.golden.import({ ...at, content: FILE, unknownIds: "keep" });
    expect(kept).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const refund = (await editor.golden.list(at)).queries.find((r) => r.query === "refund order 42")!;
    expect(refund).toMatchObject({
      expected: ["crm.refund_order", "crm.ghost"],
      revision: 2,
      issues: [{ id: "crm.ghost", status: "missing" }],
    });
  });

  it("re-importing updates existing queries instead of duplicating them, and export round-trips", async () => {
    const { at, editor, team } = await setUp();
    await editor.golden.create({ ...at, query: "List open orders", expected: [], note: "from the playground" });
    const result = await editor.golden.import({ ...at, content: FILE, unknownIds: "keep" });
    expect(result).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    const exported = await editor.golden.export(at);
    expect(exported.count).toBe(3);
    expect(exported.filename).toBe(`${at.catalog}-golden.jsonl`);
    expect(exported.content.split("\n")[0]).toBe(
      '{"query":"list open orders","gold":["crm.list_open_orders"],"note":"from the playground"}',
    );

    const other = await createCatalog(db, team.id);
    await createTools(db, other.id, [
      { namespace: "crm", name: "list_open_orders" },
      { namespace: "crm", name: "refund_order" },
    ]);
    const otherAt = { team: at.team, catalog: other.slug };
    await editor.golden.import({ ...otherAt, content: exported.content, unknownIds: "keep" });
    expect((await editor.golden.export(otherAt)).content).toBe(exported.content);
    expect(await editor.golden.import({ ...otherAt, content: exported.content, unknownIds: "keep" })).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
  });

  it("viewers export but cannot import", async () => {
    const { at, viewer } = await setUp();
    expect((await viewer.golden.export(at)).content).toBe("");
    expect((await failure(viewer.golden.import({ ...at, content: FILE }))).code).toBe("FORBIDDEN");
  });
});
