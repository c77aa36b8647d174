import { snapshotSearchTextParts } from "@/domain/snapshot/snapshot-index";
import type { SnapshotTool } from "@/domain/snapshot/verify";
import {
  indexedFields,
  termSources,
  type EngineProfile,
  type IndexedFieldName,
  type SearchIndex,
  type SearchTextPart,
  type TermSource,
} from "@/search/index";
import { highlightSearchText, type TextSegment } from "./highlight";
import type { RankingSource } from "./ranking-source";

/** One field the engine indexes for a hit, its words marked as in the search text; `weight` for the name field. */
export interface FieldView {
  field: IndexedFieldName;
  segments: TextSegment[];
  weight: number | null;
}

/** `segments` (runs of the parts joined with single spaces) cut at the parts' bounds, the spaces between dropped. */
export function splitSegments(segments: readonly TextSegment[], parts: readonly SearchTextPart[]): TextSegment[][] {
  const out: TextSegment[][] = parts.map(() => []);
  const bounds: Array<[number, number]> = [];
  let at = 0;
  for (const part of parts) {
    bounds.push([at, at + part.text.length]);
    at += part.text.length + 1;
  }
  let offset = 0;
  for (const segment of segments) {
    const end = offset + segment.text.length;
    bounds.forEach(([from, to], i) => {
      const start = Math.max(from, offset);
      const stop = Math.min(to, end);
      if (stop > start) out[i]!.push({ ...segment, text: segment.text.slice(start - offset, stop - offset) });
    });
    offset = end;
  }
  return out;
}

/**
 * What the engine indexed for `tool`, field by field (the name field too, for a profile that has one), and per
 * matched term the fields it came from. Analysis goes through the index (the catalog's vocabulary) and is kept
 * per source, whose content never changes.
 */
export function describeIndexedFields(
  source: RankingSource,
  index: SearchIndex,
  profile: EngineProfile,
  tool: SnapshotTool,
  matchedTerms: readonly string[],
  segments: readonly TextSegment[],
): { fields: FieldView[]; sources: Map<string, TermSource[]> } {
  const parts = source.memo(`parts:${tool.id}`, () => snapshotSearchTextParts(tool, source.content.namespaces));
  const fields = indexedFields(parts, tool.name, profile);
  const analyze = (text: string) => source.memo(`analyze:${profile}:${text}`, () => index.analyze(text));
  const views: FieldView[] = splitSegments(segments, parts).map((runs, i) => ({
    field: parts[i]!.field,
    segments: runs,
    weight: null,
  }));
  if (fields.name) {
    const name = { field: "name-field" as const, weight: fields.name.weight };
    views.unshift({ ...name, segments: highlightSearchText(fields.name.text, matchedTerms, profile) });
  }
  return { fields: views, sources: termSources(fields, analyze, matchedTerms) };
}
