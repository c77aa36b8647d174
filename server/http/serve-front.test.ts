import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { signUpThroughAuthRoute } from "../testing/sign-up";
import { useTestDatabase } from "../testing/use-test-database";
import { parseTrustedProxies, type TrustedRange } from "../trusted-proxies";
import { applyProxyHeaders } from "./client-address";
import { AUTH_MAX_BODY_BYTES, MAX_BODY_BYTES } from "./guards";
import { AGENT_HANDLER_KEY, registerNodeApiHandler } from "./serve-hooks";

const { handle } = useTestDatabase();
const globals = globalThis as unknown as Record<symbol, unknown> & { stockroomDb?: Promise<DatabaseHandle> };

/** scripts/serve.mjs's composition with `trusted` proxies; Next.js is a stand-in that echoes the headers it got. */
async function serveFront(trusted: readonly TrustedRange[]): Promise<{ server: Server; url: string }> {
  const hook = globals[AGENT_HANDLER_KEY] as (req: IncomingMessage, res: unknown) => boolean;
  const server = createServer((req, res) => {
    applyProxyHeaders(req, trusted);
    if (hook(req, res)) return;
    res.writeHead(299, { "content-type": "application/json" }).end(JSON.stringify(req.headers));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Refusal {
  status: number;
  body: string;
  /** Body bytes the client had handed to its socket when the answer came. */
  sentWhenAnswered: number;
  /** Whether the server closed the connection while the client was still sending. */
  closed: boolean;
}

/**
 * POSTs a body that never ends (chunked, or as long as `contentLength` says): writes 64 KiB chunks as fast as the
 * socket takes them until the server answers and closes the connection, or 20 s pass.
 */
function sendEndlessBody(url: string, headers: Record<string, string> = {}, contentLength?: number): Promise<Refusal> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer: { status: number; body: string; sentWhenAnswered: number } | null = null;
    let closed = false;
    const request = httpRequest(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...headers,
        ...(contentLength === undefined ? {} : { "content-length": String(contentLength) }),
      },
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const give = () => {
      while (!closed && (contentLength === undefined || sent < contentLength)) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", give);
      }
    };
    const done = () => (answer ? resolve({ ...answer, closed }) : reject(new Error(`no answer after ${sent} bytes`)));
    request.on("response", (res) => {
      const sentWhenAnswered = sent;
      const chunks: Buffer[] = [];
      res.on("data", (part: Buffer) => chunks.push(part));
      res.on("end", () => {
        answer = { status: res.statusCode!, body: Buffer.concat(chunks).toString(), sentWhenAnswered };
      });
    });
    request.on("close", () => {
      closed = true;
      clearTimeout(timer);
      setTimeout(done, 50);
    });
    request.on("error", () => {}); // the reset after the answer is the point
    const timer = setTimeout(() => {
      closed = true;
      request.destroy();
    }, 20_000);
    give();
  });
}

let front: { server: Server; url: string };
let proxied: { server: Server; url: string };
let cookie = "";

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= "serve-front-test-secret-".padEnd(40, "x");
  globals.stockroomDb = Promise.resolve(handle);
  ({ cookie } = await signUpThroughAuthRoute());
  registerNodeApiHandler();
  front = await serveFront([]); // the test is an untrusted peer
  proxied = await serveFront(parseTrustedProxies("127.0.0.1")); // the test is a trusted proxy
});
afterAll(async () => {
  for (const { server } of [front, proxied]) await new Promise((resolve) => server.close(resolve));
});

const errorOf = (body: string) => (JSON.parse(body) as { error: { code: string; message: string } }).error;

describe("bounded bodies before authentication (issue 33, item 2)", () => {
  it("/api/auth: a declared 200 MB body is refused 413 before any of it is sent, naming the limit", async () => {
    const refusal = await sendEndlessBody(`${front.url}/api/auth/sign-in/email`, {}, 200 * 1024 * 1024);
    expect(refusal.status).toBe(413);
    expect(errorOf(refusal.body)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "Request body is over the 32 KB limit.",
    });
    expect(refusal.closed).toBe(true);
    expect(refusal.sentWhenAnswered).toBeLessThan(8 * 1024 * 1024); // answered at once, not after reading it
  });

  it.each([
    ["/api/auth/sign-up/email", AUTH_MAX_BODY_BYTES, "32 KB"],
    ["/api/auth/sign-in/email", AUTH_MAX_BODY_BYTES, "32 KB"],
    ["/api/trpc/team.create", MAX_BODY_BYTES, "5 MB"],
  ])("%s: a chunked body that never ends is answered 413 and the connection closed", async (path, limit, named) => {
    const refusal = await sendEndlessBody(`${front.url}${path}`, { origin: front.url, cookie });
    expect(refusal.status).toBe(413);
    expect(errorOf(refusal.body).message).toBe(`Request body is over the ${named} limit.`);
    expect(refusal.closed).toBe(true);
    // What the server read is at most the limit; the rest sat in socket buffers when the answer came.
    expect(refusal.sentWhenAnswered).toBeLessThan(limit + 8 * 1024 * 1024);
  });

  it("/api/v1: a declared body over the route's limit is 413 before the token is looked at", async () => {
    const refusal = await sendEndlessBody(`${front.url}/api/v1/catalogs/t/c/events`, {}, 50 * 1024 * 1024);
    expect(refusal.status).toBe(413);
    expect(errorOf(refusal.body).code).toBe("PAYLOAD_TOO_LARGE");
    // Without a token and with an endless body: 401, and the connection is still closed, not held.
    const anonymous = await sendEndlessBody(`${front.url}/api/v1/catalogs/t/c/events`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.closed).toBe(true);
  });

  it("a page path (left to Next.js): 413 by declared length, 411 for an endless chunked body", async () => {
    const refusal = await sendEndlessBody(`${front.url}/sign-in`, {}, 6 * 1024 * 1024);
    expect(refusal.status).toBe(413);
    const chunked = await sendEndlessBody(`${front.url}/t/some/page`);
    expect(chunked.status).toBe(411);
    expect(errorOf(chunked.body).message).toMatch(/Content-Length \(at most 5 MB\)/);
    expect(chunked.closed).toBe(true);
    // A declared body within the limit still goes to Next.js.
    const small = await fetch(`${front.url}/t/some/page`, { method: "POST", body: "a=1" });
    expect(small.status).toBe(299);
  });

  it("refused oversized requests count toward the per-address sign-in limit", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" }; // `proxied` trusts the test: this is the client address
    const signIn = (address: Record<string, string>) =>
      fetch(`${proxied.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000", ...address },
        body: JSON.stringify({ email: "nobody@example.test", password: "not the password 1" }),
      });
    expect((await signIn(from)).status).toBe(401); // one attempt of the 10 a minute
    const refusals = await Promise.all(
      Array.from({ length: 9 }, () => sendEndlessBody(`${proxied.url}/api/auth/sign-in/email`, from, 1024 * 1024)),
    );
    expect(refusals.map((refusal) => refusal.status)).toEqual(Array(9).fill(413));
    const refused = await signIn(from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await signIn({ "x-forwarded-for": "203.0.113.78" })).status).toBe(401); // another address is not held
  });
});

describe("X-Forwarded-Host only from trusted proxies (issue 33, item 6)", () => {
  const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", forwarded: "host=evil.example" };

  it("from an untrusted peer the forwarded host headers never reach Next.js; from a trusted proxy they do", async () => {
    const seen = (await (await fetch(`${front.url}/some/page`, { headers: forged })).json()) as Record<string, string>;
    expect(seen["x-forwarded-host"]).toBeUndefined();
    expect(seen["x-forwarded-proto"]).toBeUndefined();
    expect(seen.forwarded).toBeUndefined();
    const viaProxy = (await (await fetch(`${proxied.url}/some/page`, { headers: forged })).json()) as Record<
      string,
      string
    >;
    expect(viaProxy["x-forwarded-host"]).toBe("evil.example");
  });

  it("the CSRF origin check ignores a forged X-Forwarded-Host (the configured URL and Host decide)", async () => {
    for (const url of [front.url, proxied.url]) {
      const crossSite = await fetch(`${url}/api/trpc/team.create`, {
        method: "POST",
        headers: { ...forged, cookie, origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ json: { name: "forged" } }),
      });
      expect(crossSite.status, url).toBe(403);
      expect(errorOf(await crossSite.text()).code).toBe("FORBIDDEN");
    }
    // The configured public URL (STOCKROOM_URL) is this app, whatever Host a proxy sends.
    const fromPublicUrl = await fetch(`${front.url}/api/trpc/team.mine`, {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000", "content-type": "application/json" },
      body: JSON.stringify({ json: null }),
    });
    expect(fromPublicUrl.status).not.toBe(403);
  });

  it("sign-up with a forged X-Forwarded-Host sets no cookie for that host and sends nowhere", async () => {
    const name = `forged-${Date.now()}`;
    const response = await fetch(`${front.url}/api/auth/sign-up/email`, {
      method: "POST",
      redirect: "manual",
      headers: {
        ...forged,
        "content-type": "application/json",
        origin: "http://localhost:3000",
        "x-forwarded-for": "198.51.100.201",
      },
      body: JSON.stringify({ email: `${name}@example.test`, name, password: "a long forged-host passphrase" }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((line) => line.startsWith("stockroom.session_token="))).toBe(true);
    expect(cookies.join("\n")).not.toMatch(/evil|domain=/i);
    expect(response.headers.get("location")).toBeNull();
  });
});
