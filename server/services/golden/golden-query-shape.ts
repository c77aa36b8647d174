import type { Prisma } from "@prisma/client";
import { AppError } from "../../errors";

export const goldenQuerySelect = {
  id: true,
  query: true,
  expected: true,
  note: true,
  revision: true,
  updatedAt: true,
} satisfies Prisma.EvalQuerySelect;

export type GoldenQueryRow = Prisma.EvalQueryGetPayload<{ select: typeof goldenQuerySelect }>;

export const MAX_QUERY_LENGTH = 500;
export const MAX_EXPECTED = 50;
export const MAX_NOTE_LENGTH = 500;
export const MAX_TOOL_ID_LENGTH = 300;

/** Collapses runs of whitespace: "find  orders " and "find orders" are one golden query. */
export function normalizeQueryText(query: string): string {
  return query.replace(/\s+/g, " ").trim();
}

/** The key two golden queries are compared by (the analyzers lowercase anyway). */
export function queryKey(query: string): string {
  return normalizeQueryText(query).toLowerCase();
}

/** Trims the ids and drops repeats (keeping the first), refusing blanks. */
export function normalizeExpected(expected: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of expected) {
    const id = raw.trim();
    if (!id) throw new AppError("INVALID_INPUT", "An expected tool id is blank; pick tools from the catalog.");
    if (!out.includes(id)) out.push(id);
  }
  if (out.length > MAX_EXPECTED)
    throw new AppError("INVALID_INPUT", `A golden query can expect at most ${MAX_EXPECTED} tools.`);
  return out;
}

export function checkQueryText(query: string): string {
  const text = normalizeQueryText(query);
  if (!text) throw new AppError("INVALID_INPUT", "The query is empty; type what a user would ask.");
  if (text.length > MAX_QUERY_LENGTH)
    throw new AppError("INVALID_INPUT", `The query is longer than ${MAX_QUERY_LENGTH} characters.`);
  return text;
}
