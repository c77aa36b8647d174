"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  RETENTION_DAYS,
  TELEMETRY_TEXT_LABELS,
  TELEMETRY_TEXT_MODES,
  type TelemetryTextMode,
} from "@/server/services/insights/privacy-modes";
import { UnsavedChangesGuard } from "../ui/unsaved-changes";
import { useTRPC } from "../trpc-provider";
import { buttonClass, inputClass } from "../ui/control-styles";
import { refetchAfterChange } from "../refetch";

/** What agent events keep of request text, and for how long (owners change it; the change is audited). */
export function PrivacySettings({ team, catalog, isOwner }: { team: string; catalog: string; isOwner: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.insights.settings.queryOptions({ team, catalog }));
  const [draft, setDraft] = useState<{ textMode: TelemetryTextMode; retentionDays: number } | null>(null);
  const save = useMutation(
    trpc.insights.updateSettings.mutationOptions({
      onSuccess: () => (
        setDraft(null), refetchAfterChange(queryClient, { queryKey: trpc.insights.settings.pathKey() })
      ),
      meta: { success: "Privacy settings saved" },
    }),
  );
  if (!settings.data) return null;
  const current = draft ?? { textMode: settings.data.textMode, retentionDays: settings.data.retentionDays };
  return (
    <details className="rounded-lg border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Privacy and retention</summary>
      <form
        className="mt-3 space-y-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ team, catalog, revision: settings.data.revision, ...current });
        }}
      >
        <UnsavedChangesGuard isDirty={draft !== null && !save.isPending} />
        <fieldset disabled={!isOwner} className="space-y-1">
          <legend className="font-medium">Request text of agent searches</legend>
          {TELEMETRY_TEXT_MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name="textMode"
                value={mode}
                checked={current.textMode === mode}
                onChange={() => setDraft({ ...current, textMode: mode })}
              />
              {TELEMETRY_TEXT_LABELS[mode]}
            </label>
          ))}
          <p className="text-xs text-stone-500">
            Applied on the server before an event is written; events already stored keep what they have.
          </p>
        </fieldset>
        <label className="block max-w-xs">
          <span className="font-medium">Keep events for (days)</span>
          <input
            type="number"
            disabled={!isOwner}
            min={RETENTION_DAYS.min}
            max={RETENTION_DAYS.max}
            value={current.retentionDays}
            onChange={(e) => setDraft({ ...current, retentionDays: Number(e.target.value) })}
            className={inputClass}
          />
        </label>
        {save.error && (
          <p role="alert" className="text-red-700">
            {save.error.message}
          </p>
        )}
        {isOwner ? (
          <button type="submit" className={buttonClass} disabled={save.isPending || draft === null}>
            Save privacy settings
          </button>
        ) : (
          <p className="text-xs text-stone-500">Only team owners change these.</p>
        )}
      </form>
    </details>
  );
}
