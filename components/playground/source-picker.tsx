"use client";

import { useId } from "react";
import { PROFILE_OPTIONS } from "@/search/settings";
import { Select, type SelectOption } from "@/components/ui/select";
import { sourceLabel, type Profile } from "./format";

interface SourcePickerProps {
  label: string;
  versions: number[];
  version: number | null;
  onVersion: (version: number | null) => void;
  profile: Profile | undefined;
  defaultProfile: Profile;
  onProfile: (profile: Profile | undefined) => void;
}

const DRAFT = "draft";
const CATALOG_DEFAULT = "default";

/** Draft or a published version, and which engine profile ranks it. */
export function SourcePicker({
  label,
  versions,
  version,
  onVersion,
  profile,
  defaultProfile,
  onProfile,
}: SourcePickerProps) {
  const id = useId();
  const profiles: SelectOption<Profile | typeof CATALOG_DEFAULT>[] = [
    { value: CATALOG_DEFAULT, label: `Catalog default (${defaultProfile})` },
    ...PROFILE_OPTIONS,
  ];
  return (
    <div className="flex max-w-full flex-wrap items-end gap-2 [&>div]:max-w-full">
      <div className="text-xs font-medium text-stone-700">
        <label htmlFor={`${id}-source`}>{label} source</label>
        <Select
          id={`${id}-source`}
          value={version === null ? DRAFT : String(version)}
          onValueChange={(v) => onVersion(v === DRAFT ? null : Number(v))}
          options={[DRAFT, ...versions.map(String)].map((v) => ({
            value: v,
            label: sourceLabel(v === DRAFT ? null : Number(v)),
          }))}
          className="mt-1"
        />
      </div>
      <div className="text-xs font-medium text-stone-700">
        <label htmlFor={`${id}-profile`}>{label} profile</label>
        <Select
          id={`${id}-profile`}
          value={profile ?? CATALOG_DEFAULT}
          onValueChange={(p) => onProfile(p === CATALOG_DEFAULT ? undefined : p)}
          options={profiles}
          className="mt-1"
        />
      </div>
    </div>
  );
}
