import "server-only";
import { Prisma, type Catalog, type PrismaClient, type SearchTextMode } from "@prisma/client";
import { AppError } from "../../errors";
import { newGroupId, recordAuditEvents, type AuditActor } from "../history/record-audit-event";
import { assertBulkSelection, bulkHead } from "./bulk-update-tools";
import { checkToolFields } from "../../../domain/tool-rules/tool-rules";

export interface BulkSearchTermsOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  /** Each selected tool with the revision the list showed. */
  items: Array<{ id: string; revision: number }>;
  add: string[];
  remove: string[];
}

interface LockedRow {
  id: string;
  key: string;
  revision: number;
  searchTextMode: SearchTextMode;
  searchTextExtra: string;
}

const cleanTerms = (terms: string[]) => [...new Set(terms.map((term) => term.trim()).filter(Boolean))];

/** The extra text with `remove` taken out (whole words, any case) and `add` appended when missing. */
export function editExtraText(text: string, add: string[], remove: string[]): string {
  const removed = new Set(remove.map((term) => term.toLowerCase()));
  const words =
    removed.size > 0 ? text.split(/\s+/).filter((word) => word && !removed.has(word.toLowerCase())) : [text.trim()];
  const present = new Set(text.toLowerCase().split(/\s+/));
  const added = add.filter((term) => !present.has(term.toLowerCase()) && !removed.has(term.toLowerCase()));
  return [...words, ...added].filter(Boolean).join(" ");
}

function checkTerms(add: string[], remove: string[]) {
  if (add.length === 0 && remove.length === 0)
    throw new AppError("INVALID_INPUT", "Type at least one term to add or remove.");
  if ([...add, ...remove].some((term) => /\s/.test(term) || term.length > 100)) {
    throw new AppError("INVALID_INPUT", "Each term is one word of at most 100 characters; separate terms with spaces.");
  }
}

/** Locks the selected rows; every one must still exist and be at the revision the list showed. */
async function lockAtRevision(
  tx: Prisma.TransactionClient,
  catalog: Catalog,
  ids: string[],
  expected: Map<string, number>,
) {
  // Lock first so a concurrent single edit cannot slip in between the revision check and the write.
  await tx.$queryRaw`SELECT id FROM "Tool" WHERE "catalogId" = ${catalog.id} AND id IN (${Prisma.join(ids)}) FOR UPDATE`;
  const rows: LockedRow[] = await tx.tool.findMany({
    where: { catalogId: catalog.id, id: { in: ids } },
    select: { id: true, key: true, revision: true, searchTextMode: true, searchTextExtra: true },
  });
  if (rows.length !== ids.length) {
    throw new AppError(
      "NOT_FOUND",
      `${ids.length - rows.length} of the selected tools no longer exist; reload the list.`,
    );
  }
  const stale = rows.filter((r) => r.revision !== expected.get(r.id));
  if (stale.length > 0) {
    throw new AppError(
      "CONFLICT",
      `${stale.length} of the selected tools were changed by someone else since you loaded the list; reload and try again.`,
      {
        stale: stale.map((r) => ({ id: r.id, key: r.key, revision: r.revision })),
      },
    );
  }
  return rows;
}

/** The rows whose extra text or mode the terms change; refuses one that would pass the 16 KB limit. */
function planTermChanges(rows: LockedRow[], add: string[], remove: string[]) {
  const changes = rows
    .map((row) => {
      const extra = editExtraText(row.searchTextExtra, add, remove);
      const mode: SearchTextMode =
        add.length > 0 && row.searchTextMode === "generated" ? "generated_extra" : row.searchTextMode;
      return { row, extra, mode };
    })
    .filter((c) => c.extra !== c.row.searchTextExtra || c.mode !== c.row.searchTextMode);
  const tooLong = changes.find((c) => checkToolFields({ searchTextExtra: c.extra }).length > 0);
  if (tooLong)
    throw new AppError(
      "INVALID_INPUT",
      `The extra search text of ${tooLong.row.key} would pass the 16 KB limit; remove some terms first.`,
    );
  return changes;
}

/**
 * Adds terms to (or removes them from) the extra search text of many tools at once, all or nothing, with the same
 * rules as a single edit: every tool must still be at the revision the list showed, the 16 KB limit holds, and each
 * changed tool gets a revision and an audit event. Adding switches `generated` tools to `generated+extra` so the
 * terms are indexed; `override` tools keep their mode (their extra text is kept, not indexed).
 */
export async function bulkSearchTerms({ db, catalog, actor, items, ...terms }: BulkSearchTermsOptions) {
  const add = cleanTerms(terms.add);
  const remove = cleanTerms(terms.remove);
  checkTerms(add, remove);
  assertBulkSelection(items);
  const ids = [...new Set(items.map((i) => i.id))];
  const expected = new Map(items.map((i) => [i.id, i.revision]));
  return db.$transaction(
    async (tx) => {
      const rows = await lockAtRevision(tx, catalog, ids, expected);
      const changes = planTermChanges(rows, add, remove);
      for (const { row, extra, mode } of changes) {
        await tx.tool.update({
          where: { id: row.id },
          data: { searchTextExtra: extra, searchTextMode: mode, revision: { increment: 1 } },
        });
      }
      const label = (mode: SearchTextMode) => (mode === "generated_extra" ? "generated+extra" : mode);
      const groupId = newGroupId();
      const head = bulkHead(catalog, actor, groupId, { fields: ["searchTextExtra"], tools: changes.length });
      await recordAuditEvents(tx, [
        ...(changes.length > 0 ? [head] : []),
        ...changes.map(({ row, extra, mode }) => ({
          groupId,
          teamId: catalog.teamId,
          catalogId: catalog.id,
          actor,
          action: "tool.updated",
          targetType: "tool",
          targetId: row.id,
          before: {
            key: row.key,
            revision: row.revision,
            searchTextMode: label(row.searchTextMode),
            searchTextExtra: row.searchTextExtra,
          },
          after: {
            key: row.key,
            revision: row.revision + 1,
            searchTextMode: label(mode),
            searchTextExtra: extra,
            bulk: true,
          },
        })),
      ]);
      return {
        updated: changes.length,
        unchanged: rows.length - changes.length,
        groupId: changes.length ? groupId : null,
      };
    },
    { timeout: 60_000 },
  );
}
