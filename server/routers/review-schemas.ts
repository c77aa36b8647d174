import { z } from "zod";
import { checkCategorySchema, checkSeveritySchema, QUALITY_COMPONENTS } from "@/domain/catalog-check/index";
import { publishedExposureSchema } from "@/domain/vocabulary";
import { REVIEW_FIELDS } from "../services/review/diff-tools";
import { snapshotMetricsSchema } from "../services/review/golden-metrics";

export { snapshotMetricsSchema };

export const NOTE = z.string().max(2_000, "Keep the note under 2,000 characters.");
export const REASON = z.string().max(2_000, "Keep the reason under 2,000 characters.");
export const VERSION = z.number().int().min(1, "Versions start at 1.").max(1_000_000);

const regression = z.object({
  metric: z.enum(["successAt1", "successAtK", "recallAtK", "mrr", "ndcg10", "noHit", "noMatchEmptyRate"]),
  before: z.number(),
  after: z.number(),
});

export const publishedSummary = z.object({
  version: z.number().int(),
  contentHash: z.string(),
  publishedAt: z.date(),
  publishedBy: z.string(),
  note: z.string(),
  reason: z.string().nullable(),
  rolledBackFrom: z.number().int().nullable(),
  metrics: snapshotMetricsSchema,
  regressions: z.array(regression),
  /** Tools shipped in their approved form: their upstream change waits for review (by key). */
  heldBack: z.array(z.string()),
});

const quality = z.object({
  recallAtK: z.number(),
  reciprocalRank: z.number(),
  ndcg10: z.number(),
  firstGoldRank: z.number().int().nullable(),
  hitCount: z.number().int(),
});

const queryComparison = z.object({
  id: z.string(),
  query: z.string(),
  expected: z.array(z.string()),
  verdict: z.enum(["worse", "better", "changed", "same", "new"]),
  isFailing: z.boolean(),
  draft: z.array(
    z.object({
      id: z.string(),
      rank: z.number().int(),
      score: z.number(),
      isGold: z.boolean(),
      change: z.enum(["entered", "moved", "same"]),
      previousRank: z.number().int().nullable(),
      scoreDelta: z.number().nullable(),
    }),
  ),
  left: z.array(
    z.object({
      id: z.string(),
      rank: z.number().int(),
      score: z.number(),
      isGold: z.boolean(),
      draftRank: z.number().int().nullable(),
    }),
  ),
  noMatch: z.string().nullable(),
  quality: z.object({ draft: quality, latest: quality.nullable() }),
});

const toolSummary = z.object({ id: z.string(), exposure: publishedExposureSchema, description: z.string() });

export const toolChanges = z.object({
  added: z.array(toolSummary),
  removed: z.array(toolSummary),
  changed: z.array(
    z.object({
      id: z.string(),
      fields: z.array(
        z.object({
          field: z.enum(REVIEW_FIELDS),
          before: z.string(),
          after: z.string(),
          parts: z.array(z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() })),
        }),
      ),
    }),
  ),
  changedCount: z.number().int(),
  namespaces: z.array(z.object({ name: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  engine: z.object({ before: z.string(), after: z.string() }).nullable(),
});

const reviewFinding = z.object({
  toolId: z.string(),
  rule: z.string(),
  category: checkCategorySchema,
  severity: checkSeveritySchema,
  component: z.enum(QUALITY_COMPONENTS).optional(),
  message: z.string(),
  tools: z.array(z.string()),
});
const findingCounts = z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() });

export const draftReview = z.object({
  k: z.number().int(),
  latest: z
    .object({ version: z.number().int(), contentHash: z.string(), publishedAt: z.date(), publishedBy: z.string() })
    .nullable(),
  isUnchanged: z.boolean(),
  metrics: z.object({
    draft: snapshotMetricsSchema,
    latest: snapshotMetricsSchema.nullable(),
    regressions: z.array(regression),
  }),
  counts: z.object({
    worse: z.number().int(),
    better: z.number().int(),
    changed: z.number().int(),
    same: z.number().int(),
    new: z.number().int(),
    failing: z.number().int(),
    expectNoTool: z.number().int(),
  }),
  queries: z.array(queryComparison),
  tools: toolChanges,
  findings: z.object({ added: z.array(reviewFinding), removed: z.array(reviewFinding), counts: findingCounts }),
  /** Tools publishing ships in their approved form while their upstream change waits for review (by key). */
  heldBack: z.array(z.string()),
  qualityGate: z.object({
    isOn: z.boolean(),
    blocks: z.array(z.object({ toolId: z.string(), rule: z.string() })),
    blockCount: z.number().int(),
    toolCount: z.number().int(),
  }),
});

export const publishedVersion = z.object({
  version: z.number().int(),
  contentHash: z.string(),
  publishedAt: z.date(),
  publishedBy: z.string(),
  note: z.string(),
  reason: z.string().nullable(),
  rolledBackFrom: z.number().int().nullable(),
  metrics: snapshotMetricsSchema.nullable(),
});

export const metricsOverVersions = z.object({
  k: z.number().int(),
  goldenQueries: z.number().int(),
  draft: snapshotMetricsSchema,
  versions: z.array(z.object({ version: z.number().int(), publishedAt: z.date(), metrics: snapshotMetricsSchema })),
});

/** What a reset of the draft (or of one namespace or tool) to a published version changes, by tool key. */
export const resetSummary = z.object({
  version: z.number().int(),
  created: z.array(z.string()),
  updated: z.array(z.string()),
  deleted: z.array(z.string()),
  namespaces: z.array(z.string()),
  draftRevision: z.string(),
  groupId: z.string().nullable(),
});

const NAME = z.string().trim().min(1, "Name the namespace or tool to reset.").max(1000);
export const resetScope = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("draft") }),
  z.object({ kind: z.literal("namespace"), name: NAME }),
  z.object({ kind: z.literal("tool"), key: NAME }),
]);
export const DRAFT_REVISION = z.string().regex(/^\d{1,19}$/, "The draft revision is a whole number.");

const publishRequest = z.object({
  id: z.string(),
  status: z.string(),
  note: z.string(),
  reason: z.string().nullable(),
  draftRevision: z.string(),
  requestedBy: z.string(),
  requestedAt: z.date(),
  isMine: z.boolean(),
  decidedBy: z.string().nullable(),
  decidedAt: z.date().nullable(),
  decisionReason: z.string().nullable(),
  version: z.number().int().nullable(),
});
export { publishRequest };
export const publishRequests = z.object({
  required: z.boolean(),
  pending: publishRequest.nullable(),
  latest: publishRequest.nullable(),
});
export const REQUEST_ID = z.string().min(1, "Name the publish request.").max(64);
