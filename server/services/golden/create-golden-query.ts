import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { lockCatalog, LOCKED_TX_OPTIONS } from "../review/lock-catalog";
import { checkQueryText, goldenQuerySelect, normalizeExpected, queryKey } from "./golden-query-shape";
import { assertToolKeysExist } from "./tool-key-status";
import { escapeLike } from "../../db/like-pattern";

export interface CreateGoldenQueryOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  query: string;
  /** Tool keys that answer the query; empty = no tool fits (the right answer is no hit). */
  expected: readonly string[];
  note?: string;
}

/** Adds a golden query; unknown tool ids and a query the catalog already has are refused. */
export async function createGoldenQuery({ db, catalog, actor, query, expected, note = "" }: CreateGoldenQueryOptions) {
  const text = checkQueryText(query);
  const ids = normalizeExpected(expected);
  return db.$transaction(async (tx) => {
    await lockCatalog(tx, catalog.id);
    await assertToolKeysExist(tx, catalog.id, ids);
    await assertQueryIsNew(tx, catalog.id, text);
    const created = await tx.evalQuery.create({
      data: { catalogId: catalog.id, query: text, expected: ids, note: note.trim() },
      select: goldenQuerySelect,
    });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "golden.created",
      targetType: "golden_query",
      targetId: created.id,
      after: { query: created.query, expected: created.expected, note: created.note },
    });
    return created;
  }, LOCKED_TX_OPTIONS);
}

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** "crm.refund_order", "crm.a and crm.b", or "no tool" for a "no tool should match" query. */
const expectsPhrase = (expected: readonly string[]) =>
  expected.length === 0
    ? "no tool"
    : expected.length === 1
      ? expected[0]!
      : `${expected.slice(0, -1).join(", ")} and ${expected.at(-1)}`;

/**
 * Two golden queries that differ only in case or spacing would count one request twice. The refusal names the one
 * already there (its words and what it expects) and what to do: change that one, or word this one differently.
 */
export async function assertQueryIsNew(tx: Tx, catalogId: string, text: string, exceptId?: string): Promise<void> {
  const candidates = await tx.evalQuery.findMany({
    where: {
      catalogId,
      query: { equals: escapeLike(text), mode: "insensitive" },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true, query: true, expected: true },
  });
  const twin = candidates.find((c) => queryKey(c.query) === queryKey(text));
  if (!twin) return;
  const same = twin.query === text.trim() ? "" : " (the same words, ignoring case and spacing)";
  throw new AppError(
    "CONFLICT",
    `This catalog already has the golden query "${twin.query}"${same}, expecting ${expectsPhrase(twin.expected)}. ` +
      `Change that one on the Golden queries page, or word this one differently.`,
    { id: twin.id },
  );
}
