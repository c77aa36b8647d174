import { beforeAll, describe, expect, it } from "vitest";
import { connect } from "@/sdk/index";
import { seedDemo } from "@/server/services/seed/seed-demo";
import { DEMO_ACKNOWLEDGEMENT, publishDemoInBothProfiles } from "@/server/testing/demo-two-profiles";
import { useAgentApiServer } from "@/server/testing/use-agent-api-server";

// Point 5 of the agent-delivery issue: what an agent ranks from the HTTP snapshot is what the playground showed.
describe("SDK ranking from the HTTP snapshot = playground ranking of that version (demo corpus, every golden query)", () => {
  const api = useAgentApiServer({ agentRequestsPerMinute: 100_000, closeConnections: true });
  const { db, handle } = api;
  beforeAll(async () => {
    await seedDemo({ db, password: "parity-test-password" });
  }, 180_000);

  it("is identical in ids, order, scores and strength for both engine profiles, with weak hits dropped and with another vocabulary", {
    timeout: 300_000,
  }, async () => {
    const { owner, input, golden, secret, v1, v2 } = await publishDemoInBothProfiles(db, "parity");
    expect(golden).toHaveLength(50);
    const codex = await owner.catalog.get(input);
    await owner.catalog.update({
      ...input,
      revision: codex.revision,
      patch: { engineProfile: "stockroom", dropWeakHits: true },
    });
    const v3 = await owner.review.publish({
      ...input,
      note: "parity v3 (weak hits dropped)",
      reason: "Parity check: fewer hits on purpose.",
      acknowledgement: DEMO_ACKNOWLEDGEMENT,
    });
    const dropping = await owner.catalog.get(input);
    const lines = "refund money back > create_refund\n开票 > create invoice\nticket > issue";
    await owner.catalog.update({
      ...input,
      revision: dropping.revision,
      patch: { dropWeakHits: false, vocabularyPacks: ["general"], vocabularyLines: lines },
    });
    const v4 = await owner.review.publish({
      ...input,
      note: "parity v4 (general pack + catalog lines)",
      reason: "Parity check: another vocabulary.",
      acknowledgement: DEMO_ACKNOWLEDGEMENT,
    });

    for (const published of [v1, v2, v3, v4]) {
      const agent = await connect({ url: api.baseUrl(), token: secret, ...input, version: published.version });
      expect(agent.contentHash).toBe(published.contentHash);
      let compared = 0;
      const queries =
        published.version === v4.version
          ? [...golden, "开票给客户", "money back for an order", "open a ticket"]
          : golden;
      for (const query of queries) {
        for (const limit of [undefined, 20]) {
          if (published.version === v4.version && limit === 20) continue;
          const playground = await owner.playground.search({ ...input, query, version: published.version, limit });
          const sdk = agent.search(query, limit);
          expect(
            sdk.map(({ id, score, rank, strength, evidence }) => ({ id, score, rank, strength, evidence })),
            `${query} (v${published.version})`,
          ).toEqual(
            playground.hits.map(({ key, score, rank, strength, evidence }) => ({
              id: key,
              score,
              rank,
              strength,
              evidence,
            })),
          );
          if (published.version === v3.version) expect(sdk.every((hit) => hit.strength === "strong")).toBe(true);
          compared += sdk.length;
        }
      }
      expect(agent.snapshot.engine.profile).toBe(published.version === v2.version ? "codex-bm25" : "stockroom");
      expect(agent.snapshot.engine.dropWeakHits).toBe(published.version === v3.version ? true : undefined);
      expect(agent.snapshot.engine.vocabulary).toEqual(
        published.version === v4.version ? { packs: [{ id: "general", version: 1 }], lines } : undefined,
      );
      expect(compared).toBeGreaterThan(published.version === v3.version ? golden.length : golden.length * 8);
    }
  });
});
