"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "../trpc-provider";
import { fileInputClass } from "../ui/control-styles";
import { plural } from "../ui/plural";

type Policy = "reject" | "keep" | "drop";
const POLICY_TEXT: Record<Policy, string> = {
  reject: "Refuse the import until the ids are fixed",
  keep: "Keep them (the query cannot reach full recall until the tool exists)",
  drop: "Leave them out of those queries (a query left with none is not imported)",
};

const importedText = ({ created, updated }: { created: number; updated: number }) =>
  `Golden queries imported: ${created} created, ${updated} updated`;

/** The lines whose expected tools the catalog does not have. */
function UnknownIdsTable({ unknown }: { unknown: Array<{ line: number; query: string; ids: string[] }> }) {
  return (
    <table className="w-full text-xs" aria-label="Unknown tool ids">
      <thead>
        <tr className="text-left text-stone-500">
          <th className="py-1 pr-2">Line</th>
          <th className="py-1 pr-2">Query</th>
          <th className="py-1">Unknown ids</th>
        </tr>
      </thead>
      <tbody>
        {unknown.map((u) => (
          <tr key={u.line} className="border-t border-stone-100">
            <td className="py-1 pr-2">{u.line}</td>
            <td className="py-1 pr-2">{u.query}</td>
            <td className="py-1 font-mono text-red-700">{u.ids.join(", ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What to do with gold ids that name no tool of the catalog. */
function PolicyChoice({ name, policy, setPolicy }: { name: string; policy: Policy; setPolicy: (p: Policy) => void }) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium">Unknown tool ids</legend>
      {(Object.keys(POLICY_TEXT) as Policy[]).map((p) => (
        <label key={p} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} checked={policy === p} onChange={() => setPolicy(p)} />
          {POLICY_TEXT[p]}
        </label>
      ))}
    </fieldset>
  );
}

/** Why the file was refused, with its first bad lines. */
function ImportError({ message, badLines }: { message: string; badLines: Array<{ line: number; message: string }> }) {
  return (
    <div role="alert" className="text-sm text-red-700">
      <p>{message}</p>
      {badLines.length > 0 && (
        <ul className="list-inside list-disc text-xs">
          {badLines.map((l) => (
            <li key={l.line}>
              line {l.line}: {l.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Paste or upload golden-query JSONL, check it (a dry run that lists every unknown tool id), then import. */
export function GoldenImport({ team, catalog, onImported }: { team: string; catalog: string; onImported: () => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [content, setContent] = useState("");
  const [policy, setPolicy] = useState<Policy>("reject");
  const check = useMutation(trpc.golden.import.mutationOptions({ meta: { errorTitle: "The file was not checked" } }));
  const commit = useMutation(
    trpc.golden.import.mutationOptions({
      onSuccess: onImported,
      meta: {
        success: (data) => importedText(data as { created: number; updated: number }),
        errorTitle: "Nothing was imported",
      },
    }),
  );
  const report = check.data;
  const error = check.error ?? commit.error;
  const badLines = (
    (error as { data?: { details?: { lines?: Array<{ line: number; message: string }> } } } | null)?.data?.details
      ?.lines ?? []
  ).slice(0, 20);

  function reset(text: string) {
    setContent(text);
    check.reset();
    commit.reset();
  }

  return (
    <section aria-label="Import golden queries" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="font-semibold">Import JSONL</h3>
      <p className="text-xs text-stone-600">
        One query per line:{" "}
        <code className="font-mono">{'{"query": "…", "gold": ["namespace.tool"], "note": "optional"}'}</code>. A query
        the catalog already has is updated, not duplicated; a bad line refuses the whole file.
      </p>
      <label htmlFor={`${id}-file`} className="block text-sm">
        Upload a .jsonl file
        <input
          id={`${id}-file`}
          type="file"
          accept=".jsonl,.json,.txt,application/jsonl"
          className={`mt-1 ${fileInputClass}`}
          onChange={async (e) => reset(await (e.target.files?.[0]?.text() ?? ""))}
        />
      </label>
      <label htmlFor={`${id}-text`} className="block text-sm font-medium">
        JSONL
      </label>
      <textarea
        id={`${id}-text`}
        value={content}
        onChange={(e) => reset(e.target.value)}
        rows={6}
        className="w-full rounded border border-stone-300 p-2 font-mono text-xs"
      />
      <button
        type="button"
        disabled={!content.trim() || check.isPending}
        onClick={() => check.mutate({ team, catalog, content, dryRun: true, unknownIds: "keep" })}
        className="rounded border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100 disabled:opacity-50"
      >
        Check file
      </button>
      {report && (
        <div className="space-y-2 text-sm" role="status">
          <p>
            Would create {report.created}, update {report.updated}, leave {report.unchanged} unchanged.
            {policy === "drop" &&
              report.unknown.length > 0 &&
              " Queries whose expected tools are all unknown are left out, not saved as “no tool should match”."}
          </p>
          {report.unknown.length > 0 && (
            <>
              <p className="font-medium text-amber-800">
                {plural(report.unknown.length, "query names", "queries name")} tools that are not in this catalog:
              </p>
              <UnknownIdsTable unknown={report.unknown} />
              <PolicyChoice name={`${id}-policy`} policy={policy} setPolicy={setPolicy} />
            </>
          )}
          <button
            type="button"
            disabled={commit.isPending || (report.unknown.length > 0 && policy === "reject")}
            onClick={() => commit.mutate({ team, catalog, content, unknownIds: policy })}
            className="rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50"
          >
            Import
          </button>
        </div>
      )}
      {commit.data && (
        <p role="status" className="text-sm text-emerald-800">
          Imported: {commit.data.created} created, {commit.data.updated} updated, {commit.data.unchanged} unchanged
          {commit.data.unknown.length > 0 &&
            ` (${commit.data.unknown.length} with unknown ids ${commit.data.unknownIds === "drop" ? "left out" : "kept"})`}
          {commit.data.leftOut > 0 &&
            `; ${plural(commit.data.leftOut, "query", "queries")} left out because none of their expected tools exists`}
          .
        </p>
      )}
      {error && <ImportError message={error.message} badLines={badLines} />}
    </section>
  );
}
