import "server-only";
import type { Catalog, PrismaClient } from "@prisma/client";
import { AppError } from "../../errors";
import type { AuditActor } from "../history/record-audit-event";
import { findToolRow } from "../tools/get-tool";
import { toToolRecord } from "../tools/tool-shape";
import { updateTool } from "../tools/update-tool";

/**
 * Appends suggested words to a tool's search text through the normal edit (revision check, audit; the draft
 * changes, agents see it only once someone reviews and publishes). A tool in `override` mode gets them in its
 * override, any other in its extra text (switching `generated` to `generated+extra`), so the indexed text is
 * exactly the one the suggestion measured: the current text plus the words.
 */
export async function applySearchTerms({
  db,
  catalog,
  actor,
  toolDbId,
  revision,
  terms,
}: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  toolDbId: string;
  revision: number;
  terms: string[];
}) {
  const words = [...new Set(terms.map((term) => term.trim()).filter(Boolean))];
  if (words.length === 0) throw new AppError("INVALID_INPUT", "Choose at least one term to add.");
  if (words.some((word) => /\s/.test(word) || word.length > 100))
    throw new AppError("INVALID_INPUT", "Each term is one word of at most 100 characters.");
  const tool = toToolRecord(await findToolRow(db, catalog.id, toolDbId));
  const append = (text: string) => [text.trim(), ...words].filter(Boolean).join(" ");
  const patch =
    tool.searchTextMode === "override" && tool.searchTextOverride.trim()
      ? { searchTextOverride: append(tool.searchTextOverride) }
      : { searchTextMode: "generated+extra" as const, searchTextExtra: append(tool.searchTextExtra) };
  return updateTool({ db, catalog, actor, id: toolDbId, revision, patch });
}
