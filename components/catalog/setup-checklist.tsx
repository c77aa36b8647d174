import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";

export interface SetupState {
  team: string;
  catalog: string;
  origin: string;
  tools: number;
  deferred: number;
  goldenQueries: number;
  latestVersion: number | null;
  activeTokens: number;
  /** An agent has called the API with one of the catalog's tokens. */
  isConnected: boolean;
}

/** The copy-paste snippet that connects a TypeScript agent to this catalog (docs/agents.md, "TypeScript: the SDK"). */
export function connectSnippet({ origin, team, catalog }: Pick<SetupState, "origin" | "team" | "catalog">): string {
  return [
    'import { connect } from "@stockroom/sdk";',
    "",
    "const catalog = await connect({",
    `  url: "${origin}",`,
    "  token: process.env.STOCKROOM_TOKEN!, // the srk_… token from Agent tokens",
    `  team: "${team}",`,
    `  catalog: "${catalog}",`,
    "});",
    'const tools = catalog.firstRequestTools({ provider: "openai", supportsToolSearch: true, toolSearchExecution: "client" });',
  ].join("\n");
}

/** Tools → exposure → golden queries → publish → token → connect: shown on the catalog until every step is done. */
export function SetupChecklist(state: SetupState) {
  const base = `/t/${state.team}/${state.catalog}`;
  const steps = [
    {
      isDone: state.tools > 0,
      label: "Add tools",
      detail: "Import them from an MCP server or a tools list.",
      href: `${base}/import`,
      action: "Import tools",
    },
    {
      isDone: state.deferred > 0,
      label: "Choose what is deferred",
      detail: "Deferred tools are found by search instead of sent on every turn.",
      href: base,
      action: "Review exposure",
    },
    {
      isDone: state.goldenQueries > 0,
      label: "Add golden queries",
      detail: "What users ask and the tools that should answer: they guard every publish.",
      href: `${base}/golden`,
      action: "Add golden queries",
    },
    {
      isDone: state.latestVersion !== null,
      label: "Publish version 1",
      detail: "Agents read published versions, never the draft.",
      href: `${base}/review`,
      action: "Review and publish",
    },
    {
      isDone: state.activeTokens > 0,
      label: "Create an agent token",
      detail: "A token reads this catalog only.",
      href: `${base}/tokens`,
      action: "Create a token",
    },
    {
      isDone: state.isConnected,
      label: "Connect an agent",
      detail: "Paste this into your agent; the step is done once it has fetched a snapshot.",
      href: null,
      action: null,
    },
  ];
  if (steps.every((s) => s.isDone)) return null;
  const done = steps.filter((s) => s.isDone).length;
  const next = steps.findIndex((s) => !s.isDone);
  const snippet = connectSnippet(state);
  return (
    <section aria-label="Set-up checklist" className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">Set up this catalog</h2>
        <span className="text-xs text-stone-500">
          {done} of {steps.length} done
        </span>
      </div>
      <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {steps.map((step, i) => (
          <li
            key={step.label}
            className={`rounded-md border p-3 text-sm ${i === next ? "border-stone-900" : "border-stone-200"}`}
            aria-label={`${step.label}: ${step.isDone ? "done" : "to do"}`}
          >
            <p className="flex items-center gap-2 font-medium">
              <span
                aria-hidden
                className={`flex h-5 w-5 items-center justify-center rounded-full text-xs ${step.isDone ? "bg-emerald-700 text-white" : "border border-stone-300 text-stone-600"}`}
              >
                {step.isDone ? "✓" : i + 1}
              </span>
              {step.label}
            </p>
            <p className="mt-1 text-xs text-stone-600">{step.detail}</p>
            {i === next && step.href && (
              <Link href={step.href} className="mt-2 inline-block text-xs font-medium underline">
                {step.action} →
              </Link>
            )}
          </li>
        ))}
      </ol>
      {next === steps.length - 1 && (
        <div className="mt-3">
          <div className="mb-1 flex items-center justify-between">
            <p className="text-xs font-medium text-stone-700">TypeScript (the SDK in sdk/)</p>
            <CopyButton value={snippet} label="Copy the connect snippet" />
          </div>
          <pre className="overflow-x-auto rounded-md bg-stone-100 p-3 font-mono text-xs">{snippet}</pre>
        </div>
      )}
    </section>
  );
}
