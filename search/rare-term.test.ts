import { describe, expect, it } from "vitest";
import { createSearchIndex, ENGINE_PROFILES } from "./index";
import { readCorpusDocs } from "./testing/corpus";

/**
 * A curator who adds a distinctive keyword to one tool's search text must be able to find that tool
 * with it: a term that occurs in exactly one document is the strongest evidence BM25 has, and no
 * relevance floor or no-match rule may hide it.
 */
const docs = [
  {
    id: "weather.get_forecast",
    name: "get_forecast",
    namespace: "weather",
    text: "get_forecast get forecast weather Get the weather forecast for a city. city: City name. climate",
  },
  {
    id: "weather.get_alerts",
    name: "get_alerts",
    namespace: "weather",
    text: "get_alerts get alerts weather Get active weather alerts for a region. region: Region code",
  },
  {
    id: "crm.list_orders",
    name: "list_orders",
    namespace: "crm",
    text: "list_orders list orders crm List open orders by customer ID. customer_id: Customer ID",
  },
  {
    id: "crm.refund_order",
    name: "refund_order",
    namespace: "crm",
    text: "refund_order refund order crm Refund an order. order_id: Order ID",
  },
  {
    id: "mail.send_email",
    name: "send_email",
    namespace: "mail",
    text: "send_email send email mail Send an email message. to: Recipient address",
  },
];

describe.each(ENGINE_PROFILES)("a keyword unique to one tool (%s)", (profile) => {
  const index = createSearchIndex(docs, { profile });

  it("finds that tool first when searched alone", () => {
    expect(index.search("climate")[0]?.id).toBe("weather.get_forecast");
  });

  it("finds it first inside a longer request", () => {
    expect(index.search("what is the climate like in Lisbon")[0]?.id).toBe("weather.get_forecast");
  });

  it("finds a tool by a word only its name carries", () => {
    expect(index.search("refund")[0]?.id).toBe("crm.refund_order");
  });
});

describe("a one-word request that tool names carry (stockroom)", () => {
  const index = createSearchIndex(readCorpusDocs("corpus/tools.jsonl"), { profile: "stockroom" });

  it("shows the tools so named, although many tools share the word", () => {
    const hits = index.search("email").map((hit) => hit.id);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatch(/email/);
  });
});

// Indexes that drop weak hits: what a catalog that opted in returns (by default the weak hits are returned, marked weak).
describe("a request whose catalog words a tool name carries, among words no tool has (stockroom, weak hits dropped)", () => {
  const index = createSearchIndex(readCorpusDocs("corpus/tools.jsonl"), { profile: "stockroom", dropWeakHits: true });

  it("shows that tool: the other words are the request's content", () => {
    // find → search (synonym) and email are both in gmail.search_emails' name; landlord and lease are in no tool.
    expect(index.search("find the emails from my landlord about the lease")[0]?.id).toBe("gmail.search_emails");
  });

  it("has no strong hit when only one catalog word is named", () => {
    expect(index.search("order a large pepperoni pizza for delivery")).toEqual([]);
  });

  it("needs a name term for each word: two words whose synonyms meet in one name term are not enough", () => {
    // 订 → schedule/book/create and 纽约 → new york: both reach "create" (create-events), which names neither a flight nor New York.
    expect(index.search("帮我订一张去纽约的机票")).toEqual([]);
  });
});

describe("a request whose words the best tool only mentions in passing (stockroom, weak hits dropped)", () => {
  const index = createSearchIndex(readCorpusDocs("corpus/tools.jsonl"), { profile: "stockroom", dropWeakHits: true });

  it("has no strong hit when the best tool's opening has none of them and its score is low", () => {
    // stripe.create_coupon mentions "percent" in a parameter; nothing in the catalog dims lights.
    expect(index.search("dim the kitchen lights to 30 percent")).toEqual([]);
  });

  it("still finds a keyword a curator appended to the longest tool's search text, searched alone", () => {
    const docs = readCorpusDocs("corpus/tools.jsonl");
    const longest = docs.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    const curated = docs.map((doc) => (doc === longest ? { ...doc, text: `${doc.text} zorblax` } : doc));
    expect(
      createSearchIndex(curated, { profile: "stockroom", dropWeakHits: true })
        .search("zorblax")
        .map((hit) => hit.id),
    ).toEqual([longest.id]);
  });
});
