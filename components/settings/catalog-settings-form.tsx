"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { optionsOf, Select } from "@/components/ui/select";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc-provider";
import {
  ENGINE_PROFILES,
  PROFILES,
  VOCABULARY_PACK_IDS,
  VOCABULARY_PACKS,
  type EngineProfile,
  type VocabularyPackId,
} from "@/search/index";
import { appErrorOf } from "../ui/app-error";
import { DeleteCatalogSection } from "./delete-catalog-section";
import { buttonClass, inputClass } from "../ui/control-styles";
import { Field, Section } from "../ui/field";

interface Settings {
  slug: string;
  name: string;
  description: string;
  engineProfile: EngineProfile;
  defaultLimit: number;
  dropWeakHits: boolean;
  vocabularyPacks: VocabularyPackId[];
  vocabularyLines: string;
  revision: number;
}

/** Rename, description, engine profile and default limit (editors); archive (owners) with the slug typed to confirm. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): one form per settings group; left whole while #18a moves the value lists
export function CatalogSettingsForm({
  team,
  settings: initial,
  canEdit,
  isOwner,
}: {
  team: string;
  settings: Settings;
  canEdit: boolean;
  isOwner: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [settings, setSettings] = useState(initial);
  const [form, setForm] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const update = useMutation(
    trpc.catalog.update.mutationOptions({
      meta: { success: "Settings saved", errorTitle: "The settings were not saved" },
    }),
  );
  const error = appErrorOf(update.error);
  const ref = { team, catalog: settings.slug };

  function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    update.mutate(
      {
        ...ref,
        revision: settings.revision,
        patch: {
          name: form.name,
          description: form.description,
          engineProfile: form.engineProfile,
          defaultLimit: form.defaultLimit,
          dropWeakHits: form.dropWeakHits,
          vocabularyPacks: form.vocabularyPacks,
          vocabularyLines: form.vocabularyLines,
        },
      },
      {
        onSuccess: (next) => {
          setSettings(next);
          setForm(next);
          setNotice("Settings saved.");
          router.refresh();
        },
      },
    );
  }

  const isDirty =
    canEdit &&
    ((["name", "description", "engineProfile", "defaultLimit", "dropWeakHits", "vocabularyLines"] as const).some(
      (f) => form[f] !== settings[f],
    ) ||
      form.vocabularyPacks.join() !== settings.vocabularyPacks.join());
  return (
    <div className="max-w-2xl space-y-6">
      <UnsavedChangesGuard isDirty={isDirty} />
      <Section title="Catalog">
        <form onSubmit={save} className="space-y-4" aria-label="Catalog settings">
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
            Slug <span className="font-mono">{settings.slug}</span> stays the same: it is the address agents and
            published snapshots use.
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
                Off: tool_search returns every tool that matches, each marked strong or weak. On: weak matches are left
                out, so a request that fits no tool well returns nothing. Agents and the playground follow this setting
                alike.
              </span>
            </span>
          </label>
          <fieldset className="space-y-2" aria-label="Vocabulary packs">
            <legend className="text-sm font-medium">Vocabulary (stockroom profile)</legend>
            {VOCABULARY_PACK_IDS.map((id) => {
              const pack = VOCABULARY_PACKS.find((p) => p.id === id)!;
              const isOn = form.vocabularyPacks.includes(id);
              const toggle = (on: boolean) =>
                setForm({
                  ...form,
                  vocabularyPacks: on ? [...form.vocabularyPacks, id] : form.vocabularyPacks.filter((p) => p !== id),
                });
              return (
                <label key={id} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={isOn}
                    disabled={!canEdit}
                    onChange={(e) => toggle(e.target.checked)}
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
          {error && Object.keys(error.fields).length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
          {notice && (
            <p role="status" className="text-sm text-emerald-800">
              {notice}
            </p>
          )}
          {canEdit && (
            <button
              className={buttonClass}
              disabled={update.isPending}
              data-shortcut="save"
              aria-keyshortcuts="Control+S Meta+S"
            >
              Save settings
            </button>
          )}
        </form>
      </Section>
      {isOwner && <DeleteCatalogSection team={team} slug={settings.slug} />}
    </div>
  );
}
