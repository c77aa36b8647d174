import { z } from "zod";
import { snapshotSchema } from "@/sdk/snapshot";

/** One published version as agents list it: no payload, no publisher identity. */
export const snapshotSummarySchema = z.object({
  version: z.number().int().min(1),
  contentHash: z.string().regex(/^sha256-[0-9a-f]{64}$/),
  publishedAt: z.string().describe("ISO 8601"),
  note: z.string(),
  rolledBackFrom: z.number().int().nullable().describe("Set when this version republished an older one."),
});

export const snapshotListSchema = z.object({
  catalog: z.object({ team: z.string(), slug: z.string(), name: z.string() }),
  latestVersion: z.number().int().nullable(),
  snapshots: z.array(snapshotSummarySchema).describe("Newest first."),
});

const SLUG = z.string().trim().min(1).max(64);

/** `/api/v1/catalogs/{team}/{catalog}/…` */
export const catalogPathSchema = z.object({ team: SLUG.describe("Team slug"), catalog: SLUG.describe("Catalog slug") });

/** `latest` or a version number, as the URL path or the tRPC input carries it. */
export const snapshotVersionSchema = z.union([z.literal("latest"), z.coerce.number().int("version must be a whole number").min(1, "version starts at 1").max(2_147_483_647, "version is at most 2147483647")]);

export const snapshotPathSchema = catalogPathSchema.extend({ version: snapshotVersionSchema });

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(["INVALID_INPUT", "UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "METHOD_NOT_ALLOWED", "CONFLICT", "PAYLOAD_TOO_LARGE", "UNPROCESSABLE", "RATE_LIMITED", "INTERNAL"]),
    message: z.string().describe("What went wrong and what to do about it."),
    requestId: z.string().optional().describe("On a 500 only: the id the server log records the cause under."),
    invalidEvents: z.array(z.object({ index: z.number().int(), message: z.string() })).optional().describe("A refused event batch: its bad events by index."),
  }),
});

export { snapshotSchema };
export type SnapshotSummary = z.infer<typeof snapshotSummarySchema>;
export type SnapshotList = z.infer<typeof snapshotListSchema>;
export type SnapshotVersion = z.infer<typeof snapshotVersionSchema>;
export type CatalogPath = z.infer<typeof catalogPathSchema>;
export type SnapshotPath = z.infer<typeof snapshotPathSchema>;
