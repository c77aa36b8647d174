"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc-provider";
import type { EngineProfile, VocabularyPackId } from "@/search/index";
import { appErrorOf } from "../ui/app-error";

export interface CatalogSettings {
  slug: string;
  name: string;
  description: string;
  engineProfile: EngineProfile;
  defaultLimit: number;
  dropWeakHits: boolean;
  blockOnQuality: boolean;
  vocabularyPacks: VocabularyPackId[];
  vocabularyLines: string;
  /** Four eyes on publishing (an owner's setting, saved on its own). */
  requirePublishApproval: boolean;
  revision: number;
}

const SCALAR_FIELDS = [
  "name",
  "description",
  "engineProfile",
  "defaultLimit",
  "dropWeakHits",
  "blockOnQuality",
  "vocabularyLines",
] as const;

/** The saved settings, the form's copy being edited, and the save against the saved revision. */
export function useCatalogSettings(team: string, initial: CatalogSettings, canEdit: boolean) {
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

  function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const { name, description, engineProfile, defaultLimit, dropWeakHits, blockOnQuality, vocabularyPacks } = form;
    const { vocabularyLines } = form;
    update.mutate(
      {
        team,
        catalog: settings.slug,
        revision: settings.revision,
        patch: {
          name,
          description,
          engineProfile,
          defaultLimit,
          dropWeakHits,
          blockOnQuality,
          vocabularyPacks,
          vocabularyLines,
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
    (SCALAR_FIELDS.some((f) => form[f] !== settings[f]) ||
      form.vocabularyPacks.join() !== settings.vocabularyPacks.join());
  return {
    settings,
    form,
    setForm,
    notice,
    save,
    isDirty,
    isPending: update.isPending,
    error: appErrorOf(update.error),
  };
}
