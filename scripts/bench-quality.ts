// `npm run bench:quality`: ranking quality of every labelled set (search/testing/sets/manifest.json) for the
// stockroom profile against codex-bm25 on the same search text; prints the table and writes it to
// docs/benchmarks.md. `--json` prints the rows instead. Numbers only: the tests assert properties.
// `--halves` adds, for the two catalogs nobody here curated, a row per fixed half of their requests (`:dev`, the half a
// tuning pass may look at, and `:held`, the half it must not; see `requestHalf`), so a change is judged where it was not fitted.
import {
  createSearchIndex,
  currentPacks,
  evaluateRankings,
  type EngineProfile,
  type SearchIndex,
} from "../search/index";
import type { LabelledQuery } from "../search/testing/corpus";
import { readCatalog, readManifest, readSetQueries, type CatalogId } from "../search/testing/labelled-sets";
import { writeBenchSection } from "./lib/bench-report";
import { corpusShareTable } from "./lib/corpus-share";

const K = 8;
/** What is measured: the profile, and for stockroom the vocabulary packs (both, both and learned, or general alone). */
const VARIANTS = [
  { name: "stockroom", profile: "stockroom", packs: ["general", "popular-servers"] },
  { name: "stockroom + learned", profile: "stockroom", packs: ["general", "popular-servers", "learned"] },
  { name: "stockroom, general pack", profile: "stockroom", packs: ["general"] },
  { name: "codex-bm25", profile: "codex-bm25", packs: [] },
] as const satisfies ReadonlyArray<{ name: string; profile: EngineProfile; packs: readonly string[] }>;
type Variant = (typeof VARIANTS)[number];

interface Row {
  set: string;
  tuned: boolean;
  profile: Variant["name"];
  answerable: number;
  successAt1: number;
  successAt8: number;
  /** English requests only (null when the set has none with gold). */
  enSuccessAt8: number | null;
  ndcg10: number;
  empty: number;
  noMatch: number;
  noMatchEmpty: number | null;
  /** With weak hits dropped (a catalog's opt-in): answerable requests left with nothing, and no-match requests emptied. */
  dropEmpty: number;
  dropNoMatchEmpty: number | null;
  /** Of the answerable requests whose top hit is right, the share whose top hit is labelled strong (null: none). */
  rightStrong: number | null;
}

/** The catalogs whose requests are split into halves by `--halves`. */
const SPLIT_CATALOGS: readonly CatalogId[] = ["metatool", "bfcl-python"];

/** A request's fixed half: FNV-1a (32 bit) of its text, even → "dev", odd → "held". Stable across runs and machines. */
export function requestHalf(query: string): "dev" | "held" {
  let hash = 0x811c9dc5;
  for (let i = 0; i < query.length; i++) hash = Math.imul(hash ^ query.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % 2 === 0 ? "dev" : "held";
}

const indexes = new Map<string, SearchIndex>();
function indexFor(catalog: CatalogId, variant: Variant, dropWeakHits = false): SearchIndex {
  const key = `${catalog}/${variant.name}/${dropWeakHits}`;
  let index = indexes.get(key);
  if (!index) {
    const vocabulary = { packs: currentPacks(variant.packs), lines: "" };
    indexes.set(
      key,
      (index = createSearchIndex(readCatalog(catalog), { profile: variant.profile, dropWeakHits, vocabulary })),
    );
  }
  return index;
}

/** Of the answerable requests whose top hit is right, the share labelled strong. */
function rightStrongShare(index: SearchIndex, queries: readonly LabelledQuery[]): number | null {
  const right = queries.flatMap((q) => {
    const top = index.search(q.query, 1)[0];
    return top && q.gold.includes(top.id) ? [top.strength === "strong"] : [];
  });
  return right.length === 0 ? null : right.filter(Boolean).length / right.length;
}

function rank(index: SearchIndex, queries: readonly LabelledQuery[], depth: number) {
  return queries.map((q) => ({ gold: q.gold, ranked: index.search(q.query, depth).map((hit) => hit.id) }));
}

function measure(halves: boolean): Row[] {
  const rows: Row[] = [];
  const parts = readManifest().flatMap((set) => {
    const queries = readSetQueries(set);
    const whole = [{ id: set.id, set, queries }];
    if (!halves || !SPLIT_CATALOGS.includes(set.catalog)) return whole;
    return [
      ...whole,
      ...(["dev", "held"] as const).map((half) => ({
        id: `${set.id}:${half}`,
        set,
        queries: queries.filter((q) => requestHalf(q.query) === half),
      })),
    ];
  });
  for (const { id, set, queries } of parts) {
    for (const variant of VARIANTS) {
      const results = rank(indexFor(set.catalog, variant), queries, 10);
      const atK = evaluateRankings(
        results.map((r) => ({ ...r, ranked: r.ranked.slice(0, K) })),
        K,
      );
      const at10 = evaluateRankings(results, 10);
      const english = queries.filter((q) => (q.lang ?? "en") === "en" && q.gold.length > 0);
      const dropped = evaluateRankings(rank(indexFor(set.catalog, variant, true), queries, K), K);
      rows.push({
        set: id,
        tuned: set.tuned,
        profile: variant.name,
        answerable: atK.count,
        successAt1: atK.successAt1,
        successAt8: atK.successAtK,
        enSuccessAt8:
          english.length > 0 ? evaluateRankings(rank(indexFor(set.catalog, variant), english, K), K).successAtK : null,
        ndcg10: at10.ndcg10,
        empty: atK.noHit,
        noMatch: results.length - atK.count,
        noMatchEmpty: atK.noMatchEmptyRate,
        dropEmpty: dropped.noHit,
        dropNoMatchEmpty: dropped.noMatchEmptyRate,
        rightStrong: rightStrongShare(indexFor(set.catalog, variant), queries),
      });
    }
  }
  return rows;
}

const pct = (x: number | null) => (x === null ? "–" : (100 * x).toFixed(1));

function table(rows: Row[]): string {
  const head =
    "| set | tuned on | profile | answerable | s@1 | s@8 | en s@8 | nDCG@10 | answerable empty | no-match empty | weak dropped: answerable empty / no-match empty | top hit right and strong |";
  const share = (n: number, of: number) => `${n} (${pct(of ? n / of : 0)} %)`;
  const lines = rows.map((r) =>
    [
      r.set,
      r.tuned ? "yes" : "no",
      r.profile,
      r.answerable,
      pct(r.successAt1),
      pct(r.successAt8),
      pct(r.enSuccessAt8),
      pct(r.ndcg10),
      share(r.empty, r.answerable),
      r.noMatch ? `${pct(r.noMatchEmpty)} % of ${r.noMatch}` : "–",
      `${share(r.dropEmpty, r.answerable)} / ${r.noMatch ? `${pct(r.dropNoMatchEmpty)} %` : "–"}`,
      r.rightStrong === null ? "–" : `${pct(r.rightStrong)} %`,
    ].join(" | "),
  );
  return [head, `|${"---|".repeat(12)}`, ...lines.map((l) => `| ${l} |`)].join("\n");
}

/** The issue's comparisons: leads over codex-bm25 on the catalogs nobody here curated, and the blind demo sets' English s@8. */
function summary(rows: Row[]): string {
  const row = (set: string, profile: string) => rows.find((r) => r.set === set && r.profile === profile)!;
  const lead = (set: string, profile: string) => {
    const ours = row(set, profile);
    const codex = row(set, "codex-bm25");
    const d = (a: number, b: number) => `${a >= b ? "+" : ""}${(100 * (a - b)).toFixed(1)}`;
    return `${set} (${profile}): nDCG@10 ${d(ours.ndcg10, codex.ndcg10)}, s@8 ${d(ours.successAt8, codex.successAt8)}, s@1 ${d(ours.successAt1, codex.successAt1)} over codex-bm25`;
  };
  const blind = ["heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10"];
  const average = (profile: string) =>
    pct(blind.reduce((sum, set) => sum + (row(set, profile).enSuccessAt8 ?? 0), 0) / blind.length);
  const leadSets = rows.some((r) => r.set === "metatool:dev")
    ? SPLIT_CATALOGS.flatMap((c) => [c, `${c}:dev`, `${c}:held`])
    : [...SPLIT_CATALOGS];
  return [
    ...VARIANTS.filter((v) => v.profile === "stockroom").flatMap((v) => leadSets.map((set) => lead(set, v.name))),
    `heldout5–10 English s@8 average: ${VARIANTS.map((v) => `${v.name} ${average(v.name)}`).join(", ")}`,
  ]
    .map((line) => `- ${line}`)
    .join("\n");
}

const rows = measure(process.argv.includes("--halves"));
if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify(rows)}\n`);
else {
  const sets = readManifest().map((set) => ({ id: set.id, queries: readSetQueries(set) }));
  const body = `${summary(rows)}\n\n${table(rows)}\n\nPercentages; s@8 and the empty counts at limit ${K}, nDCG@10 at limit 10; all languages of a set together.\n\nThe training corpus (../shared/corpus/train) and each set's words:\n\n${corpusShareTable(sets)}`;
  process.stdout.write(`${body}\n`);
  if (!process.argv.includes("--no-write")) writeBenchSection("quality", "Search quality on every labelled set", body);
}
