/**
 * Prisma's `contains` / `startsWith` / case-insensitive `equals` become LIKE / ILIKE patterns on Postgres without
 * escaping, so `%` and `_` in a search matched everything and a trailing `\` was a database error. Escaped
 * with Postgres's default LIKE escape character, they match themselves.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
