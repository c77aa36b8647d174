// The glossary of the legacy vocabulary (every pack at version 1), for analysis outside an index (the UI's token
// view, the intent and plural word lists) and for snapshots that name no vocabulary.
import { parseGlossary, type Glossary } from "../analysis/cjk";
import { findPack, LEGACY_VOCABULARY } from "./packs";

let glossary: Glossary | null = null;

export function defaultGlossary(): Glossary {
  glossary ??= parseGlossary(...LEGACY_VOCABULARY.packs.map((ref) => findPack(ref).glossary));
  return glossary;
}
