"use client";

import { useId } from "react";
import { Select } from "@/components/ui/select";
import { CLIENT_PROFILE_INFO, CLIENT_PROFILES, type ClientProfile } from "@/domain/providers/first-request";
import { sourceLabel } from "../playground/format";

const PROVIDERS = CLIENT_PROFILES.map((value) => ({ value, ...CLIENT_PROFILE_INFO[value] }));

interface ClientProfileFormProps {
  provider: ClientProfile;
  setProvider: (provider: ClientProfile) => void;
  supportsToolSearch: boolean;
  setSupportsToolSearch: (supports: boolean) => void;
  version: number | null;
  setVersion: (version: number | null) => void;
  versions: number[];
  k: number;
  setK: (k: number) => void;
  validK: boolean;
}

/** The client the first request is shown for: provider format, tool search support, catalog version and K. */
export function ClientProfileForm(props: ClientProfileFormProps) {
  const { provider, setProvider, version, setVersion, versions, k, setK, validK } = props;
  const id = useId();
  return (
    <form
      className="flex flex-wrap items-end gap-6 rounded-lg border border-stone-200 bg-white p-4"
      aria-label="Client profile"
      onSubmit={(e) => e.preventDefault()}
    >
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-stone-700">Provider format</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {PROVIDERS.map((p) => (
            <label key={p.value} className="flex items-center gap-1" title={p.note}>
              <input
                type="radio"
                name="provider"
                value={p.value}
                checked={provider === p.value}
                onChange={() => setProvider(p.value)}
              />
              {p.label}
            </label>
          ))}
        </div>
      </fieldset>
      <ToolSearchField value={props.supportsToolSearch} onChange={props.setSupportsToolSearch} />
      <div className="text-xs font-medium text-stone-700">
        <label htmlFor={`${id}-version`}>Catalog</label>
        <Select
          id={`${id}-version`}
          value={version === null ? "draft" : String(version)}
          onValueChange={(v) => setVersion(v === "draft" ? null : Number(v))}
          options={["draft", ...versions.map(String)].map((v) => ({
            value: v,
            label: sourceLabel(v === "draft" ? null : Number(v)),
          }))}
          className="mt-1"
        />
      </div>
      <label className="text-xs font-medium text-stone-700">
        Tools per search (K)
        <input
          type="number"
          min={1}
          max={100}
          value={Number.isNaN(k) ? "" : k}
          onChange={(e) => setK(e.target.valueAsNumber)}
          className="mt-1 block w-20 rounded border border-stone-300 px-2 py-1 text-sm font-normal"
        />
      </label>
      {!validK && <p className="text-xs text-red-700">K must be a whole number from 1 to 100.</p>}
    </form>
  );
}

function ToolSearchField({ value, onChange }: { value: boolean; onChange: (supports: boolean) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium text-stone-700">Supports tool search</legend>
      <div className="flex gap-3 text-sm">
        <label className="flex items-center gap-1">
          <input type="radio" name="search" checked={value} onChange={() => onChange(true)} /> Yes
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="search" checked={!value} onChange={() => onChange(false)} /> No
        </label>
      </div>
    </fieldset>
  );
}
