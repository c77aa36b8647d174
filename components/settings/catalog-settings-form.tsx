"use client";

import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { useHydrated } from "@/components/use-hydrated";
import { DeleteCatalogSection } from "./delete-catalog-section";
import { PublishApprovalSection } from "./publish-approval-section";
import { buttonClass } from "../ui/control-styles";
import { Section } from "../ui/field";
import { NameFields, PublishingFields, SearchFields } from "./settings-fields";
import { type CatalogSettings, useCatalogSettings } from "./use-catalog-settings";
import { VocabularyFields } from "./vocabulary-fields";

/** Rename, description, engine profile and default limit (editors); archive (owners) with the slug typed to confirm. */
export function CatalogSettingsForm({
  team,
  settings: initial,
  canEdit,
  isOwner,
}: {
  team: string;
  settings: CatalogSettings;
  canEdit: boolean;
  isOwner: boolean;
}) {
  const { settings, form, setForm, notice, save, isDirty, isPending, error } = useCatalogSettings(
    team,
    initial,
    canEdit,
  );
  const group = { form, setForm, canEdit, error };
  // Before React has hydrated, a click would submit the form natively and lose what was typed.
  const hydrated = useHydrated();
  return (
    <div className="max-w-2xl space-y-6">
      <UnsavedChangesGuard isDirty={isDirty} />
      <Section title="Catalog">
        <form onSubmit={save} className="space-y-4" aria-label="Catalog settings">
          <NameFields {...group} />
          <SearchFields {...group} />
          <VocabularyFields {...group} />
          <PublishingFields {...group} />
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
              disabled={isPending || !hydrated}
              data-shortcut="save"
              aria-keyshortcuts="Control+S Meta+S"
            >
              Save settings
            </button>
          )}
        </form>
      </Section>
      <PublishApprovalSection
        team={team}
        catalog={settings.slug}
        required={settings.requirePublishApproval}
        isOwner={isOwner}
      />
      {isOwner && <DeleteCatalogSection team={team} slug={settings.slug} />}
    </div>
  );
}
