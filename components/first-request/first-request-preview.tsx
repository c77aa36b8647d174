"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Select } from "@/components/ui/select";
import { CLIENT_PROFILE_INFO, CLIENT_PROFILES, type ClientProfile } from "@/domain/providers/first-request";
import { useTRPC } from "../trpc-provider";
import { CostFigures } from "./cost-figures";
import { sourceLabel } from "../playground/format";
import { PayloadView } from "./payload-view";

type Provider = ClientProfile;

const PROVIDERS = CLIENT_PROFILES.map((value) => ({ value, ...CLIENT_PROFILE_INFO[value] }));

/** The exact turn-one tools payload for a client profile, and what it costs against sending everything. */
export function FirstRequestPreview({
  team,
  catalog,
  versions,
  defaultLimit,
}: {
  team: string;
  catalog: string;
  versions: number[];
  defaultLimit: number;
}) {
  const trpc = useTRPC();
  const [provider, setProvider] = useState<Provider>("openai");
  const [supportsToolSearch, setSupportsToolSearch] = useState(true);
  const [version, setVersion] = useState<number | null>(null);
  const [k, setK] = useState(defaultLimit);
  const id = useId();
  const validK = Number.isInteger(k) && k >= 1 && k <= 100;
  const preview = useQuery(
    trpc.firstRequest.get.queryOptions(
      { team, catalog, version, provider, supportsToolSearch, k: validK ? k : undefined },
      { placeholderData: keepPreviousData },
    ),
  );
  const data = preview.data;

  return (
    <div className="space-y-6">
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
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-stone-700">Supports tool search</legend>
          <div className="flex gap-3 text-sm">
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="search"
                checked={supportsToolSearch}
                onChange={() => setSupportsToolSearch(true)}
              />{" "}
              Yes
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="search"
                checked={!supportsToolSearch}
                onChange={() => setSupportsToolSearch(false)}
              />{" "}
              No
            </label>
          </div>
        </fieldset>
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
      {provider === "chat-completions" && supportsToolSearch && (
        <p className="text-sm text-stone-600">
          Any model with function calling: turn one holds the direct tools and a plain tool_search function; the
          SDK&apos;s chat session adds the found tools&apos; schemas to the next request (bounded per conversation).
        </p>
      )}
      {provider === "mcp" && supportsToolSearch && (
        <p className="text-sm text-stone-600">
          MCP has no deferral: tools/list shows what a client without search gets, whatever the client supports.
        </p>
      )}
      {preview.error && (
        <p role="alert" className="text-sm text-red-700">
          {preview.error.message}
        </p>
      )}
      {!data && preview.isPending && <p className="text-sm text-stone-500">Counting tokens…</p>}
      {data && (
        <>
          <CostFigures cost={data.cost} clientSearches={supportsToolSearch && provider !== "mcp"} />
          <PayloadView data={data} isUpdating={preview.isFetching} />
        </>
      )}
    </div>
  );
}
