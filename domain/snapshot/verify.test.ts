import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  legacyCanonicalJson,
  computeContentHash,
  isSameContent,
  sealSnapshot,
  sealSnapshotJson,
  SNAPSHOT_FORMAT,
  SnapshotIntegrityError,
  verifySnapshot,
  type SnapshotContent,
} from "./verify";

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
      spec: {
        type: "function",
        name: "list_open_orders",
        description: "List open orders by customer ID.",
        parameters: { type: "object", properties: {} },
        strict: true,
      },
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
    const reordered = JSON.parse(
      JSON.stringify({
        tools: a.tools,
        version: 3,
        namespaces: a.namespaces,
        engine: a.engine,
        catalog: a.catalog,
        format: a.format,
        publishedAt: a.publishedAt,
      }),
    );
    expect(await computeContentHash(reordered)).toBe(a.contentHash);
    expect(a.contentHash).toMatch(/^sha256-[0-9a-f]{64}$/);
  });

  it("hashes the same with node:crypto (pieces one by one) and with Web Crypto (a browser: the pieces joined)", async () => {
    const sealed = await sealSnapshot(content, 4, "2026-11-29T12:00:00.000Z");
    const { contentHash: _hash, ...unsealed } = sealed;
    const expected = `sha256-${createHash("sha256").update(canonicalJson(unsealed)).digest("hex")}`;
    expect(sealed.contentHash).toBe(expected);
    const runtime = globalThis.process as { getBuiltinModule?: unknown };
    const getBuiltinModule = runtime.getBuiltinModule;
    expect(getBuiltinModule).toBeTypeOf("function"); // else the first half took the Web Crypto path too
    runtime.getBuiltinModule = undefined;
    try {
      expect(await computeContentHash(sealed)).toBe(expected);
      await expect(verifySnapshot(JSON.parse(JSON.stringify(sealed)))).resolves.toEqual(sealed);
    } finally {
      runtime.getBuiltinModule = getBuiltinModule;
    }
  });

  it("seals to JSON text in author order (schemas as written), hashed over the canonical form", async () => {
    const authored = structuredClone(content);
    authored.tools[0]!.spec.parameters = {
      type: "object",
      properties: { title: { type: "string" }, owner: {}, body: {} },
      required: ["title"],
    };
    const { snapshot, json } = await sealSnapshotJson(authored, 3, "2026-11-29T12:00:00.000Z");
    expect(snapshot).toEqual(await sealSnapshot(authored, 3, "2026-11-29T12:00:00.000Z"));
    expect(json).toBe(JSON.stringify(snapshot));
    expect(json).toContain(
      '"parameters":{"type":"object","properties":{"title":{"type":"string"},"owner":{},"body":{}},"required":["title"]}',
    );
    const verified = await verifySnapshot(JSON.parse(json));
    expect(JSON.stringify(verified)).toBe(json);
    expect(snapshot.contentHash).toBe(
      `sha256-${createHash("sha256")
        .update(canonicalJson({ ...snapshot, contentHash: undefined }))
        .digest("hex")}`,
    );
  });

  it("verifies v1 snapshots with the form they were hashed with (integer-like keys first)", async () => {
    const old = structuredClone(content);
    old.format = "stockroom.snapshot/v1";
    old.tools[0]!.spec.parameters = { type: "object", properties: { "10": {}, "9": {} } };
    const sealed = await sealSnapshot(old, 1, "2026-11-29T12:00:00.000Z");
    expect(sealed.contentHash).toBe(
      `sha256-${createHash("sha256")
        .update(legacyCanonicalJson({ ...sealed, contentHash: undefined }))
        .digest("hex")}`,
    );
    await expect(verifySnapshot(JSON.parse(JSON.stringify(sealed)))).resolves.toEqual(sealed);
    await expect(verifySnapshot({ ...sealed, format: SNAPSHOT_FORMAT })).rejects.toBeInstanceOf(SnapshotIntegrityError);
  });

  it("verifies an intact snapshot and refuses a tampered one", async () => {
    const sealed = await sealSnapshot(content, 1, new Date("2026-11-29T12:00:00Z"));
    await expect(verifySnapshot(JSON.parse(JSON.stringify(sealed)))).resolves.toEqual(sealed);
    const tampered = structuredClone(sealed);
    tampered.tools[0]!.spec.description = "Delete every order.";
    await expect(verifySnapshot(tampered)).rejects.toBeInstanceOf(SnapshotIntegrityError);
    await expect(verifySnapshot({ format: "other" })).rejects.toThrow(
      /Not a stockroom.snapshot\/v1 or stockroom.snapshot\/v2/,
    );
  });

  it("compares content regardless of version and date", async () => {
    const v1 = await sealSnapshot(content, 1, "2026-01-01T00:00:00Z");
    const v2 = await sealSnapshot(content, 2, "2026-02-01T00:00:00Z");
    expect(v1.contentHash).not.toBe(v2.contentHash);
    expect(isSameContent(v1, v2)).toBe(true);
    expect(isSameContent(v1, { ...content, namespaces: [] })).toBe(false);
  });
});
