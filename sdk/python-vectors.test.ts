// Shared vectors for the Python SDK (python/tests/vectors), made here from the TypeScript code that defines
// the behaviour: RFC 8785 canonical JSON by npm `canonicalize`, turn-one tools and tool_search answers by
// sdk/. The test fails when a committed file differs from what the code produces now; UPDATE_VECTORS=1
// rewrites them. The Python tests read the same files (python/tests/test_vectors.py).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import {
  PYTHON_STOCKROOM_TABLES,
  PYTHON_TABLES,
  PYTHON_VOCABULARY,
  pythonStockroomTables,
  pythonTables,
  pythonVocabulary,
} from "../scripts/generate-python-tables";
import { createSearchIndex, type IndexDoc } from "../search/index";
import { toolReferenceResult } from "../domain/providers/anthropic-tool-search";
import { ChatToolSession } from "../domain/providers/chat-completions";
import { firstRequestTools, flatToolNames } from "../domain/providers/first-request";
import {
  legacyCanonicalJson,
  SNAPSHOT_FORMAT,
  sealSnapshot,
  type SnapshotContent,
  type SnapshotTool,
} from "../domain/snapshot/verify";
import { createSnapshotIndex } from "../domain/snapshot/snapshot-index";
import { buildToolSearchOutput } from "../domain/providers/tool-search-output";
import { resolveToolSearchPaths } from "../domain/providers/tool-search-paths";

const VECTORS = path.resolve(import.meta.dirname, "../python/tests/vectors");
const UPDATE = process.env.UPDATE_VECTORS === "1";

function checkFile(file: string, text: string) {
  if (UPDATE) writeFileSync(file, text);
  expect(
    readFileSync(file, "utf8"),
    `${path.basename(file)} is stale: run UPDATE_VECTORS=1 npx vitest run sdk/python-vectors.test.ts`,
  ).toBe(text);
}

/** JSON texts (parsed the same way on both sides) covering RFC 8785's edge cases. */
const JCS_INPUTS: Array<[string, string]> = [
  [
    "key order is UTF-16 code units (astral before U+FB33)",
    '{"\\u20ac":1,"\\r":2,"\\ud83d\\ude00":3,"\\ufb33":4,"a":5,"A":6,"\\u00e9":7,"":8}',
  ],
  [
    "RFC 8785 sample",
    '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
  ],
  [
    "integers and exponents",
    "[0,-0,1,-1,100,1e20,1e21,1e-6,1e-7,1.5e-7,9007199254740993,123456789012345680000,5e-324,1.7976931348623157e308]",
  ],
  ["fractions", "[0.1,0.2,0.30000000000000004,1.0,-1.5,3.14159,2.5e-5,0.000001,123.456e10,1e-10]"],
  [
    "string escapes",
    '["\\u0000\\u0001\\u001f\\b\\f\\n\\r\\t\\"\\\\/","\\u007f\\u0080\\u2028\\u2029","\\u00e9\\u20ac\\ud83d\\ude00 plain"]',
  ],
  ["nesting and empties", '{"b":[{},[],{"z":{"y":[1,{"x":null}]}}],"a":{"c":"","b":[[]]}}'],
  [
    "integer-like keys (v1's legacy form puts them first)",
    '{"10":1,"9":2,"b":{"2":[],"1":null},"a":4,"4294967295":5,"4294967294":6,"01":7,"-1":8}',
  ],
  ["lone surrogate is refused", '["\\ud800"]'],
  ["lone low surrogate key is refused", '{"\\udc00":1}'],
];

/** `canonical`: RFC 8785 (v2 snapshots); `legacy`: the form v1 snapshots were hashed over. */
function jcsVectors() {
  return JCS_INPUTS.map(([name, json]) => {
    const legacy = legacyCanonicalJson(JSON.parse(json));
    try {
      return { name, json, canonical: canonicalize(JSON.parse(json)) as string, legacy };
    } catch {
      return { name, json, error: true, legacy };
    }
  });
}

/** The same content sealed in both formats, with integer-like keys in a schema so the two hashes differ. */
async function snapshotVectors() {
  const tools = VECTOR_CONTENT.tools.map((t, i) =>
    i === 0
      ? {
          ...t,
          spec: {
            ...t.spec,
            parameters: { ...t.spec.parameters, properties: { "10": { type: "string" }, "9": { type: "string" } } },
          },
        }
      : t,
  );
  const sealed = [];
  for (const format of ["stockroom.snapshot/v1", "stockroom.snapshot/v2"] as const)
    sealed.push(await sealSnapshot({ ...VECTOR_CONTENT, format, tools }, 3, "2026-01-01T00:00:00.000Z"));
  return sealed;
}

const params = (prop: string) => ({
  type: "object",
  properties: { [prop]: { type: "string", description: "Ünïcode ✓" } },
  required: [prop],
});
function tool(id: string, exposure: "direct" | "deferred", extra: Partial<SnapshotTool> = {}): SnapshotTool {
  const [namespace, name] = id.includes(".") ? (id.split(".") as [string, string]) : [null, id];
  return {
    id,
    namespace,
    name,
    exposure,
    ...(exposure === "deferred" ? { fallback: "direct" as const } : {}),
    searchText: `${name} tool`,
    spec: {
      type: "function",
      name,
      description: `${name} description`,
      parameters: params(`${name}_id`),
      strict: name.length % 2 === 0,
    },
    ...extra,
  };
}

/** A small catalog with every case the shapes branch on: shared names, no namespace, fallbacks, MCP titles, a namespace without an entry. */
export const VECTOR_CONTENT: SnapshotContent = {
  format: SNAPSHOT_FORMAT,
  catalog: { team: "acme", slug: "support", name: "Support" },
  engine: { profile: "codex-bm25", k1: 1.2, b: 0.75, defaultLimit: 8 },
  namespaces: [
    { name: "crm", description: "Customer tools." },
    { name: "mail", description: "Mail tools." },
  ],
  tools: [
    tool("crm.list_open_orders", "deferred", { mcp: { server: "crm", title: "List open orders" } }),
    tool("crm.lookup", "deferred", { fallback: "hidden" }),
    tool("crm.send", "deferred"),
    tool("echo", "direct", { mcp: { server: null, title: null } }),
    tool("mail.send", "deferred"),
    tool("ops.lookup", "direct"),
    tool("ping", "deferred"),
    tool("zeta.ping", "deferred", { fallback: "hidden" }),
  ],
};

function firstRequestVectors() {
  const cases = [];
  for (const provider of ["openai", "anthropic", "mcp"] as const) {
    for (const supportsToolSearch of [true, false]) {
      for (const toolSearch of ["server", "client"] as const) {
        for (const toolSearchArguments of provider === "openai" && toolSearch === "client"
          ? (["query", "paths"] as const)
          : (["query"] as const)) {
          const options = { provider, supportsToolSearch, toolSearch, toolSearchArguments };
          cases.push({ options, tools: firstRequestTools(VECTOR_CONTENT, options) });
        }
      }
    }
  }
  const byId = new Map(VECTOR_CONTENT.tools.map((t) => [t.id, t]));
  const topLevel = flatToolNames(VECTOR_CONTENT.tools.filter((t) => t.exposure === "direct" || !t.namespace));
  const listed = flatToolNames([
    ...VECTOR_CONTENT.tools.filter((t) => t.exposure === "direct"),
    ...VECTOR_CONTENT.tools.filter((t) => t.exposure === "deferred"),
  ]);
  const paths = [["crm"], ["mail.send", "ping", "crm.lookup", "nope", "echo"], ["zeta", "crm.send", "crm"]].map(
    (list) => {
      const { toolIds, unknown } = resolveToolSearchPaths(VECTOR_CONTENT, list);
      const found = toolIds.map((id) => byId.get(id)!);
      return {
        paths: list,
        toolIds,
        unknown,
        openai: buildToolSearchOutput(VECTOR_CONTENT, "call_1", found, topLevel),
        anthropic: toolReferenceResult(
          "toolu_1",
          found.map((t) => listed.get(t.id)!),
        ),
      };
    },
  );
  return { content: VECTOR_CONTENT, cases, paths };
}

/** A scripted Chat Completions conversation on VECTOR_CONTENT (codex-bm25: Python ranks it locally). */
function chatVectors() {
  const index = createSnapshotIndex(VECTOR_CONTENT);
  const session = new ChatToolSession(
    { content: () => VECTOR_CONTENT, search: (query, limit) => index.search(query, limit) },
    2,
  );
  const turnOne = session.tools();
  const calls = [
    '{"query":"send","limit":2}',
    '{"query":"lookup"}',
    '{"query":"ping tool","limit":1}',
    "{}",
    "list open orders",
    '{"query":"send","limit":0}',
  ];
  const steps = calls.map((args, i) => {
    const call = { id: `call_${i}`, type: "function", function: { name: "tool_search", arguments: args } };
    return { call, ...session.answerToolCall(call), tools: session.tools() };
  });
  return { maxLoaded: 2, turnOne, steps };
}

/** A small catalog for the stockroom profile with every case its analysis branches on, and its own vocabulary lines. */
const RANKING_DOCS: IndexDoc[] = [
  ["github", "create_issue", "Create a new issue in a GitHub repository with a title and body."],
  ["github", "list_pull_requests", "List pull requests (PRs) of a repository, open or closed."],
  ["github", "get_pull_request", "Get one pull request by number."],
  ["github", "delete_repository", "Delete a repository permanently."],
  ["slack", "postMessage", "Post a message to a Slack channel such as #general."],
  ["slack", "list_channels", "List the channels of the workspace."],
  ["stripe", "create_refund", "Refund a charge, fully or partly."],
  ["stripe", "cancel_subscription", "Cancel a customer's subscription at period end."],
  ["files", "read_file", "Read the content of a file such as config.yaml or README.md."],
  ["web", "fetch_url", "Fetch a web page by URL and return its text."],
  ["invoices", "create_invoice", "Create an invoice for a customer. 为客户开具发票。"],
  ["weather", "get_forecast", "Weather forecast for a city: 天气预报，温度和降雨。"],
  ["calendar", "socialsearch", "Search social calendars and events."],
  ["", "ping", "Check that the service answers."],
].map(([namespace, name, description]) => ({
  id: namespace ? `${namespace}.${name}` : name!,
  name: name!,
  text: `${name} ${description}`,
  ...(namespace ? { namespace } : {}),
}));

const RANKING_VOCABULARY = {
  packs: [
    { id: "general", version: 1 },
    { id: "popular-servers", version: 1 },
  ],
  lines: "give money back > refund\n开票 > create invoice\nchannel room # rooms are channels here",
};

const RANKING_QUERIES = [
  "create issue",
  "create_issue",
  "github create_issue",
  "which PRs are still open on acme/api?",
  "show pull request 42",
  "delete the repo",
  "post to #general that the deploy is done",
  "tell @dana hello in slack",
  "give money back for the last charge",
  "cancel my subscription",
  "what's in config.yaml?",
  "summarize https://www.example.com/blog/post?id=3",
  "帮我开票",
  "明天北京的天气怎么样",
  "查一下上海的温度",
  "list channels",
  "social",
  "ping",
  "email my landlord",
  "CreateInvoice for ACME",
  "naïve café menu",
  "rooms",
];

/** The stockroom profile's answers on RANKING_DOCS, with the catalog's own vocabulary lines. */
function stockroomRankingVectors() {
  const settings = { profile: "stockroom" as const, k1: 1.2, b: 0.75, defaultLimit: 5, vocabulary: RANKING_VOCABULARY };
  const index = createSearchIndex(RANKING_DOCS, settings);
  const drop = createSearchIndex(RANKING_DOCS, { ...settings, dropWeakHits: true });
  const cases = RANKING_QUERIES.map((query) => ({
    query,
    hits: index.search(query, 8),
    defaultHits: index.search(query),
    strongOnly: drop.search(query, 8),
  }));
  return { settings, docs: RANKING_DOCS, cases };
}

describe("shared vectors for the Python SDK", () => {
  it("stockroom-profile rankings with a catalog's own vocabulary lines", () => {
    const vectors = stockroomRankingVectors();
    expect(vectors.cases.filter((c) => c.hits.some((h) => h.strength === "weak")).length).toBeGreaterThan(0);
    checkFile(path.join(VECTORS, "stockroom-ranking.json"), `${JSON.stringify(vectors, null, 2)}\n`);
  });

  it("the Python stockroom-profile tables are generated from search/", () => {
    checkFile(PYTHON_STOCKROOM_TABLES, pythonStockroomTables());
  });

  it("canonical JSON by npm canonicalize (RFC 8785)", () => {
    const vectors = jcsVectors();
    expect(vectors.filter((v) => "error" in v)).toHaveLength(2);
    expect(vectors.filter((v) => "canonical" in v && v.canonical !== v.legacy).map((v) => v.name)).toEqual([
      "integer-like keys (v1's legacy form puts them first)",
    ]);
    checkFile(path.join(VECTORS, "jcs.json"), `${JSON.stringify(vectors, null, 2)}\n`);
  });

  it("one content sealed as v1 (legacy hash) and as v2 (RFC 8785 hash)", async () => {
    const [v1, v2] = await snapshotVectors();
    expect(v1!.contentHash).not.toBe(v2!.contentHash);
    checkFile(path.join(VECTORS, "snapshots.json"), `${JSON.stringify([v1, v2], null, 2)}\n`);
  });

  it("turn-one tools and paths answers of the TypeScript SDK", () => {
    checkFile(path.join(VECTORS, "first-request.json"), `${JSON.stringify(firstRequestVectors(), null, 2)}\n`);
  });

  it("a Chat Completions conversation of the TypeScript SDK", () => {
    const vectors = chatVectors();
    expect(vectors.steps.some((step) => step.dropped.length > 0)).toBe(true);
    checkFile(path.join(VECTORS, "chat-completions.json"), `${JSON.stringify(vectors, null, 2)}\n`);
  });

  it("the Python codex-bm25 tables are generated from search/data", () => {
    checkFile(PYTHON_TABLES, pythonTables());
  });

  it("the Python SDK's profile list is generated from the registry", () => {
    checkFile(PYTHON_VOCABULARY, pythonVocabulary());
  });
});
