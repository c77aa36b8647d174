"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ClientProfile } from "@/domain/providers/first-request";
import { useTRPC } from "../trpc-provider";
import { CostFigures } from "./cost-figures";
import { ClientProfileForm } from "./client-profile-form";
import { PayloadView } from "./payload-view";

type Provider = ClientProfile;

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
      <ClientProfileForm
        {...{ provider, setProvider, supportsToolSearch, setSupportsToolSearch, version, setVersion, k, setK }}
        versions={versions}
        validK={validK}
      />
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
