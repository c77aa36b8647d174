"use client";

import { useState } from "react";
import {
  SOURCE_KIND_LABELS,
  SOURCE_KINDS,
  SYNC_INTERVAL_CHOICES,
  type Source,
  type SourceInput,
  type SourceKind,
} from "@/domain/sources";
import { buttonClass, inputClass, secondaryButtonClass } from "@/components/ui/control-styles";
import { Field } from "@/components/ui/field";
import { optionsOf, Select } from "@/components/ui/select";

interface HeaderRow {
  name: string;
  value: string;
  secret: boolean;
  /** A secret the server holds: left empty, it keeps its value. */
  stored: boolean;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const words = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The form's fields from a saved source (secret values are never in it: only that one is set). */
function fieldsOf(source: Source | null) {
  return {
    kind: (source?.kind ?? "mcp-http") as SourceKind,
    url: source?.url ?? "",
    headers: (source?.headers ?? []).map((h) => ({
      name: h.name,
      value: h.value ?? "",
      secret: h.secret,
      stored: h.secret,
    })),
    command: source?.command ?? "",
    args: (source?.args ?? []).join("\n"),
    env: (source?.env ?? []).join(", "),
    file: source?.file ?? "",
    tagsAsNamespaces: source?.tagsAsNamespaces ?? false,
    /** Minutes between scheduled checks, as text ("off" for none). */
    interval: source?.syncIntervalMinutes ? String(source.syncIntervalMinutes) : "off",
  };
}
type Fields = ReturnType<typeof fieldsOf>;

/** What the form sends: a stored secret left empty goes without a value, so the server keeps it. */
export function inputOf(f: Fields): SourceInput {
  const syncIntervalMinutes = f.interval === "off" ? null : Number(f.interval);
  switch (f.kind) {
    case "mcp-http":
      return {
        kind: "mcp-http",
        url: f.url,
        headers: f.headers
          .filter((h) => h.name.trim())
          .map((h) => ({
            name: h.name.trim(),
            secret: h.secret,
            ...(h.secret && h.stored && !h.value ? {} : { value: h.value }),
          })),
        mcpServer: null,
        syncIntervalMinutes,
        exposure: "deferred",
      };
    case "mcp-stdio":
      return {
        kind: "mcp-stdio",
        command: f.command,
        args: lines(f.args),
        env: words(f.env),
        mcpServer: null,
        exposure: "deferred",
      };
    case "openapi":
      return {
        kind: "openapi",
        url: f.url || null,
        file: f.file || null,
        tagsAsNamespaces: f.tagsAsNamespaces,
        syncIntervalMinutes,
        exposure: "deferred",
      };
    case "file":
      return { kind: "file", file: f.file, exposure: "deferred" };
  }
}

function HeaderRows({ rows, onChange }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const set = (i: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="space-y-2">
      {rows.map((h, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          <input
            aria-label={`Header ${i + 1} name`}
            className={`${inputClass} w-40`}
            value={h.name}
            placeholder="Authorization"
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <input
            aria-label={`Header ${i + 1} value`}
            className={`${inputClass} flex-1`}
            type={h.secret ? "password" : "text"}
            value={h.value}
            placeholder={h.stored ? "set (leave empty to keep)" : "value"}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <label className="flex items-center gap-1 text-xs">
            <input
              type="checkbox"
              checked={h.secret}
              onChange={(e) => set(i, { secret: e.target.checked, stored: false })}
            />{" "}
            secret
          </label>
          <button type="button" className="text-xs underline" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove header {i + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => onChange([...rows, { name: "", value: "", secret: false, stored: false }])}
      >
        Add a header
      </button>
    </div>
  );
}

/** The choices, plus the saved interval when it is not one of them (set through the API). */
function intervalOptions(current: string) {
  const options = SYNC_INTERVAL_CHOICES.map((c) => ({
    value: c.minutes === null ? "off" : String(c.minutes),
    label: c.label,
  }));
  return options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: `Every ${current} minutes` }];
}

/** How often Stockroom checks a URL source (a check marks changes, applies nothing). */
function IntervalField({ f, edit }: { f: Fields; edit: (patch: Partial<Fields>) => void }) {
  return (
    <Field
      label="Check for changes"
      htmlFor="source-interval"
      hint="A check applies nothing: it marks the catalog and its tools, writes History and e-mails the owners."
    >
      <Select
        id="source-interval"
        options={intervalOptions(f.interval)}
        value={f.interval}
        onValueChange={(interval) => edit({ interval })}
      />
    </Field>
  );
}

/** The fields of the chosen kind. */
function KindFields({ f, edit }: { f: Fields; edit: (patch: Partial<Fields>) => void }) {
  const text = (label: string, key: "url" | "command" | "file", placeholder: string) => (
    <Field label={label} htmlFor={`source-${key}`}>
      <input
        id={`source-${key}`}
        className={inputClass}
        value={f[key]}
        placeholder={placeholder}
        onChange={(e) => edit({ [key]: e.target.value })}
      />
    </Field>
  );
  if (f.kind === "mcp-http")
    return (
      <>
        {text("Server URL", "url", "https://mcp.example.com/mcp")}
        <Field label="Headers" hint="Secret values are stored encrypted and never shown again.">
          <HeaderRows rows={f.headers} onChange={(headers) => edit({ headers })} />
        </Field>
        <IntervalField f={f} edit={edit} />
      </>
    );
  if (f.kind === "mcp-stdio")
    return (
      <>
        {text("Command", "command", "npx")}
        <Field label="Arguments, one a line" htmlFor="source-args">
          <textarea
            id="source-args"
            rows={3}
            className={inputClass}
            value={f.args}
            onChange={(e) => edit({ args: e.target.value })}
          />
        </Field>
        <Field label="Environment variables passed from your machine (names only)" htmlFor="source-env">
          <input
            id="source-env"
            className={inputClass}
            value={f.env}
            placeholder="GITHUB_TOKEN"
            onChange={(e) => edit({ env: e.target.value })}
          />
        </Field>
      </>
    );
  return (
    <>
      {f.kind === "openapi" && text("Document URL", "url", "https://api.example.com/openapi.json")}
      {text(
        f.kind === "openapi" ? "Or a file on your machine (for stockroom sync)" : "File on your machine",
        "file",
        "./tools.json",
      )}
      {f.kind === "openapi" && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={f.tagsAsNamespaces}
            onChange={(e) => edit({ tagsAsNamespaces: e.target.checked })}
          />
          Tags as namespaces
        </label>
      )}
      {f.kind === "openapi" && <IntervalField f={f} edit={edit} />}
    </>
  );
}

/** Edits a source; `onSave` gets what the server takes. */
export function SourceForm({
  source,
  busy,
  onSave,
  onCancel,
}: {
  source: Source | null;
  busy: boolean;
  onSave: (input: SourceInput) => void;
  onCancel?: () => void;
}) {
  const [f, setF] = useState(() => fieldsOf(source));
  const edit = (patch: Partial<Fields>) => setF((old) => ({ ...old, ...patch }));
  return (
    <form
      className="space-y-3"
      aria-label="Source"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(inputOf(f));
      }}
    >
      <Field label="Kind" htmlFor="source-kind">
        <Select
          id="source-kind"
          options={optionsOf(SOURCE_KINDS, (k) => SOURCE_KIND_LABELS[k])}
          value={f.kind}
          onValueChange={(kind) => edit({ kind })}
        />
      </Field>
      <KindFields f={f} edit={edit} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>
          Save source
        </button>
        {onCancel && (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
