import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { checkCatalogLines, VOCABULARY_PACK_IDS, type EngineProfile, type VocabularyPackId } from "@/search/index";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { catalogSettingsSelect, DEFAULT_LIMIT_RANGE, toCatalogSettings, toDbProfile } from "./catalog-settings";

export interface CatalogPatch {
  name?: string;
  description?: string;
  engineProfile?: EngineProfile;
  defaultLimit?: number;
  dropWeakHits?: boolean;
  blockOnQuality?: boolean;
  vocabularyPacks?: VocabularyPackId[];
  vocabularyLines?: string;
}

/** Refuses catalog vocabulary lines that cannot be used, naming the first bad line. */
function checkVocabularyLines(lines: string | undefined): void {
  if (lines === undefined) return;
  const [problem, ...more] = checkCatalogLines(lines);
  if (!problem) return;
  const others = more.length > 0 ? ` (and ${more.length} more)` : "";
  throw new AppError("INVALID_INPUT", `Vocabulary line ${problem.line} ${problem.message}${others}.`, {
    fields: { vocabularyLines: `line ${problem.line}: ${problem.message}` },
  });
}

function staleCatalog(current: number, basedOn: number) {
  return new AppError(
    "CONFLICT",
    `The catalog settings were changed by someone else since you opened them (revision ${basedOn}, now ${current}); reload and try again.`,
    {
      currentRevision: current,
    },
  );
}

/** Renames the catalog or changes its description, engine profile or default limit (revision-guarded). */
export async function updateCatalog({
  db,
  catalog,
  actor,
  revision,
  patch,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  revision: number;
  patch: CatalogPatch;
}) {
  if (patch.name !== undefined && !patch.name.trim())
    throw new AppError("INVALID_INPUT", "The catalog name cannot be empty.", { fields: { name: "required" } });
  if (
    patch.defaultLimit !== undefined &&
    (patch.defaultLimit < DEFAULT_LIMIT_RANGE.min || patch.defaultLimit > DEFAULT_LIMIT_RANGE.max)
  ) {
    throw new AppError(
      "INVALID_INPUT",
      `Default limit must be between ${DEFAULT_LIMIT_RANGE.min} and ${DEFAULT_LIMIT_RANGE.max}.`,
      { fields: { defaultLimit: "out of range" } },
    );
  }
  checkVocabularyLines(patch.vocabularyLines);
  return db.$transaction(async (tx) => {
    const current = toCatalogSettings(
      await tx.catalog.findUniqueOrThrow({ where: { id: catalog.id }, select: catalogSettingsSelect }),
    );
    if (current.revision !== revision) throw staleCatalog(current.revision, revision);
    const next = {
      name: patch.name?.trim() ?? current.name,
      description: patch.description?.trim() ?? current.description,
      engineProfile: patch.engineProfile ?? current.engineProfile,
      defaultLimit: patch.defaultLimit ?? current.defaultLimit,
      dropWeakHits: patch.dropWeakHits ?? current.dropWeakHits,
      blockOnQuality: patch.blockOnQuality ?? current.blockOnQuality,
      vocabularyPacks: patch.vocabularyPacks
        ? VOCABULARY_PACK_IDS.filter((id) => patch.vocabularyPacks!.includes(id))
        : current.vocabularyPacks,
      vocabularyLines: patch.vocabularyLines?.replace(/\r\n?/g, "\n").trim() ?? current.vocabularyLines,
    };
    const same = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? a.join() === b.join() : a === b);
    const changed = (Object.keys(next) as Array<keyof typeof next>).filter((k) => !same(next[k], current[k]));
    if (changed.length === 0) return current;
    const written = await tx.catalog.updateMany({
      where: { id: catalog.id, revision },
      data: { ...next, engineProfile: toDbProfile(next.engineProfile), revision: { increment: 1 } },
    });
    if (written.count === 0) throw staleCatalog(revision + 1, revision);
    const after = toCatalogSettings(
      await tx.catalog.findUniqueOrThrow({ where: { id: catalog.id }, select: catalogSettingsSelect }),
    );
    const pick = (s: typeof current) => Object.fromEntries(changed.map((k) => [k, s[k]]));
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "catalog.updated",
      targetType: "catalog",
      targetId: catalog.id,
      before: pick(current),
      after: pick(after),
    });
    return after;
  });
}
