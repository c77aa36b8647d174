// `npm run bench:browser`: the tool list of a 10,000-tool catalog in headless Chromium (Debian's, as the e2e tests
// run it), frame by frame. A requestAnimationFrame loop records every frame's interval while the page is
// scrolled (by script, each frame, so the main thread's work shows) at a reading pace and at a fling's, and while a
// search is typed; long tasks come from the browser's PerformanceObserver. Prints, per scenario: frames, p50/p95/max
// interval, the share of frames over 16.7 ms (a frame missed at 60 Hz) and over 50 ms, long tasks, and the most
// rows the DOM held. Peers from the same run: the page at rest (the machine's floor) and a plain 10,000-row HTML
// table scrolled the same way (all rows in the DOM, no script). Nothing is asserted: it prints.
// Bounded: BENCH_SECONDS per scroll (default 4); the app's regular build (NEXT_DIST_DIR, default .next, made when
// stale), a throw-away embedded database, loopback only.
import { chromium, type Page } from "@playwright/test";
import { BIG_COUNT, bigToolsList, importBigCatalog, ZEBRA, ZEBRA_COUNT } from "../e2e/fixtures/big-catalog";
import { CHROMIUM_ARGS } from "../playwright.config";
import { startAppServer } from "./lib/app-server";
import { recordBenchOutput } from "./lib/bench-report";
import { BENCH_DIST_DIRS, benchDistDir } from "./lib/next-dist-dir";
import { SessionClient } from "./lib/session-client";

const report = recordBenchOutput("browser", "Browser: the tool list of 10,000 tools (`npm run bench:browser`)");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const DIST_DIR = benchDistDir(BENCH_DIST_DIRS.browser);
const VIEWPORT = { width: 1280, height: 800 };
/** The list scrolls with the page, and so does the peer table. */
const SCROLLER = "html";

// In-page code as text: a function handed to page.evaluate would carry the TypeScript runner's helpers with it.
const RECORDER = `
window.bench = {
  start(rowSelector) {
    const rec = (window.benchRec = { deltas: [], long: [], maxRows: 0, stopped: false });
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
    return { deltas: rec.deltas, long: rec.long, maxRows: rec.maxRows };
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
}

/** Runs `act` with frames recorded; the first and last frames (the recorder's own start and stop) are left out. */
async function recorded(page: Page, rowSelector: string, act: () => Promise<unknown>): Promise<Recording> {
  await page.evaluate(`window.bench.start(${JSON.stringify(rowSelector)})`);
  await act();
  const rec = (await page.evaluate("window.bench.stop()")) as Recording;
  return { ...rec, deltas: rec.deltas.slice(1, -1) };
}

const scrollFor = (page: Page, pxPerSecond: number) => () =>
  page.evaluate(`window.bench.scroll(${JSON.stringify(SCROLLER)}, ${pxPerSecond}, ${SECONDS})`);
const wait = (ms: number) => () => new Promise((resolve) => setTimeout(resolve, ms));

function row(label: string, { deltas, long, maxRows }: Recording): string {
  const sorted = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const share = (ms: number) =>
    `${((100 * deltas.filter((d) => d > ms).length) / Math.max(1, deltas.length)).toFixed(1)}%`;
  const longSum = long.reduce((a, b) => a + b, 0);
  const cells = [
    String(deltas.length),
    at(0.5).toFixed(1),
    at(0.95).toFixed(1),
    (sorted.at(-1) ?? 0).toFixed(1),
    share(16.7),
    share(50),
    `${long.length} (${longSum.toFixed(0)} ms)`,
    String(maxRows),
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

async function signedInPage(url: string, client: SessionClient): Promise<Page> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: VIEWPORT });
  const cookies = client.cookieHeader.split("; ").map((pair) => {
    const eq = pair.indexOf("=");
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url };
  });
  await context.addCookies(cookies);
  return context.newPage();
}

/** The demo user's team gets a new catalog of 10,000 tools, imported as the Import page's JSON import does. */
async function bigCatalog(url: string): Promise<{ client: SessionClient; path: string }> {
  const client = new SessionClient(url);
  await client.signIn("demo@stockroom.local", "stockroom-demo");
  const catalog = await client.mutate<{ slug: string }>("catalog.create", { team: "demo", name: "Ten thousand" });
  const started = performance.now();
  const { created } = await importBigCatalog((p, input) => client.mutate(p, input), {
    team: "demo",
    catalog: catalog.slug,
  });
  if (created !== BIG_COUNT) throw new Error(`imported ${created} tools, not ${BIG_COUNT}`);
  console.log(`bench:browser — imported ${created} tools in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { client, path: `/t/demo/${catalog.slug}` };
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
  const search = page.getByLabel("Search tools");
  const typing = async () => {
    await search.pressSequentially(ZEBRA, { delay: 120 });
    await page.getByText(`${ZEBRA_COUNT.toLocaleString("en-US")} tools`, { exact: true }).waitFor();
    await page.waitForTimeout(500);
  };
  lines.push(row(`app list, type "${ZEBRA}" until ${ZEBRA_COUNT} match`, await recorded(page, rows, typing)));
  lines.push(row("app list (filtered), scroll 8,000 px/s", await recorded(page, rows, scrollFor(page, 8000))));
  return lines;
}

async function measurePeer(page: Page): Promise<string[]> {
  await page.setContent(staticTable());
  await page.evaluate(RECORDER);
  await page.waitForTimeout(1000);
  return [
    row("peer: plain 10,000-row table, scroll 1,500 px/s", await recorded(page, "tbody tr", scrollFor(page, 1500))),
    row("peer: plain 10,000-row table, scroll 8,000 px/s", await recorded(page, "tbody tr", scrollFor(page, 8000))),
  ];
}

const server = await startAppServer({ distDir: DIST_DIR, env: { STOCKROOM_SIGNIN_PER_MINUTE: "1000" } });
try {
  const { client, path } = await bigCatalog(server.url);
  const page = await signedInPage(server.url, client);
  try {
    const app = await measureApp(page, `${server.url}${path}`);
    const peer = await measurePeer(page);
    console.log(
      `\nHeadless Chromium ${page.context().browser()!.version()}, ${VIEWPORT.width}×${VIEWPORT.height}, --disable-gpu; ` +
        `${SECONDS} s per scroll, the page scrolled by script each frame.\n`,
    );
    console.log(
      "| scenario | frames | p50 ms | p95 ms | max ms | > 16.7 ms | > 50 ms | long tasks (total) | rows in DOM (max) |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const line of [...app, ...peer]) console.log(line);
  } finally {
    await page.context().browser()!.close();
  }
  report.write();
} finally {
  await server.stop();
}
