"use client";

import { joinSearchTextParts, type IndexedFields } from "@/search/index";
import { IndexedFieldsList, type IndexedFieldRow } from "../search-text/indexed-fields-list";

const TEXT_BOX = "mt-1 max-h-28 overflow-auto rounded bg-stone-100 p-2 font-mono text-xs text-stone-700";

/** The generated text, what the profile indexes field by field, and the tokens its analyzer makes of the text. */
export function SearchTextPreview({
  generated,
  fields,
  tokens,
  profile,
}: {
  generated: string;
  fields: IndexedFields;
  tokens: string[];
  profile: string;
}) {
  const rows: IndexedFieldRow[] = [
    ...(fields.name ? [{ field: "name-field" as const, weight: fields.name.weight, content: fields.name.text }] : []),
    ...fields.text.map((part) => ({ field: part.field, weight: null, content: part.text })),
  ];
  return (
    <>
      <div>
        <p className="text-sm font-medium">Generated text</p>
        <p className={TEXT_BOX} data-testid="generated-search-text">
          {generated}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium">Effective text (what {profile} indexes)</p>
        <p className={TEXT_BOX} data-testid="effective-search-text">
          {joinSearchTextParts(fields.text)}
        </p>
        <div className="mt-2">
          <IndexedFieldsList rows={rows} profile={profile} hasNameField={fields.name !== null} label="Indexed fields" />
        </div>
      </div>
      <div>
        <p className="text-sm font-medium">
          Analyzed tokens of the text{" "}
          <span className="font-normal text-stone-500">
            ({tokens.length}, profile {profile})
          </span>
        </p>
        <ul className="mt-1 flex max-h-40 flex-wrap gap-1 overflow-auto" aria-label="Analyzed tokens">
          {tokens.map((token, i) => (
            <li key={`${token}-${i}`} className="rounded bg-sky-50 px-1.5 py-0.5 font-mono text-xs text-sky-900">
              {token}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** Deferred tools whose search text BM25 can hardly tell apart from this one's. */
export function SimilarToolsWarning({ similar }: { similar: { id: string; key: string; similarity: number }[] }) {
  return (
    <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">BM25 can hardly tell this tool apart from:</p>
      <ul className="mt-1 list-disc pl-5">
        {similar.map((s) => (
          <li key={s.id}>
            <span className="font-mono">{s.key}</span> — {Math.round(s.similarity * 100)}% similar
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">Add terms that only this tool answers to (extra search text), or merge the tools.</p>
    </div>
  );
}
