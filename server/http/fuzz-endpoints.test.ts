import type { AnyProcedure } from "@trpc/server";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { AgentRouteSpec } from "@/domain/agent-api/route-spec";
import { AGENT_ROUTE_SPECS } from "@/domain/agent-api/routes";
import { appRouter } from "../routers/root";
import { createAgentToken } from "../services/tokens/create-agent-token";
import { createCatalog, createTools } from "../testing/factories";
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, hostileFor, mergedInputShape } from "../testing/hostile-values";
import { insertTestSnapshot } from "../testing/insert-test-snapshot";
import { signUpThroughAuthRoute } from "../testing/sign-up";
import { useAgentApiServer } from "../testing/use-agent-api-server";

/**
 * Issue 33, item 7: every tRPC procedure (enumerated from the app router, so a new one is covered) and every agent
 * route (AGENT_ROUTE_SPECS) over real HTTP — scripts/serve.mjs's node:http handlers on a loopback port, a real
 * session cookie and a real token — with generated hostile input: JSON nested far past any limit, huge strings,
 * wrong types, integers at and past every boundary, lone surrogates and odd Unicode, prototype keys, broken
 * envelopes and bytes that are not UTF-8. Nothing may answer 5xx. Runs per procedure are bounded (FUZZ_RUNS,
 * default 10; FUZZ_SEED picks another sequence) so the file takes about a minute per database.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261204);

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"] as const;
const ODD_STRINGS = [
  ...HOSTILE_STRINGS,
  "\udfff",
  "\ud83d",
  "x\ud800\ud800y",
  "\u202e\u2066rtl",
  "\ufeffbom",
  "e\u0301\u0301\u0301",
  "\u2028\u2029",
  "𝟘𝟙𝟚",
  "ﬁ İ ß ǅ",
  "\u0000",
  "\u001f\u007f",
  "../../etc/passwd",
  "%00%2f%2e%2e",
  "' OR 1=1 --",
  "$where",
  "{{7*7}}",
  "<script>alert(1)</script>",
] as const;
const BOUNDARY_NUMBERS = [
  ...HOSTILE_NUMBERS,
  -(2 ** 31),
  2 ** 32,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  -0,
  5e-324,
  1.5,
] as const;

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ unit: "binary", maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
);
const leaf = fc.oneof(oddString, fc.constantFrom(...BOUNDARY_NUMBERS), fc.integer(), fc.boolean(), fc.constant(null));
/** Any JSON value, with prototype names among its keys. */
const hostileValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), oddString), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** JSON text nested `depth` deep, as objects or arrays (JSON.stringify cannot write it past a few thousand). */
const deepText = fc
  .tuple(fc.integer({ min: 200, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
  );
const hugeText = fc
  .tuple(fc.integer({ min: 70_000, max: 1_500_000 }), fc.constantFrom("x", "é", "\ud800", "😀", "\\u0000"))
  .map(([length, unit]) =>
    JSON.stringify(unit.repeat(Math.ceil(length / unit.length))).replaceAll("\\\\u0000", "\\u0000"),
  );
const hugeArray = fc.integer({ min: 10_000, max: 200_000 }).map((length) => `[${Array(length).fill("1").join(",")}]`);
/** A JSON text that JSON.stringify would not make, to splice in for one field. */
const wildText = fc.oneof(deepText, hugeText, hugeArray);

const MARKER = "\u0001splice\u0001";
const PLACEHOLDER = JSON.stringify(MARKER);

/**
 * A request's JSON text: the input as the schema shapes it (hostile leaves), a field of it swapped for a wrong
 * type or for deep, huge or prototype-keyed JSON, or something else entirely.
 */
function hostileText(shaped: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const withField = fc
    .tuple(
      shaped,
      fc.oneof(fc.constantFrom(...PROTO_KEYS), oddString),
      fc.oneof(
        hostileValue,
        wildText.map((text) => ({ text })),
      ),
    )
    .map(([value, key, replacement]) => {
      const object = value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
      const keys = Object.keys(object);
      const field = keys.length > 0 && key.length % 2 === 0 ? keys[key.length % keys.length]! : key;
      const isText = replacement !== null && typeof replacement === "object" && "text" in (replacement as object);
      Object.defineProperty(object, field, {
        value: isText ? MARKER : replacement,
        enumerable: true,
        configurable: true,
        writable: true,
      });
      const text = JSON.stringify(object);
      return isText ? text.replace(PLACEHOLDER, (replacement as { text: string }).text) : text;
    });
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 3, arbitrary: withField },
    { weight: 1, arbitrary: hostileValue.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: wildText },
  );
}

/** tRPC's envelope around the input text, or a broken one. */
const envelope = (input: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(`{"json":${input}}`) },
    fc.constant(`{"json":${input},"meta":{"values":{"team":["Date"],"x.y.__proto__":["undefined"]},"v":1}}`),
    hostileValue.map((meta) => `{"json":${input},"meta":${JSON.stringify(meta)}}`),
    fc.constant(input),
    fc.constantFrom("", "{", '{"json":', "null", '{"json":undefined}', "\u0000"),
  );

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
  // Archiving ends the catalog for the procedures after it: last.
  .sort(([a], [b]) => Number(a === "catalog.archive") - Number(b === "catalog.archive"));

interface Answer {
  status: number;
  text: string;
}

let previous = "";
/** The answer, or status 0 when the connection failed (a reset is as bad as a 5xx: the client learns nothing). */
async function send(url: string, init: RequestInit): Promise<Answer> {
  const sent = `${init.method ?? "GET"} ${url.slice(0, 120)} (${String(init.body ?? "").length} chars)`;
  try {
    const response = await fetch(url, init);
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 0, text: `${String((error as Error).cause ?? error)}; the request before: ${previous}` };
  } finally {
    previous = sent;
  }
}

describe("fuzz: every tRPC procedure and agent route over real HTTP, never a 5xx", () => {
  const api = useAgentApiServer({ trpc: true });
  const { db } = api;
  let cookie = "";
  let secret = "";
  let scope = { team: "", catalog: "" };
  const failures: string[] = [];
  const record = (what: string, answer: Answer, input: string) => {
    if (answer.status > 0 && answer.status < 500 && !answer.text.includes("INTERNAL_SERVER_ERROR")) return true;
    failures.push(`${what} → ${answer.status} ${answer.text.slice(0, 200)} ← ${input.slice(0, 300)}`);
    return false;
  };

  /** A property failure is recorded (and reported below); anything else (a generator's bug) fails the test. */
  const rethrowUnlessRecorded = (before: number) => (error: unknown) => {
    if (failures.length === before) throw error;
  };

  beforeAll(async () => {
    process.env.BETTER_AUTH_SECRET ??= "fuzz-endpoints-test-secret-".padEnd(40, "x");
    const person = await signUpThroughAuthRoute();
    cookie = person.cookie;
    const team = await db.team.create({ data: { slug: `fuzz-${person.userId.slice(0, 8)}`, name: "Fuzz" } });
    await db.membership.create({ data: { teamId: team.id, userId: person.userId, role: "owner" } });
    const catalog = await createCatalog(db, team.id);
    await createTools(db, catalog.id, [{ name: "list_orders", namespace: "crm", description: "List open orders." }]);
    await insertTestSnapshot(db, team, catalog, 1);
    ({ secret } = await createAgentToken({
      db,
      team,
      catalog,
      actor: { id: person.userId, label: person.email },
      name: "fuzz",
      scopes: ["read", "import", "events"],
    }));
    scope = { team: team.slug, catalog: catalog.slug };
  });

  it("tRPC: every procedure answers a success or a 4xx", async () => {
    failures.length = 0;
    for (const [path, procedure] of procedures) {
      const shape = mergedInputShape((procedure._def as unknown as { inputs: unknown[] }).inputs);
      const shaped = fc
        .record(Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, hostileFor(schema)])), {
          requiredKeys: [],
        })
        .map((fields) => ({
          ...fields,
          ...("team" in shape ? { team: scope.team } : {}),
          ...("catalog" in shape ? { catalog: scope.catalog } : {}),
        }));
      const body = hostileText(shaped).chain(envelope);
      const url = `${api.baseUrl()}/api/trpc/${path}`;
      await fc
        .assert(
          fc.asyncProperty(body, async (text) => {
            const answer =
              procedure._def.type === "query" && text.length < 6_000
                ? await send(`${url}?input=${encodeURIComponent(text)}`, { headers: { cookie } })
                : await send(url, {
                    method: "POST",
                    headers: { cookie, "content-type": "application/json", origin: api.baseUrl() },
                    body: text,
                  });
            return record(`tRPC ${path}`, answer, text);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch(rethrowUnlessRecorded(failures.length)); // collected by record(), reported together below
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(failures).toEqual([]);
  }, 600_000);

  const hostileParam = fc.oneof(
    oddString,
    fc.constantFrom("2147483648", "-1", "0", "1e3", "0x10", "latest", "..", "%", "%2e%2e"),
    fc.constantFrom(...BOUNDARY_NUMBERS).map(String),
  );

  function agentRequest(spec: AgentRouteSpec) {
    const params = Object.keys((spec.params as unknown as { shape: Record<string, unknown> }).shape);
    const pathParams = fc.record(
      Object.fromEntries(
        params.map((name) => [
          name,
          name === "team" || name === "catalog"
            ? fc.oneof({ weight: 5, arbitrary: fc.constant(scope[name]) }, hostileParam)
            : fc.oneof(fc.constantFrom("1", "latest"), hostileParam),
        ]),
      ),
    );
    const bodyText = spec.body ? hostileText(hostileFor(spec.body.schema)) : fc.constant("");
    const headers = fc.record({
      "if-none-match": fc.oneof(fc.constant(undefined), fc.constantFrom('"x"', "*", "W/", '"\u00ff"')),
      "accept-encoding": fc.oneof(fc.constant(undefined), fc.constantFrom("br;q=2", "gzip;q=-1", "*;q=0", "zstd")),
      "content-type": fc.constantFrom("application/json", "text/plain", "application/json; charset=latin1"),
    });
    return fc.tuple(
      pathParams,
      bodyText,
      headers,
      fc.boolean(),
      fc.nat(4).map((n) => n === 0),
    );
  }

  it("agent API: every route answers a success or a 4xx", async () => {
    failures.length = 0;
    for (const spec of AGENT_ROUTE_SPECS) {
      await fc
        .assert(
          fc.asyncProperty(agentRequest(spec), async ([params, body, headers, raw, otherMethod]) => {
            const path = spec.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
              raw ? String(params[name]) : encodeURIComponent(String(params[name])),
            );
            const method = otherMethod ? (spec.method === "GET" ? "POST" : "GET") : spec.method;
            const init: RequestInit = {
              method,
              headers: Object.fromEntries(
                Object.entries({ ...headers, authorization: `Bearer ${secret}` }).filter(([, v]) => v !== undefined),
              ) as Record<string, string>,
            };
            if (method === "POST") init.body = body;
            let answer: Answer;
            try {
              answer = await send(`${api.baseUrl()}${path}`, init);
            } catch (error) {
              // fetch itself refuses some raw paths (not a URL): nothing reached the server.
              if (raw) return true;
              throw error;
            }
            return record(`agent ${method} ${spec.path}`, answer, `${path} ${body}`);
          }),
          { numRuns: RUNS * 3, seed: SEED, endOnFailure: true },
        )
        .catch(rethrowUnlessRecorded(failures.length));
    }
    // Bytes that are not UTF-8, and a body that is not JSON, on every POST route.
    for (const spec of AGENT_ROUTE_SPECS.filter((s) => s.method === "POST")) {
      const url = `${api.baseUrl()}${spec.path.replace("{team}", scope.team).replace("{catalog}", scope.catalog)}`;
      for (const body of [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), Buffer.from('{"a":"\xed\xa0\x80"}', "latin1")]) {
        const answer = await send(url, { method: "POST", headers: { authorization: `Bearer ${secret}` }, body });
        record(`agent POST ${spec.path}`, answer, body.toString("hex"));
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
