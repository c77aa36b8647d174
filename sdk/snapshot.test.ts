import { describe, expect, it } from "vitest";
import { canonicalJson, computeContentHash, isSameContent, sealSnapshot, sealSnapshotJson, SNAPSHOT_FORMAT, SnapshotIntegrityError, verifySnapshot, type SnapshotContent } from "./snapshot";

const content: SnapshotContent = {
  format: SNAPSHOT_FORMAT,
  catalog: { team: "acme", slug: "support", name: "Support agent" },
  engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 },
  namespaces: [{ name: "crm", description: "Customer profile and order tools." }],
  tools: [
    {
      id: "crm.list_open_orders",
      namespace: "crm",
      name: "list_open_orders",
      exposure: "deferred",
      fallback: "direct",
      searchText: "list_open_orders list open orders crm",
      spec: { type: "function", name: "list_open_orders", description: "List open orders by customer ID.", parameters: { type: "object", properties: {} }, strict: true },
    },
  ],
};

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });
});

describe("snapshot hashing", () => {
  it("is stable and independent of key order", async () => {
    const a = await sealSnapshot(content, 3, "2026-11-29T12:00:00.000Z");
    const reordered = JSON.parse(JSON.stringify({ tools: a.tools, version: 3, namespaces: a.namespaces, engine: a.engine, catalog: a.catalog, format: a.format, publishedAt: a.publishedAt }));
    expect(await computeContentHash(reordered)).toBe(a.contentHash);
    expect(a.contentHash).toMatch(/^sha256-[0-9a-f]{64}$/);
  });

  it("seals to JSON text that is the sealed snapshot, hashed from that same canonical text", async () => {
    const { snapshot, json } = await sealSnapshotJson(content, 3, "2026-11-29T12:00:00.000Z");
    expect(snapshot).toEqual(await sealSnapshot(content, 3, "2026-11-29T12:00:00.000Z"));
    expect(JSON.parse(json)).toEqual(snapshot);
    expect(canonicalJson(JSON.parse(json))).toBe(canonicalJson(snapshot));
    expect(json.startsWith(`{"contentHash":"${snapshot.contentHash}","catalog":`)).toBe(true);
    await expect(verifySnapshot(JSON.parse(json))).resolves.toEqual(snapshot);
  });

  it("verifies an intact snapshot and refuses a tampered one", async () => {
    const sealed = await sealSnapshot(content, 1, new Date("2026-11-29T12:00:00Z"));
    await expect(verifySnapshot(JSON.parse(JSON.stringify(sealed)))).resolves.toEqual(sealed);
    const tampered = structuredClone(sealed);
    tampered.tools[0]!.spec.description = "Delete every order.";
    await expect(verifySnapshot(tampered)).rejects.toBeInstanceOf(SnapshotIntegrityError);
    await expect(verifySnapshot({ format: "other" })).rejects.toThrow(/Not a stockroom.snapshot\/v1/);
  });

  it("compares content regardless of version and date", async () => {
    const v1 = await sealSnapshot(content, 1, "2026-01-01T00:00:00Z");
    const v2 = await sealSnapshot(content, 2, "2026-02-01T00:00:00Z");
    expect(v1.contentHash).not.toBe(v2.contentHash);
    expect(isSameContent(v1, v2)).toBe(true);
    expect(isSameContent(v1, { ...content, namespaces: [] })).toBe(false);
  });
});
