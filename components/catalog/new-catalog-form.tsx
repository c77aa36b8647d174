"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Select } from "@/components/ui/select";
import { UnsavedChangesGuard } from "@/components/ui/unsaved-changes";
import { useTRPC } from "@/components/trpc-provider";
import { DEFAULT_PROFILE, PROFILE_OPTIONS, type EngineProfile } from "@/search/index";
import { appErrorOf } from "../ui/app-error";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/control-styles";
import { Field } from "../ui/field";

interface EngineFieldsProps {
  engineProfile: EngineProfile;
  setProfile: (profile: EngineProfile) => void;
  defaultLimit: number;
  setLimit: (limit: number) => void;
  limitError: string | undefined;
}

/** How the catalog ranks: its engine profile and how many tools a search returns by default. */
function EngineFields({ engineProfile, setProfile, defaultLimit, setLimit, limitError }: EngineFieldsProps) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Engine profile" htmlFor="catalog-profile">
        <Select
          id="catalog-profile"
          value={engineProfile}
          onValueChange={setProfile}
          options={PROFILE_OPTIONS}
          className="w-full"
        />
      </Field>
      <Field label="Default limit" htmlFor="catalog-limit" error={limitError}>
        <input
          id="catalog-limit"
          type="number"
          min={1}
          max={50}
          value={defaultLimit}
          onChange={(e) => setLimit(Number(e.target.value))}
          className={inputClass}
        />
      </Field>
    </div>
  );
}

/** Owners create a catalog: name, optional slug (its permanent address), engine profile and default limit. */
export function NewCatalogForm({ team }: { team: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [engineProfile, setProfile] = useState<EngineProfile>(DEFAULT_PROFILE);
  const [defaultLimit, setLimit] = useState(8);
  const create = useMutation(
    trpc.catalog.create.mutationOptions({
      onSuccess: (catalog) => router.push(`/t/${team}/${catalog.slug}`),
      meta: { success: "Catalog created", errorTitle: "The catalog was not created" },
    }),
  );
  const error = appErrorOf(create.error);
  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ team, name, slug: slug.trim() || undefined, engineProfile, defaultLimit });
  }
  if (!open) {
    return (
      <button type="button" className={buttonClass} onClick={() => setOpen(true)}>
        New catalog
      </button>
    );
  }
  return (
    // A row of its own below the heading (basis-full), so opening the form moves nothing above it.
    <div className="basis-full">
      <form
        onSubmit={submit}
        aria-label="New catalog"
        className="w-full max-w-xl space-y-3 rounded-lg border border-stone-200 bg-white p-5 shadow-sm"
      >
        <UnsavedChangesGuard isDirty={!create.isPending && !create.isSuccess && Boolean(name.trim() || slug.trim())} />
        <Field label="Catalog name" htmlFor="catalog-name" error={error?.fields.name}>
          <input
            id="catalog-name"
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field
          label="Slug"
          htmlFor="catalog-slug"
          error={error?.fields.slug}
          hint="Its URL and the address agents use; from the name when blank; cannot change later."
        >
          <input
            id="catalog-slug"
            value={slug}
            onChange={(e) => setSlug(e.target.value)}
            placeholder="e.g. support-agent"
            className={inputClass}
          />
        </Field>
        <EngineFields
          engineProfile={engineProfile}
          setProfile={setProfile}
          defaultLimit={defaultLimit}
          setLimit={setLimit}
          limitError={error?.fields.defaultLimit}
        />
        {error && !error.fields.name && !error.fields.slug && (
          <p role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        )}
        <div className="flex gap-2">
          <button className={buttonClass} disabled={create.isPending}>
            Create catalog
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
