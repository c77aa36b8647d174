"use client";

import Link from "next/link";
import { useState } from "react";
import { Tabs } from "radix-ui";
import { plural } from "@/components/ui/plural";
import { optionsOf, Select } from "@/components/ui/select";
import { EXPOSURES } from "@/domain/vocabulary";
import { buttonClass, fileInputClass, inputClass, secondaryButtonClass } from "../ui/control-styles";
import { Field, Section } from "../ui/field";
import { CatalogRestore, isCatalogExport } from "./catalog-restore";
import { newSyncId, SyncProgress } from "../sources/sync-progress";
import { LiveSource } from "./live-source";
import { PreviewTable, type PreviewRow } from "./preview-table";
import type { ImportWizardState } from "./use-import-wizard";

type Plan = NonNullable<ImportWizardState["preview"]["data"]>;
interface SectionProps {
  team: string;
  catalog: string;
  wizard: ImportWizardState;
}

export function SourceSection(
  props: SectionProps & { source: "paste" | "live"; setSource: (s: "paste" | "live") => void },
) {
  const { team, catalog, wizard, source, setSource } = props;
  const { fields, edit, files, error } = wizard;
  return (
    <Section title="1. Source">
      <Tabs.Root value={source} onValueChange={(value) => setSource(value as "paste" | "live")} className="space-y-3">
        <Tabs.List className="flex gap-2 text-sm" aria-label="Import source">
          {(["paste", "live"] as const).map((s) => (
            <Tabs.Trigger key={s} value={s} className={source === s ? buttonClass : secondaryButtonClass}>
              {s === "paste" ? "Paste or upload JSON" : "Live MCP server"}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="paste" className="text-sm text-stone-600">
          Paste a tools list below or upload a JSON file.
        </Tabs.Content>
        <Tabs.Content value="live">
          <LiveSource team={team} catalog={catalog} onFetched={files.takeFetched} />
        </Tabs.Content>
      </Tabs.Root>
      <Field label="Upload a JSON file" htmlFor="import-file" error={files.fileError}>
        <input
          id="import-file"
          type="file"
          accept="application/json,.json"
          onChange={(e) => files.readFile(e.target.files?.[0])}
          className={fileInputClass}
        />
      </Field>
      <Field
        label="Tools JSON"
        htmlFor="import-text"
        error={error?.fields.source}
        hint="An MCP tools/list result, an OpenAI tools array (functions and namespaces) or an Anthropic tools array."
      >
        <textarea
          id="import-text"
          value={fields.text}
          onChange={(e) => edit({ text: e.target.value })}
          rows={10}
          className={`${inputClass} font-mono text-xs`}
          spellCheck={false}
        />
      </Field>
    </Section>
  );
}

export function OptionsSection({ team, catalog, wizard }: SectionProps) {
  const { fields, preview, options, error } = wizard;
  return (
    <Section title="2. Options">
      <OptionFields wizard={wizard} />
      {isCatalogExport(fields.text) && <CatalogRestore team={team} catalog={catalog} text={fields.text} />}
      <button
        type="button"
        className={buttonClass}
        disabled={!fields.text.trim() || preview.isPending}
        onClick={() => preview.mutate({ team, catalog, text: fields.text, options })}
      >
        {preview.isPending ? "Reading…" : "Preview import"}
      </button>
      {error && !error.fields.source && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </Section>
  );
}

function OptionFields({ wizard: { fields, edit } }: Pick<SectionProps, "wizard">) {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      <Field
        label="Namespace for tools without one"
        htmlFor="import-namespace"
        hint="OpenAI namespaces keep their own. Blank = none."
      >
        <input
          id="import-namespace"
          value={fields.namespace}
          onChange={(e) => edit({ namespace: e.target.value })}
          className={`${inputClass} font-mono`}
        />
      </Field>
      <Field
        label="MCP server name"
        htmlFor="import-server"
        hint="Recorded on each tool; re-imports of this server update its tools instead of duplicating them."
      >
        <input
          id="import-server"
          value={fields.mcpServer}
          onChange={(e) => edit({ mcpServer: e.target.value })}
          className={inputClass}
        />
      </Field>
      <Field
        label="Exposure of new tools"
        htmlFor="import-exposure"
        hint="Unless the source marks tools with defer_loading. Existing tools keep theirs."
      >
        <Select
          id="import-exposure"
          value={fields.exposure}
          onValueChange={(exposure) => edit({ exposure })}
          options={optionsOf(EXPOSURES)}
          className="w-full"
        />
      </Field>
    </div>
  );
}

type Row = Plan["rows"][number];
const decidable = (rows: Row[], status: "removed" | "conflict") =>
  rows.filter((r) => r.status === status).map((r) => r.toolId!);

/** "Remove all / Keep all" and "Take upstream's for all / Keep ours for all", when the preview has such rows. */
function BulkDecisions({ plan, wizard }: { plan: Plan; wizard: ImportWizardState }) {
  const { set } = wizard.decisions;
  const removed = decidable(plan.rows, "removed");
  const conflicts = decidable(plan.rows, "conflict");
  const bulk = (label: string, run: () => void) => (
    <button type="button" className={secondaryButtonClass} onClick={run}>
      {label}
    </button>
  );
  if (removed.length + conflicts.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {removed.length > 0 && (
        <>
          <span>{plural(removed.length, "tool")} no longer listed by the source:</span>
          {bulk("Remove all", () => set("removed", removed, "remove"))}
          {bulk("Keep all", () => set("removed", removed, "keep"))}
        </>
      )}
      {conflicts.length > 0 && (
        <>
          <span>{plural(conflicts.length, "conflict")}:</span>
          {bulk("Take upstream's for all", () => set("conflicts", conflicts, "upstream"))}
          {bulk("Keep ours for all", () => set("conflicts", conflicts, "ours"))}
        </>
      )}
    </div>
  );
}

/** What the apply button does, e.g. "Import 2 tools and remove 1"; null when there is nothing to write. */
function applyLabel(importable: number, removing: number): string | null {
  if (importable > 0 && removing > 0) return `Import ${plural(importable, "tool")} and remove ${removing}`;
  if (importable > 0) return `Import ${plural(importable, "tool")}`;
  if (removing > 0) return `Remove ${plural(removing, "tool")}`;
  return null;
}

function CountsLine({ counts }: { counts: Plan["counts"] }) {
  return (
    <p className="text-sm" data-testid="import-counts">
      {counts.new} new · {counts.changed} changed · {counts.unchanged} unchanged · {counts.invalid} invalid
      {(counts.conflict ?? 0) > 0 && ` · ${plural(counts.conflict!, "conflict")}`}
      {(counts.removed ?? 0) > 0 && ` · ${counts.removed} removed`}
      {(counts.skipped ?? 0) > 0 && ` · ${counts.skipped} skipped`}
    </p>
  );
}

function ApplyButton({ team, catalog, wizard, plan }: SectionProps & { plan: Plan }) {
  const { commit, skipInvalid, fields, options, decisions } = wizard;
  const { counts } = plan;
  const chosen = decisions.chosen;
  const undecided =
    decidable(plan.rows, "removed").some((id) => !chosen.removed[id]) ||
    decidable(plan.rows, "conflict").some((id) => !chosen.conflicts[id]);
  const removing = decidable(plan.rows, "removed").filter((id) => chosen.removed[id] === "remove").length;
  const label = applyLabel((counts.new ?? 0) + (counts.changed ?? 0) + (counts.conflict ?? 0), removing);
  const blocked = (counts.invalid ?? 0) > 0 && !skipInvalid;
  const [syncId, setSyncId] = useState("");
  const apply = () => {
    const id = newSyncId();
    setSyncId(id);
    commit.mutate({
      team,
      catalog,
      text: fields.text,
      options,
      fingerprint: plan.fingerprint,
      skipInvalid,
      decisions: chosen,
      syncId: id,
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass}
        disabled={!label || blocked || undecided || commit.isPending || commit.isSuccess}
        onClick={apply}
      >
        {label ?? (undecided ? "Apply changes" : "Nothing to import")}
      </button>
      <span className="text-xs text-stone-500">
        {undecided ? "Decide for each removed tool and conflict first. " : ""}All or nothing, in one transaction.
      </span>
      {commit.isPending && syncId && <SyncProgress team={team} catalog={catalog} syncId={syncId} noun="import" />}
    </div>
  );
}

export function PreviewSection({ team, catalog, wizard, plan }: SectionProps & { plan: Plan }) {
  const { commit, skipInvalid, setSkipInvalid, decisions } = wizard;
  const { counts } = plan;
  const decide = (row: PreviewRow, choice: string) =>
    decisions.set(row.status === "removed" ? "removed" : "conflicts", [row.toolId!], choice);
  const result = commit.data;
  return (
    <Section title="3. Preview" aside={<span className="text-xs text-stone-500">format: {plan.format}</span>}>
      <CountsLine counts={counts} />
      <BulkDecisions plan={plan} wizard={wizard} />
      <PreviewTable rows={plan.rows} decisions={decisions.chosen} decide={decide} />
      {(counts.invalid ?? 0) > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
          Skip the {counts.invalid} invalid tools (otherwise fix them in the source first)
        </label>
      )}
      <ApplyButton team={team} catalog={catalog} wizard={wizard} plan={plan} />
      {result && (
        <p role="status" className="text-sm text-emerald-800">
          Imported: {result.created} created, {result.updated} updated, {result.unchanged} unchanged.
          {result.removed > 0 && ` ${result.removed} removed.`}
          {result.kept > 0 && ` ${result.kept} kept.`}{" "}
          <Link href={`/t/${team}/${catalog}`} className="underline">
            Back to the tools
          </Link>
        </p>
      )}
      {result && result.heldForReview > 0 && (
        <p className="text-sm text-amber-900">
          {result.heldForReview} of the changed tools {result.heldForReview === 1 ? "is" : "are"} in a published
          version: the next version keeps their approved form until an editor approves the change on the{" "}
          <Link href={`/t/${team}/${catalog}/review#upstream`} className="underline">
            Review page
          </Link>
          .
        </p>
      )}
    </Section>
  );
}
