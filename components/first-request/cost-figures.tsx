import { CostChart, type Cost } from "./cost-chart";
import { tokens } from "../playground/format";
import { plural } from "@/components/ui/plural";

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs text-stone-500">{detail}</dd>
    </div>
  );
}

/** The cost model in numbers, a chart and words (docs/design.md, "First-request cost"). */
export function CostFigures({
  cost,
  clientSearches,
}: {
  cost: Cost & { payload: number; omittedCount: number; deferredCount: number };
  clientSearches: boolean;
}) {
  const percent = cost.everythingDirect > 0 ? Math.round((cost.saved / cost.everythingDirect) * 100) : 0;
  return (
    <section aria-labelledby="cost-title" className="space-y-4">
      <h3 id="cost-title" className="font-semibold">
        Token cost (o200k tokenizer)
      </h3>
      <dl className="grid gap-3 md:grid-cols-4" aria-label="Token figures">
        <Figure
          label="Everything direct (N × S)"
          value={tokens(cost.everythingDirect)}
          detail={`${plural(cost.toolCount, "tool")} × ${plural(cost.tokensPerTool, "token")}`}
        />
        <Figure
          label="First request"
          value={tokens(cost.firstRequest.total)}
          detail={`direct ${tokens(cost.firstRequest.direct)} + summary ${tokens(cost.firstRequest.summary)} + search tool ${tokens(cost.firstRequest.searchTool)}`}
        />
        <Figure
          label="With one search (+ K × S)"
          value={tokens(cost.withSearch)}
          detail={
            cost.usesToolSearch
              ? `K = ${cost.k} loaded: ${plural(cost.loaded, "token")}`
              : "no tool search for this client"
          }
        />
        <Figure
          label={cost.saved >= 0 ? "Saved per turn" : "Extra per turn"}
          value={`${tokens(Math.abs(cost.saved))}`}
          detail={
            cost.everythingDirect > 0
              ? `${Math.abs(percent)}% ${cost.saved >= 0 ? "less" : "more"} than sending everything`
              : "empty catalog"
          }
        />
      </dl>
      <CostChart cost={cost} />
      <div className="space-y-1 text-sm text-stone-700">
        {cost.usesToolSearch ? (
          <p>
            Deferred loading shows the model the direct tools, a summary of the catalog and the search tool —{" "}
            {plural(cost.firstRequest.total, "token")} instead of {tokens(cost.everythingDirect)}. Each search then
            loads about K × S = {plural(cost.loaded, "token")} of schemas. The price: one extra model round trip per
            search, and a search can miss the right tool (check the golden queries).
            {cost.saved < 0 || percent < 20
              ? " Here the saving is small: a catalog this size, used every turn, is better sent directly."
              : " With a catalog this large, deferring is clearly cheaper."}
          </p>
        ) : cost.toolCount === 0 ? (
          <p>This catalog has no tools yet, so the first request carries none. Add or import tools on the Tools tab.</p>
        ) : clientSearches && cost.deferredCount === 0 ? (
          <p>
            No tool is deferred, so there is nothing to search: the search tool is left out and every direct tool is
            sent in full on every turn. Mark tools as deferred on the Tools tab to load them on demand.
          </p>
        ) : (
          <p>
            This client cannot call tool search, so every deferred tool follows its fallback:{" "}
            {cost.omittedCount > 0
              ? `${plural(cost.omittedCount, "tool")} with fallback “hidden” ${cost.omittedCount === 1 ? "is" : "are"} left out (the model cannot use them); `
              : ""}
            the rest are sent in full on every turn.
          </p>
        )}
        <p className="text-xs text-stone-500">
          The payload JSON itself is {plural(cost.payload, "token")}
          {cost.usesToolSearch
            ? ": deferred schemas travel with the request but are not shown to the model until a search loads them"
            : ""}
          . Providers render tools into the prompt in their own format, so these are close estimates, not billing
          figures.
        </p>
      </div>
    </section>
  );
}
