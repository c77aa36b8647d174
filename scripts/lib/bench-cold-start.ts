// `npm run bench:api -- --part cold`: an agent's cold start against the built app. A 10,000-tool catalog (the demo
// corpus and deterministic variants) is published; then, several runs each, the SDK's `connect()` (fetch over HTTP,
// verify the hash, build the index) and its first search, in a fresh state each run, beside the peer: MiniSearch
// building its index over the same tools' search text, already in memory (no network, no parsing, no checking).
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import MiniSearch from "minisearch";
import { connect, StockroomCatalog, verifySnapshot } from "../../sdk/index";
import { forgetAnalysedTexts } from "../../search/index";
import { VERB_SWAPS } from "./bench-search-corpus";
import { seededRandom } from "./seeded-random";
import type { SessionClient } from "./session-client";

export const COLD_TOOL_COUNT = 10_000;
const QUERY = "create a pull request";
const IMPORT_CHUNK = 1_000; // tools per import request: the tRPC body limit is 5 MB
const SUFFIXES = ["eu", "staging", "internal", "v2", "sandbox", "legacy", "cloud", "team", "enterprise"];
const MORE_SUFFIXES = ["self_hosted", "us", "apac", "dev", "qa", "archive", "mirror"];

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters: unknown;
}

/**
 * `count` tools: the 724-tool demo corpus, then copies in other namespaces (`<namespace>_<suffix>`) with some verbs
 * of their names swapped and some descriptions' sentences rotated (seeded), so the texts are not all repeats.
 */
export function coldStartTools(count = COLD_TOOL_COUNT): CorpusTool[] {
  const corpus = readFileSync("prisma/seed-data/tools.jsonl", "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as CorpusTool);
  const suffixes = [...SUFFIXES, ...MORE_SUFFIXES];
  const next = seededRandom(39);
  const taken = new Set<string>();
  const tools: CorpusTool[] = [];
  for (let i = 0; tools.length < count; i++) {
    const tool = corpus[i % corpus.length]!;
    const round = Math.floor(i / corpus.length);
    if (round === 0) {
      tools.push(tool);
      continue;
    }
    const namespace = `${tool.namespace}_${suffixes[(round - 1) % suffixes.length]}${round > suffixes.length ? round : ""}`;
    const [verb, ...rest] = tool.name.split(/(?=[_-])/);
    const swaps = VERB_SWAPS[verb!.toLowerCase()];
    const swapped = swaps && next() < 0.6 ? [swaps[Math.floor(next() * swaps.length)]!, ...rest].join("") : tool.name;
    const name = taken.has(`${namespace}.${swapped}`) ? tool.name : swapped;
    const sentences = tool.description.split(/(?<=\.)\s+/);
    const description =
      sentences.length > 1 && next() < 0.5 ? [...sentences.slice(1), sentences[0]].join(" ") : tool.description;
    taken.add(`${namespace}.${name}`);
    tools.push({ ...tool, namespace, name, description });
  }
  return tools;
}

/** Tools by namespace, in order of first appearance (Map.groupBy is Node 21+). */
function byNamespace(tools: readonly CorpusTool[]): Map<string, CorpusTool[]> {
  const groups = new Map<string, CorpusTool[]>();
  for (const tool of tools) {
    const group = groups.get(tool.namespace);
    if (group) group.push(tool);
    else groups.set(tool.namespace, [tool]);
  }
  return groups;
}

/** The tools as OpenAI namespaces (the import format), every tool deferred. */
function asNamespaces(tools: readonly CorpusTool[]): unknown[] {
  return [...byNamespace(tools)].map(([ns, members]) => ({
    type: "namespace",
    name: ns,
    description: `Tools of the ${ns.replace(/_/g, " ")} MCP server.`,
    tools: members.map((t) => ({
      type: "function",
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      defer_loading: true,
    })),
  }));
}

/** Imports the tools into a new catalog (whole namespaces, ~1,000 tools a request), publishes it, makes a token. */
export async function publishColdStartCatalog(owner: SessionClient, tools: readonly CorpusTool[]) {
  const catalog = await owner.mutate<{ slug: string }>("catalog.create", { team: "demo", name: "Bench cold start" });
  const scope = { team: "demo", catalog: catalog.slug };
  const options = { namespace: null, mcpServer: null, exposure: "deferred" };
  let chunk: CorpusTool[] = [];
  let created = 0;
  const flush = async () => {
    const text = JSON.stringify(asNamespaces(chunk));
    const preview = await owner.mutate<{ fingerprint: string }>("import.preview", { ...scope, text, options });
    const fingerprint = preview.fingerprint;
    created += (await owner.mutate<{ created: number }>("import.commit", { ...scope, text, options, fingerprint }))
      .created;
    chunk = [];
  };
  for (const members of byNamespace(tools).values()) {
    if (chunk.length + members.length > IMPORT_CHUNK) await flush();
    chunk.push(...members);
  }
  await flush();
  const published = await owner.mutate<{ version: number }>("review.publish", {
    ...scope,
    note: "bench cold start",
    acknowledgement: "benchmark catalog: its safety findings are not the subject",
  });
  const { secret } = await owner.mutate<{ secret: string }>("token.create", { ...scope, name: "bench cold start" });
  return { ...scope, token: secret, created, version: published.version };
}

export interface ColdTarget {
  url: string;
  token: string;
  team: string;
  catalog: string;
}

const gc: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Wall time of `run` and this process's CPU time in it (the app serves the fetch in its own process), from a collected
 * heap so one run's garbage is not swept in the next one's time.
 */
async function timed<T>(run: () => T | Promise<T>): Promise<{ ms: number; cpuMs: number; value: T }> {
  gc();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value };
}

type Sample = { ms: number; cpuMs: number };

/** The SDK's cold start: a new client, nothing remembered from earlier runs, ready once its first search answers. */
async function sdkColdStart(target: ColdTarget): Promise<Sample> {
  forgetAnalysedTexts(); // the analyzers' memo is module-wide: a fresh agent process has none
  const { value, ...sample } = await timed(async () => {
    const catalog = await connect({ ...target, telemetry: false });
    if (catalog.search(QUERY).length === 0) throw new Error(`no hit for ${JSON.stringify(QUERY)}`);
    return catalog;
  });
  await value.close();
  return sample;
}

/** The peer: MiniSearch's index over the same search texts, built from memory (as bench:search configures it). */
async function miniSearchBuild(docs: ReadonlyArray<{ id: string; text: string }>): Promise<Sample> {
  const { ms, cpuMs } = await timed(() => {
    const index = new MiniSearch<{ id: string; text: string }>({ fields: ["text"], idField: "id" });
    index.addAll(docs);
    return index;
  });
  return { ms, cpuMs };
}

/** Where the SDK's time goes, step by step through its public pieces (the same work `connect()` does). */
async function sdkPhases(target: ColdTarget) {
  forgetAnalysedTexts();
  const url = `${target.url}/api/v1/catalogs/${target.team}/${target.catalog}/snapshots/latest`;
  // What the SDK sends from Node (sdk/http-client.ts).
  const headers = {
    authorization: `Bearer ${target.token}`,
    accept: "application/json",
    "accept-encoding": "br, gzip, deflate",
  };
  const fetched = await timed(async () => (await fetch(url, { headers })).text());
  const parsed = await timed(() => JSON.parse(fetched.value) as unknown);
  const verified = await timed(() => verifySnapshot(parsed.value));
  const indexed = await timed(() => new StockroomCatalog({ ...target, telemetry: false }, verified.value, "network"));
  const searched = await timed(() => indexed.value.search(QUERY));
  return {
    fetch: fetched.ms,
    parse: parsed.ms,
    verify: verified.ms,
    index: indexed.ms,
    search: searched.ms,
    bytes: fetched.value.length,
    snapshot: verified.value,
  };
}

const fmt = (ms: number) => `${ms.toFixed(0).padStart(5)} ms`;

const PHASES = ["fetch", "parse", "verify", "index", "search"] as const;
type Steps = Record<(typeof PHASES)[number], number[]>;

/** Both sides `runs` times, alternating (load drifts alike for both), then the SDK's steps in up to 3 more runs. */
async function collect(target: ColdTarget, docs: ReadonlyArray<{ id: string; text: string }>, runs: number) {
  await miniSearchBuild(docs); // warm-up
  const sdk: Sample[] = [];
  const peer: Sample[] = [];
  for (let run = 0; run < runs; run++) {
    sdk.push(await sdkColdStart(target));
    peer.push(await miniSearchBuild(docs));
  }
  const steps: Steps = { fetch: [], parse: [], verify: [], index: [], search: [] };
  for (let run = 0; run < Math.min(runs, 3); run++) {
    const phases = await sdkPhases(target);
    for (const phase of PHASES) steps[phase].push(phases[phase]);
  }
  return { sdk, peer, steps };
}

const wall = (samples: readonly Sample[]) => median(samples.map((sample) => sample.ms));
const cpu = (samples: readonly Sample[]) => median(samples.map((sample) => sample.cpuMs));
const runsOf = (samples: readonly Sample[]) => samples.map((sample) => sample.ms.toFixed(0)).join(", ");

function report(sdk: readonly Sample[], peer: readonly Sample[], steps: Steps, tools: number): void {
  const step = (phase: (typeof PHASES)[number]) => median(steps[phase]).toFixed(0);
  const ratio = wall(sdk) / wall(peer);
  console.log(`${sdk.length} runs each, alternating, after one warm-up run of each; gc before every run\n`);
  console.log(
    `SDK cold start   median ${fmt(wall(sdk))} (CPU ${fmt(cpu(sdk))})   runs ${runsOf(sdk)} ms   connect() (fetch, verify, index) + first search`,
  );
  console.log(
    `MiniSearch build median ${fmt(wall(peer))} (CPU ${fmt(cpu(peer))})   runs ${runsOf(peer)} ms   addAll over the same ${tools} search texts, from memory`,
  );
  console.log(
    `ratio SDK / MiniSearch ${ratio.toFixed(2)}× (CPU of this process: ${(cpu(sdk) / cpu(peer)).toFixed(2)}×) — goal ≤ 0.5×: ${ratio <= 0.5 ? "met" : "not met"}`,
  );
  console.log(
    `\nSDK steps (median of ${steps.fetch.length} more runs, step by step): fetch + body ${step("fetch")} ms, JSON.parse ${step("parse")} ms, verify (schema + canonical JSON + SHA-256) ${step("verify")} ms, index and lookups ${step("index")} ms, first search ${step("search")} ms`,
  );
}

/** An agent's cold start against MiniSearch's build, printed with the load average around the measurement. */
export async function measureColdStart(target: ColdTarget, runs: number): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const warm = await sdkPhases(target); // the SDK side's warm-up (and the server's first answer of this snapshot)
  const docs = warm.snapshot.tools.map((tool) => ({ id: tool.id, text: tool.searchText }));
  const { sdk, peer, steps } = await collect(target, docs, runs);
  console.log(
    `snapshot: ${docs.length} tools, v${warm.snapshot.version}, ${(warm.bytes / 2 ** 20).toFixed(1)} MiB of JSON`,
  );
  report(sdk, peer, steps, docs.length);
  console.log(
    `\nload average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores while measuring: times inflate with load (the app serves the fetch on the same cores); the ratio compares two sides of one run`,
  );
}
