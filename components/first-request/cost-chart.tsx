import { tokens } from "../playground/format";

export interface Cost {
  usesToolSearch: boolean;
  toolCount: number;
  tokensPerTool: number;
  everythingDirect: number;
  firstRequest: { direct: number; summary: number; searchTool: number; total: number };
  k: number;
  loaded: number;
  withSearch: number;
  saved: number;
}

const PARTS = [
  { key: "direct", label: "Direct tools", color: "#57534e" },
  { key: "summary", label: "Catalog summary", color: "#0284c7" },
  { key: "searchTool", label: "Search tool", color: "#7c3aed" },
  { key: "loaded", label: "K × S loaded", color: "#f59e0b" },
] as const;

/** Two bars on one scale: N × S against summary + search tool + K × S, each labelled with its total. */
export function CostChart({ cost }: { cost: Cost }) {
  const max = Math.max(cost.everythingDirect, cost.withSearch, 1);
  const share = (value: number) => `${(value / max) * 100}%`;
  const parts = { ...cost.firstRequest, loaded: cost.loaded };
  return (
    <figure className="space-y-3" aria-label="Token cost chart">
      <div className="grid grid-cols-[9rem_1fr_6rem] items-center gap-3 text-xs">
        <span className="text-stone-600">Everything direct</span>
        <div className="h-6 rounded bg-stone-100">
          <div className="h-6 rounded bg-stone-400" style={{ width: share(cost.everythingDirect) }} />
        </div>
        <span className="text-right font-medium tabular-nums">{tokens(cost.everythingDirect)}</span>
        <span className="text-stone-600">{cost.usesToolSearch ? "With tool search" : "This client"}</span>
        <div className="flex h-6 overflow-hidden rounded bg-stone-100">
          {PARTS.map((part) =>
            parts[part.key] > 0 ? (
              <div
                key={part.key}
                title={`${part.label}: ${tokens(parts[part.key])}`}
                className="h-6"
                style={{ width: share(parts[part.key]), minWidth: 2, background: part.color }}
              />
            ) : null,
          )}
        </div>
        <span className="text-right font-medium tabular-nums">{tokens(cost.withSearch)}</span>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
        {PARTS.map((part) => (
          <span key={part.key} className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: part.color }} /> {part.label}{" "}
            {tokens(parts[part.key])}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
