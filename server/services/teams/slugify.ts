import type { PrismaClient } from "@prisma/client";
import { escapeLike } from "../../db/like-pattern";

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return slug || "team";
}

/** A team slug derived from `text` that no team has yet (`acme`, `acme-2`, …). */
export async function uniqueTeamSlug(db: PrismaClient, text: string): Promise<string> {
  const base = slugify(text);
  const taken = new Set(
    (await db.team.findMany({ where: { slug: { startsWith: escapeLike(base) } }, select: { slug: true } })).map(
      (t) => t.slug,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
