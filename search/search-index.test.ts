import { describe, expect, it } from "vitest";
import {
  createSearchIndex,
  DEFAULT_LIMIT,
  ENGINE_PROFILES,
  mergeHitsByNamespace,
  SearchQueryError,
  type IndexDoc,
} from "./index";

const DOCS: IndexDoc[] = [
  {
    id: "crm.list_open_orders",
    name: "list_open_orders",
    namespace: "crm",
    text: "list_open_orders list open orders crm List open orders by customer ID.",
  },
  {
    id: "crm.get_customer",
    name: "get_customer",
    namespace: "crm",
    text: "get_customer get customer crm Get a customer profile by ID.",
  },
  {
    id: "mail.send_email",
    name: "send_email",
    namespace: "mail",
    text: "send_email send email mail Send an email message to a recipient.",
  },
  {
    id: "cal.create_event",
    name: "create_event",
    namespace: "cal",
    text: "create_event create event cal Create a calendar event or meeting.",
  },
  { id: "b.same", text: "identical words here" },
  { id: "a.same", text: "identical words here" },
];

function errorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof SearchQueryError) return error.code;
    throw error;
  }
  return undefined;
}

describe.each(ENGINE_PROFILES)("tool_search semantics (%s)", (profile) => {
  const index = createSearchIndex(DOCS, { profile });

  it("trims the query and refuses an empty one with a typed error", () => {
    expect(index.search("  open orders  ")).toEqual(index.search("open orders"));
    expect(errorCode(() => index.search("   "))).toBe("EMPTY_QUERY");
    expect(errorCode(() => index.search(""))).toBe("EMPTY_QUERY");
    expect(errorCode(() => index.explain(" ", "crm.get_customer"))).toBe("EMPTY_QUERY");
  });

  it("refuses limit 0 (and other non-positive or fractional limits)", () => {
    expect(errorCode(() => index.search("orders", 0))).toBe("INVALID_LIMIT");
    expect(errorCode(() => index.search("orders", -1))).toBe("INVALID_LIMIT");
    expect(errorCode(() => index.search("orders", 1.5))).toBe("INVALID_LIMIT");
  });

  it("never returns documents that score 0", () => {
    const hits = index.search("customer");
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.score > 0)).toBe(true);
    expect(hits.map((h) => h.id)).not.toContain("mail.send_email");
    expect(index.search("zzzunknownword")).toEqual([]);
  });

  it("breaks equal scores by id and numbers ranks from 1", () => {
    const hits = index.search("identical words");
    expect(hits.map((h) => h.id).slice(0, 2)).toEqual(["a.same", "b.same"]);
    expect(hits[0]!.score).toBe(hits[1]!.score);
    expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
  });

  it("explains a hit per query term, with matched terms for highlighting", () => {
    const [top] = index.search("send an email");
    const explanation = index.explain("send an email", top!.id)!;
    expect(explanation.score).toBe(top!.score);
    expect(explanation.rank).toBe(1);
    expect(explanation.matchedTerms).toEqual(expect.arrayContaining(["send", "email"]));
    for (const term of explanation.terms) {
      expect(term).toMatchObject({ idf: expect.any(Number), tf: expect.any(Number), docLength: expect.any(Number) });
      expect(term.lengthNorm).toBeGreaterThan(0);
      if (!term.matched) expect(term.contribution).toBe(0);
    }
    const missing = index.explain("send an email", "crm.get_customer")!;
    expect(missing.rank).toBeNull();
    expect(missing.score).toBe(0);
    expect(missing.missingTerms.length).toBeGreaterThan(0);
    expect(index.explain("send", "nope")).toBeNull();
  });

  it("is deterministic: the same inputs give the same floats", () => {
    const again = createSearchIndex([...DOCS], { profile });
    expect(again.search("create a calendar meeting")).toEqual(index.search("create a calendar meeting"));
  });

  it("exposes the analyzer and the size", () => {
    expect(index.size).toBe(DOCS.length);
    expect(index.analyze("Sending Emails")).toEqual(expect.arrayContaining(["send"]));
  });
});

describe("default limit and settings", () => {
  const many: IndexDoc[] = Array.from({ length: 20 }, (_, i) => ({
    id: `t${String(i).padStart(2, "0")}`,
    text: `widget number ${i}`,
  }));

  it("returns 8 hits by default, or the catalog's defaultLimit", () => {
    expect(DEFAULT_LIMIT).toBe(8);
    expect(createSearchIndex(many, { profile: "codex-bm25" }).search("widget")).toHaveLength(8);
    expect(createSearchIndex(many, { profile: "codex-bm25", defaultLimit: 3 }).search("widget")).toHaveLength(3);
    expect(createSearchIndex(many, { profile: "codex-bm25" }).search("widget", 20)).toHaveLength(20);
  });

  it("defaults to the stockroom profile and validates settings", () => {
    expect(createSearchIndex(many).settings).toMatchObject({ profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 });
    expect(() => createSearchIndex(many, { profile: "bogus" as never })).toThrow(RangeError);
    expect(() => createSearchIndex(many, { b: 2 })).toThrow(RangeError);
  });

  it("lets a repeated id replace the earlier document", () => {
    const index = createSearchIndex(
      [
        { id: "x", text: "apples" },
        { id: "x", text: "pears" },
      ],
      { profile: "codex-bm25" },
    );
    expect(index.size).toBe(1);
    expect(index.search("apples")).toEqual([]);
    expect(index.search("pears").map((h) => h.id)).toEqual(["x"]);
  });
});

describe("codex-bm25 explain", () => {
  it("sums the f32 contributions to the score", () => {
    const index = createSearchIndex(DOCS, { profile: "codex-bm25" });
    const [hit] = index.search("list open orders customer");
    const explanation = index.explain("list open orders customer", hit!.id)!;
    const sum = explanation.terms.reduce((acc, t) => Math.fround(acc + t.contribution), 0);
    expect(sum).toBe(hit!.score);
  });
});

describe("stockroom relevance", () => {
  const index = createSearchIndex(DOCS, { profile: "stockroom" });

  it("splits identifiers and ranks the named tool first", () => {
    expect(index.analyze("listOpenOrders")).toEqual(expect.arrayContaining(["list", "open", "order"]));
    expect(index.search("list_open_orders")[0]!.id).toBe("crm.list_open_orders");
  });

  it("finds English tools from Chinese requests through the glossary", () => {
    expect(index.search("发送邮件")[0]!.id).toBe("mail.send_email");
    expect(index.search("安排一个会议")[0]!.id).toBe("cal.create_event");
  });

  it("returns nothing when the request matches no tool", () => {
    expect(index.search("set the thermostat to 21 degrees")).toEqual([]);
  });

  it("still answers a one-word request that many tools share", () => {
    expect(index.search("customer").map((h) => h.id)).toEqual(["crm.get_customer", "crm.list_open_orders"]);
  });

  it("reads typed values: an e-mail address asks for e-mail tools", () => {
    expect(index.search("finance@acme.com")[0]!.id).toBe("mail.send_email");
  });
});

describe("mergeHitsByNamespace", () => {
  it("groups by namespace in order of first appearance", () => {
    const items = [
      { id: "a.x", namespace: "a" },
      { id: "b.y", namespace: "b" },
      { id: "z", namespace: null },
      { id: "a.w", namespace: "a" },
      { id: "q" },
    ];
    expect(mergeHitsByNamespace(items)).toEqual([
      { namespace: "a", items: [items[0], items[3]] },
      { namespace: "b", items: [items[1]] },
      { namespace: null, items: [items[2], items[4]] },
    ]);
  });
});
