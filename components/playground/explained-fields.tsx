import { IndexedFieldsList } from "@/components/tools/search-text/indexed-fields-list";
import type { IndexedFieldName } from "@/search/index";
import type { Segment } from "./highlighted-text";

export interface FieldView {
  field: IndexedFieldName;
  segments: Segment[];
  weight: number | null;
}

/** The fields the engine indexed for a hit, with the words that matched the request marked. */
export function ExplainedFields({
  fields,
  profile,
  toolKey,
}: {
  fields: FieldView[];
  profile: string;
  toolKey: string;
}) {
  const rows = fields.map((view) => ({
    field: view.field,
    weight: view.weight,
    content: view.segments.map((segment, i) =>
      segment.term ? (
        <mark key={i} title={`matches “${segment.term}”`} className="rounded-sm bg-amber-200 px-0.5 text-stone-900">
          {segment.text}
        </mark>
      ) : (
        <span key={i}>{segment.text}</span>
      ),
    ),
  }));
  return (
    <div className="mt-3">
      <p className="mb-1 text-xs font-medium text-stone-700">What {profile} indexed, field by field</p>
      <IndexedFieldsList
        rows={rows}
        profile={profile}
        hasNameField={fields.some((view) => view.field === "name-field")}
        label={`Indexed fields of ${toolKey}`}
      />
    </div>
  );
}
