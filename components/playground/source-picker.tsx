"use client";

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
  return (
    <div className="flex max-w-full flex-wrap items-end gap-2 [&>label]:max-w-full">
      <label className="text-xs font-medium text-stone-700">
        {label} source
        <select
          value={version === null ? "draft" : String(version)}
          onChange={(e) => onVersion(e.target.value === "draft" ? null : Number(e.target.value))}
          className="mt-1 block rounded border border-stone-300 bg-white px-2 py-1 text-sm font-normal"
        >
          <option value="draft">Draft</option>
          {versions.map((v) => (
            <option key={v} value={v}>
              {sourceLabel(v)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs font-medium text-stone-700">
        {label} profile
        <select
          value={profile ?? "default"}
          onChange={(e) => onProfile(e.target.value === "default" ? undefined : (e.target.value as Profile))}
          className="mt-1 block rounded border border-stone-300 bg-white px-2 py-1 text-sm font-normal"
        >
          <option value="default">Catalog default ({defaultProfile})</option>
          <option value="stockroom">stockroom</option>
          <option value="codex-bm25">codex-bm25 (what Codex would return)</option>
        </select>
      </label>
    </div>
  );
}
