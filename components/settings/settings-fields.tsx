import { optionsOf, Select } from "@/components/ui/select";
import { ENGINE_PROFILES, PROFILES } from "@/search/index";
import type { ClientAppError } from "../ui/app-error";
import { inputClass } from "../ui/control-styles";
import { Field } from "../ui/field";
import type { CatalogSettings } from "./use-catalog-settings";

/** One settings group's fields: they edit the form's copy of the settings. */
export interface SettingsGroupProps {
  form: CatalogSettings;
  setForm: (form: CatalogSettings) => void;
  canEdit: boolean;
  error: ClientAppError | null;
}

/** Name (the slug stays) and description. */
export function NameFields({ form, setForm, canEdit, error }: SettingsGroupProps) {
  return (
    <>
      <Field label="Name" htmlFor="settings-name" error={error?.fields.name}>
        <input
          id="settings-name"
          value={form.name}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          className={inputClass}
        />
      </Field>
      <p className="text-xs text-stone-500">
        Slug <span className="font-mono">{form.slug}</span> stays the same: it is the address agents and published
        snapshots use.
      </p>
      <Field label="Description" htmlFor="settings-description" error={error?.fields.description}>
        <textarea
          id="settings-description"
          value={form.description}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          rows={2}
          className={inputClass}
        />
      </Field>
    </>
  );
}

/** How tool_search answers: engine profile, default limit, weak hits. */
export function SearchFields({ form, setForm, canEdit, error }: SettingsGroupProps) {
  return (
    <>
      <Field label="Engine profile" htmlFor="settings-profile" hint={PROFILES[form.engineProfile].description}>
        <Select
          id="settings-profile"
          value={form.engineProfile}
          disabled={!canEdit}
          onValueChange={(engineProfile) => setForm({ ...form, engineProfile })}
          options={optionsOf(ENGINE_PROFILES)}
          className="w-full"
        />
      </Field>
      <Field
        label="Default limit"
        htmlFor="settings-limit"
        error={error?.fields.defaultLimit}
        hint="How many tools tool_search returns when the model gives no limit (1–50)."
      >
        <input
          id="settings-limit"
          type="number"
          min={1}
          max={50}
          value={form.defaultLimit}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, defaultLimit: Number(e.target.value) })}
          className={`${inputClass} w-32`}
        />
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.dropWeakHits}
          disabled={!canEdit}
          onChange={(e) => setForm({ ...form, dropWeakHits: e.target.checked })}
          className="mt-1"
        />
        <span>
          Drop weak hits
          <span className="block text-xs text-stone-500">
            Off: tool_search returns every tool that matches, each marked strong or weak. On: weak matches are left out,
            so a request that fits no tool well returns nothing. Agents and the playground follow this setting alike.
          </span>
        </span>
      </label>
    </>
  );
}

/** What publishing requires besides a note: the catalog check's quality findings, when the catalog asks for it. */
export function PublishingFields({ form, setForm, canEdit }: SettingsGroupProps) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        checked={form.blockOnQuality}
        disabled={!canEdit}
        onChange={(e) => setForm({ ...form, blockOnQuality: e.target.checked })}
        className="mt-1"
      />
      <span>
        Block publishing on quality findings
        <span className="block text-xs text-stone-500">
          On: a draft with quality warnings (a description too short or without a purpose, undocumented parameters, a
          generic name, …) cannot be published until they are fixed; the Health tab lists them. Safety errors always
          need an owner&apos;s acknowledgement, whatever this setting.
        </span>
      </span>
    </label>
  );
}
