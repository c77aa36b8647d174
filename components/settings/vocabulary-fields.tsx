import { VOCABULARY_PACK_IDS, VOCABULARY_PACKS, type VocabularyPackId } from "@/search/index";
import { inputClass } from "../ui/control-styles";
import { Field } from "../ui/field";
import type { SettingsGroupProps } from "./settings-fields";

/** The vocabulary packs to turn on, and the catalog's own vocabulary lines. */
export function VocabularyFields({ form, setForm, canEdit, error }: SettingsGroupProps) {
  const toggle = (id: VocabularyPackId, on: boolean) =>
    setForm({
      ...form,
      vocabularyPacks: on ? [...form.vocabularyPacks, id] : form.vocabularyPacks.filter((p) => p !== id),
    });
  return (
    <>
      <fieldset className="space-y-2" aria-label="Vocabulary packs">
        <legend className="text-sm font-medium">Vocabulary (stockroom profile)</legend>
        {VOCABULARY_PACK_IDS.map((id) => {
          const pack = VOCABULARY_PACKS.find((p) => p.id === id)!;
          return (
            <label key={id} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.vocabularyPacks.includes(id)}
                disabled={!canEdit}
                onChange={(e) => toggle(id, e.target.checked)}
                className="mt-1"
              />
              <span>
                {pack.label}{" "}
                <span className="text-xs text-stone-500">
                  ({id}@{pack.version})
                </span>
                <span className="block text-xs text-stone-500">{pack.description}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <Field
        label="Catalog vocabulary lines"
        htmlFor="settings-vocabulary"
        error={error?.fields.vocabularyLines}
        hint="One a line: `refund > create_refund` (how people ask > the tool's words), `delete remove erase` (a group), `开票 > create invoice` (a Chinese word). The playground shows what they add."
      >
        <textarea
          id="settings-vocabulary"
          value={form.vocabularyLines}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, vocabularyLines: e.target.value })}
          rows={4}
          className={`${inputClass} font-mono`}
        />
      </Field>
    </>
  );
}
