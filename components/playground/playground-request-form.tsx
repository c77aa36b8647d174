"use client";

import { Select } from "@/components/ui/select";
import type { Profile } from "./format";
import { SourcePicker } from "./source-picker";
import type { PlaygroundRequest } from "./use-playground-search";

const LIMITS = [1, 3, 5, 8, 10, 15, 20, 30, 50];

interface PlaygroundRequestFormProps {
  request: PlaygroundRequest;
  onChange: (patch: Partial<PlaygroundRequest>) => void;
  versions: number[];
  defaultProfile: Profile;
  defaultLimit: number;
}

/** The query, the ranking source (draft or a version, and the profile) and how many results. */
export function PlaygroundRequestForm({
  request,
  onChange,
  versions,
  defaultProfile,
  defaultLimit,
}: PlaygroundRequestFormProps) {
  return (
    <div className="flex flex-wrap items-end gap-3 [&>*]:max-w-full">
      <label className="w-full flex-1 sm:min-w-72 text-xs font-medium text-stone-700">
        Query
        <input
          type="search"
          autoFocus
          value={request.query}
          onChange={(e) => onChange({ query: e.target.value })}
          placeholder="What would the model search for? e.g. “open a pull request”"
          className="mt-1 block w-full rounded border border-stone-300 bg-white px-3 py-2 text-base font-normal"
        />
      </label>
      <SourcePicker
        label="Ranking"
        versions={versions}
        version={request.version}
        onVersion={(version) => onChange({ version })}
        profile={request.profile}
        defaultProfile={defaultProfile}
        onProfile={(profile) => onChange({ profile })}
      />
      <div className="text-xs font-medium text-stone-700">
        <label htmlFor="playground-limit">Results (K)</label>
        <Select
          id="playground-limit"
          value={String(request.limit)}
          onValueChange={(n) => onChange({ limit: Number(n) })}
          options={[...new Set([...LIMITS, defaultLimit])]
            .sort((a, b) => a - b)
            .map((n) => ({ value: String(n), label: n === defaultLimit ? `${n} (default)` : String(n) }))}
          className="mt-1"
        />
      </div>
    </div>
  );
}
