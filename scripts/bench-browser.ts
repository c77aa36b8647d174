// `npm run bench:browser`: the tool list of a 10,000-tool catalog in headless Chromium (Debian's, as the e2e tests
// run it), frame by frame. A requestAnimationFrame loop records every frame's interval while the page is scrolled
// (by script, each frame, so the main thread's work shows) at a reading pace, a fling's and faster, while a search is
// typed, and across End / Home jumps; long tasks come from the browser's PerformanceObserver. Prints, per scenario:
// frames, p50/p95/max interval, the share of intervals over one 60 Hz frame (16.7 ms; counted past 20 ms, as rAF
// times jitter by ±0.2 ms) and over 50 ms, the frames dropped, long tasks, the most rows the DOM held and the share of
// drawn rows still waiting for their page ("Loading…"). Peers from the same run: the page at rest (the machine's
// floor) and a plain 10,000-row HTML table scrolled the same way (all rows in the DOM, no script). Nothing is
// asserted: it prints, and writes its section of docs/benchmarks.md. BENCH_PROFILE=1 adds the main thread's time by
// trace event per scenario (tracing slows the frames it measures).
// Bounded: BENCH_SECONDS per scroll (default 4); the app's regular build (NEXT_DIST_DIR, default .next, made when
// stale), a throw-away embedded database, loopback only.
import { availableParallelism, loadavg } from "node:os";
import { chromium, type Page } from "@playwright/test";
import { BIG_COUNT, bigToolsList, importBigCatalog, ZEBRA, ZEBRA_COUNT } from "../e2e/fixtures/big-catalog";
import { CHROMIUM_ARGS } from "../playwright.config";
import { startAppServer } from "./lib/app-server";
import { recordBenchOutput } from "./lib/bench-report";
import { BENCH_DIST_DIRS, benchDistDir } from "./lib/next-dist-dir";
import { SessionClient } from "./lib/session-client";
import { mainThreadSelfTimes } from "./lib/trace-profile";

const report = recordBenchOutput("browser", "Browser: the tool list of 10,000 tools (`npm run bench:browser`)");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const DIST_DIR = benchDistDir(BENCH_DIST_DIRS.browser);
const VIEWPORT = { width: 1280, height: 800 };
const DEMO = { email: "demo@stockroom.local", password: "stockroom-demo" };
/** The list scrolls with the page, and so does the peer table. */
const SCROLLER = "html";

// In-page code as text: a function handed to page.evaluate would carry the TypeScript runner's helpers with it.
const RECORDER = `
window.bench = {
  start(rowSelector) {
    const rec = (window.benchRec = { deltas: [], long: [], maxRows: 0, drawn: 0, loading: 0, stopped: false });
    rec.observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => rec.long.push(e.duration)));
    rec.observer.observe({ type: "longtask" });
    rec.rows = new MutationObserver(() => {
      rec.maxRows = Math.max(rec.maxRows, document.querySelectorAll(rowSelector).length);
    });
    rec.rows.observe(document.body, { childList: true, subtree: true });
    rec.maxRows = document.querySelectorAll(rowSelector).length;
    requestAnimationFrame((first) => {
      let last = first;
      const tick = (now) => {
        rec.deltas.push(now - last);
        last = now;
        // Rows drawn as "Loading…" (their page not fetched yet): a count, no layout read.
        rec.drawn += document.querySelectorAll(rowSelector).length;
        rec.loading += document.querySelectorAll('tr[aria-busy="true"]').length;
        if (!rec.stopped) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  },
  stop() {
    const rec = window.benchRec;
    rec.stopped = true;
    rec.observer.disconnect();
    rec.rows.disconnect();
    return { deltas: rec.deltas, long: rec.long, maxRows: rec.maxRows, loading: rec.loading / Math.max(1, rec.drawn) };
  },
  // Scrolls the element down (and back up at the end) at pxPerSecond, following the clock: a late frame moves further.
  scroll(selector, pxPerSecond, seconds) {
    const box = document.querySelector(selector);
    return new Promise((resolve) => {
      let direction = 1;
      let at = box.scrollTop;
      requestAnimationFrame((start) => {
        let last = start;
        const step = (now) => {
          const end = box.scrollHeight - box.clientHeight;
          at = Math.min(end, Math.max(0, at + (direction * pxPerSecond * (now - last)) / 1000));
          box.scrollTop = at;
          last = now;
          if (at >= end) direction = -1;
          if (at <= 0) direction = 1;
          if (now - start < seconds * 1000) requestAnimationFrame(step);
          else resolve(at);
        };
        requestAnimationFrame(step);
      });
    });
  },
};`;

interface Recording {
  deltas: number[];
  long: number[];
  maxRows: number;
  /** The share of drawn rows, over the frames, that were still placeholders. */
  loading: number;
}

/** BENCH_PROFILE=1: each scenario also prints where the page's main thread spent its time (a Chrome trace). */
const PROFILE = process.env.BENCH_PROFILE === "1";
const profiles: string[] = [];

/** Runs `act` with frames recorded; the first and last frames (the recorder's own start and stop) are left out. */
async function recorded(page: Page, rowSelector: string, act: () => Promise<unknown>): Promise<Recording> {
  const browser = page.context().browser()!;
  if (PROFILE) await browser.startTracing(page, { categories: ["devtools.timeline"] });
  await page.evaluate(`window.bench.start(${JSON.stringify(rowSelector)})`);
  await act();
  const rec = (await page.evaluate("window.bench.stop()")) as Recording;
  if (PROFILE) {
    const top = mainThreadSelfTimes(await browser.stopTracing()).slice(0, 8);
    profiles.push(top.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(", "));
  }
  return { ...rec, deltas: rec.deltas.slice(1, -1) };
}

const scrollFor = (page: Page, pxPerSecond: number) => () =>
  page.evaluate(`window.bench.scroll(${JSON.stringify(SCROLLER)}, ${pxPerSecond}, ${SECONDS})`);
const wait = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));

/** One 60 Hz frame. rAF times jitter by ±0.2 ms around it, so an interval counts as longer only past 20 ms. */
const FRAME_MS = 1000 / 60;
const OVER_ONE_FRAME_MS = 20;

function row(label: string, { deltas, long, maxRows, loading }: Recording): string {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const share = (ms: number) =>
    `${((100 * deltas.filter((d) => d > ms).length) / Math.max(1, deltas.length)).toFixed(1)}%`;
  // The frames a 60 Hz screen would have shown in the gaps: an interval of 50 ms stands for two dropped frames.
  const dropped = deltas.reduce((sum, d) => sum + Math.max(0, Math.round(d / FRAME_MS) - 1), 0);
  const longSum = long.reduce((a, b) => a + b, 0);
  const cells = [
    String(deltas.length),
    at(0.5).toFixed(1),
    at(0.95).toFixed(1),
    (sorted.at(-1) ?? 0).toFixed(1),
    share(OVER_ONE_FRAME_MS),
    share(50),
    `${dropped} (${((100 * dropped) / Math.max(1, deltas.length + dropped)).toFixed(1)}%)`,
    `${long.length} (${longSum.toFixed(0)} ms)`,
    String(maxRows),
    `${(100 * loading).toFixed(1)}%`,
  ];
  return `| ${label} | ${cells.join(" | ")} |`;
}

/** The peer: the same 10,000 tools as a plain HTML table in a page of its own, every row in the DOM. */
function staticTable(): string {
  const { tools } = JSON.parse(bigToolsList()) as { tools: Array<{ name: string; description: string }> };
  const rows = tools
    .map(
      (t) =>
        `<tr><td><input type="checkbox"></td><td>fleet.${t.name}</td><td>deferred</td><td>${t.description}</td></tr>`,
    )
    .join("");
  return `<!doctype html><body style="margin:0;font:14px sans-serif">
<table style="width:100%;table-layout:fixed;border-collapse:collapse"><tbody>${rows}</tbody></table></body>`;
}

/** A browser page signed in as the demo user (the sign-in goes through the context, which keeps its cookies). */
async function signedInPage(url: string): Promise<Page> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const response = await context.request.post(`${url}/api/auth/sign-in/email`, {
    headers: { origin: url },
    data: DEMO,
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  return context.newPage();
}

/** The demo user's team gets a new catalog of 10,000 tools, imported as the Import page's JSON import does. */
async function bigCatalog(url: string): Promise<string> {
  const client = new SessionClient(url);
  await client.signIn(DEMO.email, DEMO.password);
  const catalog = await client.mutate<{ slug: string }>("catalog.create", { team: "demo", name: "Ten thousand" });
  const started = performance.now();
  const { created } = await importBigCatalog((p, input) => client.mutate(p, input), {
    team: "demo",
    catalog: catalog.slug,
  });
  if (created !== BIG_COUNT) throw new Error(`imported ${created} tools, not ${BIG_COUNT}`);
  console.log(`bench:browser — imported ${created} tools in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return `/t/demo/${catalog.slug}`;
}

async function measureApp(page: Page, listUrl: string): Promise<string[]> {
  const rows = 'table[aria-label="Tools"] tbody tr[data-index]';
  await page.goto(listUrl);
  await page.getByText("10,000 tools", { exact: true }).waitFor();
  await page.evaluate(RECORDER);
  await page.waitForTimeout(1000);
  const lines = [row("app list at rest (the floor)", await recorded(page, rows, wait(SECONDS * 500)))];
  lines.push(row("app list, scroll 1,500 px/s", await recorded(page, rows, scrollFor(page, 1500))));
  lines.push(row("app list, scroll 8,000 px/s", await recorded(page, rows, scrollFor(page, 8000))));
  lines.push(row("app list, scroll 20,000 px/s", await recorded(page, rows, scrollFor(page, 20_000))));
  const search = page.getByLabel("Search tools");
  const typing = async () => {
    await search.pressSequentially(ZEBRA, { delay: 120 });
    await page.getByText(`${ZEBRA_COUNT.toLocaleString("en-US")} tools`, { exact: true }).waitFor();
    await page.waitForTimeout(500);
  };
  lines.push(row(`app list, type "${ZEBRA}" until ${ZEBRA_COUNT} match`, await recorded(page, rows, typing)));
  lines.push(row("app list (filtered), scroll 8,000 px/s", await recorded(page, rows, scrollFor(page, 8000))));
  await search.fill("");
  await page.getByText("10,000 tools", { exact: true }).waitFor();
  const jumps = async () => {
    for (const key of ["End", "Home", "End", "Home"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(750);
    }
  };
  await page.locator("h2").first().click(); // keys to the page, not the search box
  lines.push(row("app list, End / Home ×2 (jumps of 330,000 px)", await recorded(page, rows, jumps)));
  return lines;
}

async function measurePeer(page: Page): Promise<string[]> {
  await page.setContent(staticTable());
  await page.evaluate(RECORDER);
  await page.waitForTimeout(1000);
  return [
    row("peer: plain 10,000-row table, scroll 1,500 px/s", await recorded(page, "tbody tr", scrollFor(page, 1500))),
    row("peer: plain 10,000-row table, scroll 8,000 px/s", await recorded(page, "tbody tr", scrollFor(page, 8000))),
    row("peer: plain 10,000-row table, scroll 20,000 px/s", await recorded(page, "tbody tr", scrollFor(page, 20_000))),
  ];
}

const server = await startAppServer({ distDir: DIST_DIR, env: { STOCKROOM_SIGNIN_PER_MINUTE: "1000" } });
try {
  const path = await bigCatalog(server.url);
  const page = await signedInPage(server.url);
  try {
    const loadBefore = loadavg()[0]!;
    const app = await measureApp(page, `${server.url}${path}`);
    const peer = await measurePeer(page);
    const load = `load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
    console.log(
      `\nHeadless Chromium ${page.context().browser()!.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, --disable-gpu; ` +
        `${SECONDS} s per scroll, the page scrolled by script each frame; ${load} while measuring (other work on ` +
        "the machine drops frames on both sides: compare a row with its peer of the same run).\n",
    );
    console.log(
      "| scenario | frames | p50 ms | p95 ms | max ms | over 16.7 ms (> 20) | over 50 ms | frames dropped | long tasks (total) | rows in DOM (max) | rows drawn loading |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const line of [...app, ...peer]) console.log(line);
    if (PROFILE) {
      console.log("\nMain thread self time by trace event, per scenario (in the order above):");
      for (const line of profiles) console.log(`- ${line}`);
    }
  } finally {
    await page.context().browser()!.close();
  }
  report.write();
} finally {
  await server.stop();
}
