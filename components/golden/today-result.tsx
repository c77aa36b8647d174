import type { DraftReview } from "@/components/review/format";

export type TodayResult = { status: "pass" | "partial" | "fail"; rank: number | null };
type Quality = DraftReview["queries"][number]["quality"]["draft"];

/** pass: every expected tool in the draft's top K (or, expecting none, nothing returned); partial: some; fail: none. */
export function todayResultOf(expected: readonly string[], quality: Quality): TodayResult {
  if (expected.length === 0) return { status: quality.hitCount === 0 ? "pass" : "fail", rank: null };
  const status = quality.recallAtK >= 1 - 1e-9 ? "pass" : quality.recallAtK > 0 ? "partial" : "fail";
  return { status, rank: quality.firstGoldRank };
}

const STYLE = {
  pass: "bg-emerald-100 text-emerald-800",
  partial: "bg-amber-100 text-amber-900",
  fail: "bg-red-100 text-red-800",
} as const;
const TEXT = { pass: "pass", partial: "partly", fail: "fail" } as const;

export function TodayBadge({ result, k }: { result: TodayResult | undefined; k: number }) {
  if (!result) return <span className="text-xs text-stone-500">…</span>;
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STYLE[result.status]}`}>{TEXT[result.status]}</span>
      {result.rank !== null && (
        <span className="text-xs text-stone-600">
          {result.rank <= k ? `rank ${result.rank}` : `rank ${result.rank} (outside top ${k})`}
        </span>
      )}
    </span>
  );
}

export function TodayLegend({ k }: { k: number }) {
  return (
    <p className="text-xs text-stone-600" aria-label="Legend">
      <b>Today</b> ranks each query on the draft with K = {k}:{" "}
      <span className={`rounded px-1 ${STYLE.pass}`}>pass</span> every expected tool is in the top {k} (for “no tool
      should match”: nothing is returned), <span className={`rounded px-1 ${STYLE.partial}`}>partly</span> some are,{" "}
      <span className={`rounded px-1 ${STYLE.fail}`}>fail</span> none are. The rank is where the first expected tool
      lands.
    </p>
  );
}
