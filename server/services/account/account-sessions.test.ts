import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { applyProxyHeaders } from "../../http/client-address";
import { AGENT_HANDLER_KEY, registerNodeApiHandler } from "../../http/serve-hooks";
import { useTestDatabase } from "../../testing/use-test-database";
import { describeAddress } from "./describe-address";
import { describeUserAgent } from "./describe-user-agent";

const { handle } = useTestDatabase();
const globals = globalThis as unknown as Record<symbol, unknown> & { stockroomDb?: Promise<DatabaseHandle> };

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: Server;
let url = "";

beforeAll(async () => {
  process.env.BETTER_AUTH_SECRET ??= "account-sessions-test-secret-".padEnd(40, "x");
  globals.stockroomDb = Promise.resolve(handle);
  registerNodeApiHandler();
  const hook = globals[AGENT_HANDLER_KEY] as (req: IncomingMessage, res: unknown) => boolean;
  server = createServer((req, res) => {
    applyProxyHeaders(req, []);
    if (!hook(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");

/** POSTs a better-auth endpoint over HTTP, as a browser with `userAgent` (and `cookie`, if any) would. */
function postAuth(path: string, body: unknown, { cookie = "", userAgent = FIREFOX } = {}) {
  return fetch(`${url}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", "user-agent": userAgent, cookie },
    body: JSON.stringify(body),
  });
}

async function trpc(cookie: string, procedure: string, input?: unknown, method: "GET" | "POST" = "GET") {
  const encoded = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetch(`${url}/api/trpc/${procedure}${method === "GET" ? encoded : ""}`, {
    method,
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: method === "POST" ? JSON.stringify(input === undefined ? {} : { json: input }) : undefined,
  });
  const body = (await response.json()) as {
    result?: { data: { json: unknown } };
    error?: { json: { message: string } };
  };
  return { status: response.status, data: body.result?.data.json, error: body.error?.json.message };
}

interface SessionRow {
  id: string;
  browser: string;
  ipAddress: string | null;
  current: boolean;
  createdAt: string;
  lastActiveAt: string;
}
const sessionsOf = async (cookie: string) => (await trpc(cookie, "account.sessions")).data as SessionRow[];
/** Whether a Cookie header still signs anyone in (a tRPC call that needs a session). */
const works = async (cookie: string) => (await trpc(cookie, "account.me")).status === 200;

async function newAccount() {
  const email = `sessions-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const password = "first long passphrase 1";
  const signUp = await postAuth("/sign-up/email", { email, password, name: "Sessions" });
  expect(signUp.status).toBe(200);
  return { email, password, cookie: cookieOf(signUp) };
}

const signIn = async (email: string, password: string, userAgent = CHROME) => {
  const response = await postAuth("/sign-in/email", { email, password }, { userAgent });
  expect(response.status).toBe(200);
  return cookieOf(response);
};

describe("sessions that end (issue 33, item 5)", () => {
  it("lists the account's sessions with when, from where and which browser, the current one marked", async () => {
    const { email, password, cookie } = await newAccount();
    await signIn(email, password);
    const sessions = await sessionsOf(cookie);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.browser).sort()).toEqual(["Chrome 131 on Windows", "Firefox 128 on Linux"]);
    expect(sessions.every((s) => s.ipAddress === "127.0.0.1")).toBe(true);
    expect(sessions.filter((s) => s.current).map((s) => s.browser)).toEqual(["Firefox 128 on Linux"]);
    expect(Number.isNaN(Date.parse(sessions[0]!.createdAt))).toBe(false);
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
  });

  it("a password change ends every other session at once, even when the client asks to keep them", async () => {
    const { email, password, cookie } = await newAccount();
    const other = await signIn(email, password);
    expect(await works(other)).toBe(true); // and now in the session cache
    const changed = await postAuth(
      "/change-password",
      { currentPassword: password, newPassword: "second long passphrase 2", revokeOtherSessions: false },
      { cookie },
    );
    expect(changed.status).toBe(200);
    expect(await works(other)).toBe(false);
    expect(await works(cookieOf(changed))).toBe(true); // this browser carries on with a new session
    expect(await sessionsOf(cookieOf(changed))).toHaveLength(1);
  });

  it("ending one session stops its cookie at once; the current one and strangers' are refused", async () => {
    const { email, password, cookie } = await newAccount();
    const other = await signIn(email, password);
    const stranger = await newAccount();
    expect(await works(other)).toBe(true);
    const sessions = await sessionsOf(cookie);
    const otherId = sessions.find((s) => !s.current)!.id;
    const currentId = sessions.find((s) => s.current)!.id;

    const strangers = await trpc(stranger.cookie, "account.endSession", { sessionId: otherId }, "POST");
    expect(strangers.status).toBe(404);
    expect(await works(other)).toBe(true);
    const own = await trpc(cookie, "account.endSession", { sessionId: currentId }, "POST");
    expect(own.status).toBe(400);
    expect(own.error).toMatch(/sign out/);

    expect((await trpc(cookie, "account.endSession", { sessionId: otherId }, "POST")).status).toBe(200);
    expect(await works(other)).toBe(false);
    expect(await works(cookie)).toBe(true);
    expect((await trpc(cookie, "account.endSession", { sessionId: otherId }, "POST")).status).toBe(404);
  });

  it("ending all other sessions leaves only this one", async () => {
    const { email, password, cookie } = await newAccount();
    const others = [await signIn(email, password), await signIn(email, password)];
    for (const other of others) expect(await works(other)).toBe(true);
    expect((await trpc(cookie, "account.endOtherSessions", undefined, "POST")).status).toBe(200);
    for (const other of others) expect(await works(other)).toBe(false);
    expect(await works(cookie)).toBe(true);
    expect((await sessionsOf(cookie)).map((s) => s.current)).toEqual([true]);
  });
});

describe("describeUserAgent", () => {
  it("names common browsers and systems simply", () => {
    const cases: Array<[string | null, string]> = [
      [FIREFOX, "Firefox 128 on Linux"],
      [CHROME, "Chrome 131 on Windows"],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
        "Safari 17 on macOS",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        "Safari 17 on iOS",
      ],
      [`${CHROME} Edg/131.0.0.0`, "Edge 131 on Windows"],
      [
        "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
        "Chrome 130 on Android",
      ],
      ["curl/8.5.0", "curl 8"],
      [null, "Unknown browser"],
      ["\u0000<script>", "Unknown browser"],
    ];
    for (const [userAgent, label] of cases) expect(describeUserAgent(userAgent), String(userAgent)).toBe(label);
  });
});

describe("describeAddress", () => {
  it("shows an IPv6 network compressed with its prefix, anything else as stored", () => {
    expect(describeAddress("0000:0000:0000:0000:0000:0000:0000:0000")).toBe("::/64");
    expect(describeAddress("2001:0db8:0001:0002:0000:0000:0000:0000")).toBe("2001:db8:1:2::/64");
    expect(describeAddress("2001:db8::5")).toBe("2001:db8::5");
    expect(describeAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(describeAddress("unknown")).toBe("unknown");
    expect(describeAddress(null)).toBeNull();
  });
});
