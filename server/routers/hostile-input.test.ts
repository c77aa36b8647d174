import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import { outcomeCode } from "../testing/outcome";

/**
 * Random and hostile input through the real procedures: every call ends in a success or a clear
 * client error, never a server error, and a refused call writes nothing.
 */
const CLIENT_ERRORS = new Set(["BAD_REQUEST", "CONFLICT", "UNPROCESSABLE_CONTENT", "PAYLOAD_TOO_LARGE", "NOT_FOUND"]);

const hostileString = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "",
    " ",
    "a".repeat(65),
    "ok_name",
    "has space",
    "dots.in.name",
    "😀tool",
    "שלום_עולם",
    "\u0000nul",
    "\u202Ertl",
  ),
);

/** JSON as it arrives over HTTP: parsed, so `__proto__` is an own key. */
const fromWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

function nested(depth: number): unknown {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 0; i < depth; i++) schema = { type: "object", properties: { child: schema } };
  return schema;
}

const hostileParameters = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constant(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","description":"polluted?"}}}')),
  fc.constant({ type: "object", properties: { x: { type: "strng" } } }),
  fc.constant({ type: "objekt" }),
  fc.constant({ type: "object", properties: { x: { $ref: "#/nowhere" } } }),
  fc.constant(nested(40)),
  fc.constant(nested(5)),
  fc.constant({ type: "object", properties: { big: { type: "string", description: "x".repeat(70_000) } } }),
  fc.record({
    type: fc.constant("object"),
    properties: fc.dictionary(
      hostileString,
      fc.record({ type: fc.constantFrom("string", "number", "boolean", "array") }),
    ),
  }),
);

const hostileTool = fc.record(
  {
    name: hostileString,
    namespace: fc.option(hostileString, { nil: null }),
    description: fc.oneof(fc.string({ maxLength: 200 }), fc.constant("y".repeat(20_000))),
    parameters: hostileParameters,
    exposure: fc.constantFrom("direct", "deferred", "hidden", "visible"),
  },
  { requiredKeys: ["name"] },
);

describe("hostile input", () => {
  const { db, handle } = useTestDatabase();
  let caller: ReturnType<typeof callerFor>;
  let scope: { team: string; catalog: string };
  let catalogId: string;

  beforeAll(async () => {
    const t = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, t.team.id);
    await createTools(db, catalog.id, [{ name: "list_orders", namespace: "crm", description: "List open orders." }]);
    caller = callerFor(db, t.editor);
    scope = { team: t.team.slug, catalog: catalog.slug };
    catalogId = catalog.id;
  });

  it("tool.create: a valid tool or a clear 4xx, never a 500, nothing written on refusal", async () => {
    await fc.assert(
      fc.asyncProperty(hostileTool, async (tool) => {
        const before = await db.tool.count({ where: { catalogId } });
        const code = await outcomeCode(caller.tool.create({ ...scope, tool: fromWire(tool) as never }));
        const after = await db.tool.count({ where: { catalogId } });
        expect(code === "OK" || CLIENT_ERRORS.has(code), `got ${code}`).toBe(true);
        expect(after).toBe(code === "OK" ? before + 1 : before);
      }),
      { numRuns: 60, seed: 20261129 },
    );
    // prototype pollution through parameter names did not reach Object.prototype
    expect(({} as Record<string, unknown>).description).toBeUndefined();
  });

  it("golden.import: random and broken JSONL is reported, never half-imported", async () => {
    const line = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constant('{"query": 5, "gold": []}'),
      fc.constant('{"query": "list my open orders", "gold": ["crm.list_orders"]}'),
      fc.constant('{"query": "refund it", "gold": ["no.such_tool"]}'),
      fc.constant('{"query": "' + "q".repeat(5000) + '", "gold": []}'),
      fc.constant('{"__proto__": {"polluted": true}, "query": "x", "gold": []}'),
      fc.constant("\u0000\u0001\u0002"),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 8 }), async (lines) => {
        const before = await db.evalQuery.count({ where: { catalogId } });
        const code = await outcomeCode(caller.golden.import({ ...scope, content: lines.join("\n") }));
        const after = await db.evalQuery.count({ where: { catalogId } });
        expect(code === "OK" || CLIENT_ERRORS.has(code), `got ${code}`).toBe(true);
        if (code !== "OK") expect(after).toBe(before);
      }),
      { numRuns: 40, seed: 7 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("golden.create: hostile queries are validated", async () => {
    for (const query of ["", "   ", "q".repeat(100_000), "\u0000", "🔥 emoji request", "בקשה בעברית"]) {
      const code = await outcomeCode(caller.golden.create({ ...scope, query, expected: ["crm.list_orders"] }));
      expect(code === "OK" || CLIENT_ERRORS.has(code), `${JSON.stringify(query.slice(0, 20))}: ${code}`).toBe(true);
    }
  });
});
