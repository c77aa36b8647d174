import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { measureFunctions } from "./lib/function-length";

/** The longest a function may be, counted as a reader does (scripts/lib/function-length.ts). */
const MAX_LINES = 60;
const ROOTS = ["app", "components", "server", "domain", "sdk", "search", "scripts", "e2e"];
/** Generated files: vendored code and data tables. */
const SKIPPED = ["search/vendor/", "search/data/"];
const ROOT = path.resolve(import.meta.dirname, "..");
/**
 * Functions that were longer than MAX_LINES by this count when it was introduced (Biome's count, which it
 * replaces, reads most JSX as a few lines), with their length then: to split (#18 item 4), never to add to.
 * Keyed by path and name, so moving a function within its file keeps its entry.
 */
const NOT_SPLIT_YET: Record<string, number> = {
  "app/t/[team]/[catalog]/history/page.tsx HistoryPage": 73,
  "components/catalog/new-catalog-form.tsx NewCatalogForm": 91,
  "components/catalog/setup-checklist.tsx SetupChecklist": 73,
  "components/first-request/cost-figures.tsx CostFigures": 83,
  "components/first-request/payload-view.tsx PayloadView": 64,
  "components/golden/golden-import.tsx GoldenImport": 99,
  "components/golden/golden-query-form.tsx GoldenQueryForm": 86,
  "components/history/history-filters-form.tsx HistoryFiltersForm": 65,
  "components/insights/events-list.tsx EventsList": 76,
  "components/insights/failing-requests.tsx FailingRequests": 87,
  "components/insights/insights-panel.tsx InsightsPanel": 96,
  "components/insights/term-suggestions.tsx TermSuggestions": 62,
  "components/invite-form.tsx InviteForm": 88,
  "components/playground/compare-panel.tsx ComparePanel": 71,
  "components/playground/save-golden-button.tsx SaveGoldenButton": 68,
  "components/review/publish-form.tsx PublishForm": 70,
  "components/snapshots/rollback-form.tsx RollbackForm": 80,
  "components/tools/bulk-bar.tsx BulkBar": 82,
  "components/tools/tool-editor/conflict-banner.tsx ConflictBanner": 65,
  "components/tools/tool-editor/tool-actions.tsx ToolActions": 69,
  "sdk/testing/snapshot-server.ts sampleContent": 68,
  "server/services/insights/insights-overview.ts getInsightsOverview": 65,
  "server/services/insights/plan-batch.ts planRow": 69,
  "server/services/insights/suggest-search-terms.ts suggestSearchTerms": 67,
};

function trackedSources(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--", ...ROOTS], { cwd: ROOT, encoding: "utf8" });
  return out
    .split("\0")
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .filter((file) => !SKIPPED.some((dir) => file.startsWith(dir)));
}

const lengths = (text: string) => measureFunctions("sample.ts", text).map(({ name, lines }) => `${name}: ${lines}`);

describe("function length, counted as a reader does", () => {
  it("skips blank and comment-only lines", () => {
    const text = ["function f() {", "  // why", "", "  /* note", "     more */", "  return 1; // trailing", "}"];
    expect(lengths(text.join("\n"))).toEqual(["f: 3"]);
  });

  it("folds a nested callback's body into its first line and counts it for the callback", () => {
    const text = [
      'describe("suite", () => {',
      "  const x = 1;",
      '  it("one", () => {',
      "    expect(x).toBe(1);",
      "    expect(x).toBe(1);",
      "  });",
      "});",
    ];
    expect(lengths(text.join("\n"))).toEqual(['describe("suite") callback: 4', 'it("one") callback: 4']);
  });

  it("exempts a function with a function-length comment on the line before", () => {
    const text = ["// function-length: a generated table", "function f() {", "  return 1;", "}"];
    expect(measureFunctions("sample.ts", text.join("\n"))).toEqual([{ line: 2, name: "f", lines: 3, exempt: true }]);
  });

  it("counts JSX text but not JSX comments", () => {
    const text = [
      "function C() {",
      "  return (",
      "    <p>",
      "      {/* note */}",
      "      Hello",
      "    </p>",
      "  );",
      "}",
    ];
    expect(measureFunctions("sample.tsx", text.join("\n")).map((f) => f.lines)).toEqual([7]);
  });
});

describe(`every function in the tracked sources is at most ${MAX_LINES} lines`, () => {
  const offenders = new Map<string, string>();
  beforeAll(() => {
    for (const file of trackedSources()) {
      for (const fn of measureFunctions(file, readFileSync(path.join(ROOT, file), "utf8"))) {
        if (fn.lines <= MAX_LINES || fn.exempt) continue;
        offenders.set(`${file} ${fn.name}`, `${file}:${fn.line} ${fn.name} ${fn.lines} lines`);
      }
    }
  }, 120_000); // about 6 s alone; longer beside the other test files on a busy machine
  const linesOf = (report: string) => Number(/ (\d+) lines$/.exec(report)![1]);

  it("has no offenders but the ones not split yet, and none of those grew", () => {
    const unexpected = [...offenders]
      .filter(([key, report]) => !(key in NOT_SPLIT_YET) || linesOf(report) > NOT_SPLIT_YET[key]!)
      .map(([, report]) => report);
    expect(unexpected).toEqual([]);
  });

  it("lists only functions that are still too long (remove a function from NOT_SPLIT_YET once split)", () => {
    expect(Object.keys(NOT_SPLIT_YET).filter((key) => !offenders.has(key))).toEqual([]);
  });
});
