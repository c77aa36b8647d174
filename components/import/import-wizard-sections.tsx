"use client";

import Link from "next/link";
import { Tabs } from "radix-ui";
import { plural } from "@/components/ui/plural";
import { optionsOf, Select } from "@/components/ui/select";
import { EXPOSURES } from "@/domain/vocabulary";
import { buttonClass, fileInputClass, inputClass, secondaryButtonClass } from "../ui/control-styles";
import { Field, Section } from "../ui/field";
import { CatalogRestore, isCatalogExport } from "./catalog-restore";
import { LiveSource } from "./live-source";
import { PreviewTable } from "./preview-table";
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

export function PreviewSection({ team, catalog, wizard, plan }: SectionProps & { plan: Plan }) {
  const { commit, skipInvalid, setSkipInvalid, fields, options } = wizard;
  const { counts } = plan;
  const importable = counts.new + counts.changed;
  const blocked = counts.invalid > 0 && !skipInvalid;
  const importAll = () =>
    commit.mutate({ team, catalog, text: fields.text, options, fingerprint: plan.fingerprint, skipInvalid });
  return (
    <Section title="3. Preview" aside={<span className="text-xs text-stone-500">format: {plan.format}</span>}>
      <p className="text-sm" data-testid="import-counts">
        {counts.new} new · {counts.changed} changed · {counts.unchanged} unchanged · {counts.invalid} invalid
        {counts.skipped > 0 && ` · ${counts.skipped} skipped`}
      </p>
      <PreviewTable rows={plan.rows} />
      {counts.invalid > 0 && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
          Skip the {counts.invalid} invalid tools (otherwise fix them in the source first)
        </label>
      )}
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={importable === 0 || blocked || commit.isPending || commit.isSuccess}
          onClick={importAll}
        >
          Import {plural(importable, "tool")}
        </button>
        <span className="text-xs text-stone-500">All or nothing, in one transaction.</span>
      </div>
      {commit.data && (
        <p role="status" className="text-sm text-emerald-800">
          Imported: {commit.data.created} created, {commit.data.updated} updated, {commit.data.unchanged} unchanged.{" "}
          <Link href={`/t/${team}/${catalog}`} className="underline">
            Back to the tools
          </Link>
        </p>
      )}
    </Section>
  );
}
