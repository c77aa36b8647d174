// Structured logs over a real server (server/testing/ops-server.ts: the node:http front of `npm start`): every
// request is one JSON line naming the id it returned in X-Request-Id, and a run that used a password, a session
// cookie, agent tokens (good and bad), the metrics token, Authorization headers and a source's secret header (right
// and wrong, synced from a real MCP server) leaves none of them in the log.
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { startHttpServer } from "../testing/tiny-mcp-server.mjs";
import {
  createOpsDatabase,
  logLines,
  type OpsDatabase,
  type OpsProcess,
  startOpsProcess,
} from "../testing/ops-process";
import pino from "pino";
import { createLogger, logRequest, replaceLogger, scrubSecrets } from "./logger";

const METRICS_TOKEN = "metrics-token-0123456789abcdefghijk";
/** The secret header an HTTP MCP source needs (sealed at rest under STOCKROOM_SECRETS_KEY), and a wrong one. */
const SOURCE_SECRET = `source-secret-${randomBytes(12).toString("hex")}`;
const WRONG_SOURCE_SECRET = `source-secret-${randomBytes(12).toString("hex")}`;
const SECRETS_KEY = randomBytes(32).toString("base64");

interface Upstream {
  url: string;
  close(): Promise<void>;
}

describe("structured logs of a real server", () => {
  let database: OpsDatabase;
  let server: OpsProcess;
  let upstream: Upstream;
  beforeAll(async () => {
    database = await createOpsDatabase();
    upstream = await startHttpServer({ token: SOURCE_SECRET });
    server = await startOpsProcess({
      ...database.env,
      STOCKROOM_METRICS_TOKEN: METRICS_TOKEN,
      STOCKROOM_SECRETS_KEY: SECRETS_KEY,
      STOCKROOM_ALLOW_PRIVATE_NETWORKS: "1",
    });
  }, 200_000);
  afterAll(async () => {
    await upstream?.close();
    server?.child.kill("SIGTERM");
    await server?.exited;
    await database?.dispose();
  });

  it("hands Next.js the client's address from the socket and no forwarded host headers from an unlisted peer", async () => {
    const forged = {
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "8443",
      forwarded: "host=evil.example",
      "x-forwarded-for": "203.0.113.9",
      "x-stockroom-client-ip": "203.0.113.10",
    };
    const agent = { headers: forged };
    for (let i = 0; i < 2; i++) {
      // twice: the second request may reuse the connection, whose peer the front has already looked at
      const response = await fetch(`${server.url}/__headers`, agent);
      expect(response.status).toBe(299);
      const seen = (await response.json()) as Record<string, string>;
      for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"])
        expect(seen[name], name).toBeUndefined();
      expect(seen["x-stockroom-client-ip"]).toBe("127.0.0.1");
    }
  });

  it("logs one JSON line per request with its X-Request-Id, and no secret it was sent", async () => {
    const { url, fixture } = server;
    const json = { "content-type": "application/json", origin: fixture.origin };
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: fixture.email, password: fixture.password }),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0]!)
      .join("; ");
    const cookieValue = cookie.split("=").slice(1).join("=").split(";")[0]!;
    expect(cookieValue.length).toBeGreaterThan(10);

    const me = await fetch(`${url}/api/trpc/account.me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    await syncWithSourceSecrets(server, cookie, upstream.url);
    const session = await fetch(`${url}/api/auth/get-session`, { headers: { cookie } });
    expect(session.status).toBe(200);
    const agent = (secret: string) =>
      fetch(`${url}/api/v1/catalogs/${fixture.team}/${fixture.catalog}/snapshots/latest`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    expect((await agent(fixture.secret)).status).toBe(200);
    const wrongSecret = `srk_${"x".repeat(40)}`;
    expect((await agent(wrongSecret)).status).toBe(401);
    await (await fetch(`${url}/api/v1/pasted/${wrongSecret}`)).arrayBuffer(); // a secret pasted into a path
    const wrongPassword = "not-the-password-but-still-secret";
    const refused = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: fixture.email, password: wrongPassword }),
    });
    expect(refused.status).toBe(401);
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    const given = await fetch(`${url}/healthz?token=${fixture.secret}`, {
      headers: { "x-request-id": "lb-abc-12345" },
    });
    expect(given.headers.get("x-request-id")).toBe("lb-abc-12345");

    await new Promise((resolve) => setTimeout(resolve, 200)); // the last lines reach the pipe
    const output = server.output();
    const secrets = [fixture.password, wrongPassword, fixture.secret, wrongSecret, cookieValue, METRICS_TOKEN];
    for (const secret of [...secrets, SOURCE_SECRET, WRONG_SOURCE_SECRET, SECRETS_KEY])
      expect(output.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    expect(output).not.toMatch(/srk_[A-Za-z0-9_-]{8,}/);

    const lines = logLines(output);
    const requests = lines.filter((line) => line.msg === "request");
    for (const response of [signIn, me, session, scrape]) {
      const id = response.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(requests.filter((line) => line.reqId === id)).toHaveLength(1);
    }
    expect(requests.find((line) => line.reqId === "lb-abc-12345")).toMatchObject({ path: "/healthz", status: 200 });
    expect(requests.find((line) => line.path === "/api/trpc/account.me")).toMatchObject({ method: "GET", status: 200 });
    expect(
      lines.filter((line) => "text" in line && String(line.text).trim()),
      "every line is JSON",
    ).toEqual([]);
  });
});

/**
 * Through tRPC as the signed-in person: an HTTP MCP source with a secret Authorization header is saved and synced
 * (the upstream gets the secret), then saved with a wrong secret and synced again (the upstream refuses it).
 */
async function syncWithSourceSecrets(server: OpsProcess, cookie: string, upstreamUrl: string) {
  const { url, fixture } = server;
  const at = { team: fixture.team, catalog: fixture.catalog, namespace: "weather" };
  const call = (procedure: string, input: unknown) =>
    fetch(`${url}/api/trpc/${procedure}`, {
      method: "POST",
      headers: { cookie, origin: fixture.origin, "content-type": "application/json" },
      body: JSON.stringify({ json: input }),
    });
  const sourceWith = (secret: string, revision?: number) => ({
    ...at,
    revision,
    source: { kind: "mcp-http", url: upstreamUrl, headers: [{ name: "Authorization", secret: true, value: secret }] },
  });
  const saved = await call("source.set", sourceWith(`Bearer ${SOURCE_SECRET}`));
  expect(saved.status, await saved.clone().text()).toBe(200);
  const { revision } = ((await saved.json()) as { result: { data: { json: { revision: number } } } }).result.data.json;
  const synced = await call("source.syncPreview", at);
  expect(synced.status, await synced.clone().text()).toBe(200);
  expect(await synced.text()).toContain("tiny-weather");
  expect((await call("source.set", sourceWith(`Bearer ${WRONG_SOURCE_SECRET}`, revision))).status).toBe(200);
  const refused = await call("source.syncPreview", at);
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.status).toBeLessThan(500);
}

describe("the logger's redaction", () => {
  it("censors secret fields and secret-shaped text in any object it is given", () => {
    const sink = textSink();
    const log = createLogger(sink.stream);
    log.info(
      {
        headers: { authorization: "Bearer hdr-secret-1", cookie: "session=cookie-secret-2" },
        password: "password-secret-3",
        body: { password: "password-secret-4", newPassword: "password-secret-5" },
        source: { sourceSecret: "source-secret-6", token: "token-secret-7" },
      },
      "failed with token srk_message-secret-8 and Bearer message-secret-9",
    );
    log.error({ err: new Error("upstream refused srk_error-secret-10") }, "oops");
    for (let n = 1; n <= 10; n++) expect(sink.text).not.toMatch(new RegExp(`secret-${n}\\b`));
    expect(sink.text).toContain("[redacted]");
  });
});

/** A stream that keeps what is written to it. */
function textSink() {
  const sink = {
    text: "",
    stream: new Writable({ write: (chunk, _encoding, done) => void ((sink.text += chunk), done()) }),
  };
  return sink;
}

describe("the access line", () => {
  const PATHS = [
    "/api/v1/catalogs/demo/mcp-tools/snapshots/latest",
    '/quote"and\\backslash',
    "/control\u0001\u001f\u007f",
    "/caf\u00e9/\u4f1a\u8b70/\ud83d\uddd3/\u2028",
    "/api/v1/pasted/srk_abcdefghijklmnop",
    "/x/Bearer%20abc/BEARER secret-value",
  ];

  it("is the line pino writes for the same fields (the time aside), with a secret in the path scrubbed", () => {
    const ours = textSink();
    const restore = replaceLogger(createLogger(ours.stream));
    const reference = textSink();
    const pinoLine = pino(
      { level: "info", base: { pid: process.pid }, formatters: { level: (label) => ({ level: label }) } },
      reference.stream,
    );
    try {
      for (const [i, path] of PATHS.entries()) {
        const line = {
          reqId: `req-${i}-0123456789`,
          method: i === 2 ? undefined : "GET",
          path,
          status: 200 + i,
          ms: i * 1.5,
        };
        logRequest(line);
        pinoLine.info({ ...line, path: scrubSecrets(path) }, "request");
      }
    } finally {
      restore();
    }
    const withoutTime = (text: string) => text.replace(/"time":\d+,/g, '"time":0,').split("\n");
    expect(withoutTime(ours.text)).toEqual(withoutTime(reference.text));
    expect(ours.text).not.toContain("abcdefghijklmnop");
    expect(ours.text).not.toContain("secret-value");
    for (const line of ours.text.trim().split("\n")) expect(JSON.parse(line)).toMatchObject({ msg: "request" });
  });

  it("is not written below the info level", () => {
    const sink = textSink();
    const quiet = createLogger(sink.stream);
    quiet.level = "warn";
    const restore = replaceLogger(quiet);
    try {
      logRequest({ reqId: "req-quiet-0123", method: "GET", path: "/", status: 200, ms: 1 });
    } finally {
      restore();
    }
    expect(sink.text).toBe("");
  });
});
