import { z } from "zod";
import { checkCategorySchema, checkSeveritySchema } from "@/domain/catalog-check/index";
import { catalogProcedure, router } from "../trpc";
import { approveUpstreamChange, rejectUpstreamChange } from "../services/review/decide-upstream-change";
import { listUpstreamChanges, listUpstreamMarks } from "../services/review/list-upstream-changes";
import { REVISION, TOOL_ID } from "./tool/schemas";

const diffPart = z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() });

const upstreamChange = z.object({
  toolId: z.string(),
  key: z.string(),
  revision: z.number().int(),
  toolRevision: z.number().int(),
  approvedVersion: z.number().int(),
  markedAt: z.date(),
  markedBy: z.string(),
  fields: z.array(
    z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string(), parts: z.array(diffPart) }),
  ),
  findings: z.array(
    z.object({
      rule: z.string(),
      category: checkCategorySchema,
      severity: checkSeveritySchema,
      message: z.string(),
      isNew: z.boolean(),
    }),
  ),
});

const decision = z.object({
  toolId: TOOL_ID,
  /** The hold's revision the reviewer saw. */
  revision: REVISION,
  /** The tool's revision the reviewer saw. */
  toolRevision: REVISION,
});
const decided = z.object({ key: z.string(), fields: z.array(z.string()) });

/** Upstream changes to published tools, held for review (docs/upstream-review.md): list, approve, reject. */
export const upstreamReviewRouter = router({
  /** Each held change: field diffs (approved vs draft) and the catalog check's findings on the new form. */
  list: catalogProcedure("viewer")
    .output(z.array(upstreamChange))
    .query(({ ctx }) => listUpstreamChanges({ db: ctx.db, team: ctx.team, catalog: ctx.catalog })),

  /** The tools marked "changed upstream — needs review", for the tool list and the editor. */
  marks: catalogProcedure("viewer")
    .output(z.array(z.object({ toolId: z.string(), markedAt: z.date() })))
    .query(({ ctx }) => listUpstreamMarks({ db: ctx.db, catalog: ctx.catalog })),

  /** The next version ships the draft's values of the held fields. */
  approve: catalogProcedure("editor")
    .input(decision)
    .output(decided)
    .mutation(({ ctx, input: { toolId, revision, toolRevision } }) =>
      approveUpstreamChange({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, toolId, revision, toolRevision }),
    ),

  /** The tool's held fields go back to their approved values. */
  reject: catalogProcedure("editor")
    .input(decision)
    .output(decided)
    .mutation(({ ctx, input: { toolId, revision, toolRevision } }) =>
      rejectUpstreamChange({ db: ctx.db, catalog: ctx.catalog, actor: ctx.actor, toolId, revision, toolRevision }),
    ),
});
