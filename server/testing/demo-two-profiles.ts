import type { PrismaClient } from "@prisma/client";
import { DEMO_CATALOG, DEMO_EMAIL, DEMO_TEAM } from "../services/seed/seed-demo";
import { callerFor } from "./factories";

/** The demo's Pinecone tools ask for the model's name (safety/out-of-scope-parameter): publishing needs an owner's acknowledgement. */
export const DEMO_ACKNOWLEDGEMENT =
  "Parity check on the demo catalog: the vendor's llm_model parameters are kept as published.";

/**
 * For the parity tests on the seeded demo catalog: its owner, an agent token named `label`, the 50 golden queries,
 * and two published versions — v1 on the catalog's profile (stockroom), v2 after switching it to codex-bm25.
 */
export async function publishDemoInBothProfiles(db: PrismaClient, label: string) {
  const demo = await db.user.findUniqueOrThrow({
    where: { email: DEMO_EMAIL },
    select: { id: true, email: true, name: true },
  });
  const owner = callerFor(db, demo);
  const input = { team: DEMO_TEAM, catalog: DEMO_CATALOG };
  const golden = await db.evalQuery.findMany({
    where: { catalog: { slug: DEMO_CATALOG } },
    select: { query: true },
    orderBy: { createdAt: "asc" },
  });
  const { secret } = await owner.token.create({ ...input, name: label });
  const v1 = await owner.review.publish({ ...input, note: `${label} v1`, acknowledgement: DEMO_ACKNOWLEDGEMENT });
  const settings = await owner.catalog.get(input);
  await owner.catalog.update({ ...input, revision: settings.revision, patch: { engineProfile: "codex-bm25" } });
  const v2 = await owner.review.publish({
    ...input,
    note: `${label} v2 (codex-bm25)`,
    reason: `${label} parity check on codex-bm25.`,
    acknowledgement: DEMO_ACKNOWLEDGEMENT,
  });
  return { owner, input, golden: golden.map((g) => g.query), secret, v1, v2 };
}
