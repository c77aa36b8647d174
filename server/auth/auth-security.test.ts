import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyProxyHeaders } from "../http/client-address";
import { parseTrustedProxies, type TrustedRange } from "../trusted-proxies";
import { useTestDatabase } from "../testing/use-test-database";
import { onUserCreated } from "../services/teams/on-user-created";
import { createAuth, type Auth } from "./create-auth";

const { db } = useTestDatabase();
const BASE = "http://localhost:3999";

/** better-auth behind a real socket, with the client-address rule `scripts/serve.mjs` applies. */
async function serve(auth: Auth, trusted: readonly TrustedRange[]): Promise<{ server: Server; url: string }> {
  const toRequest = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    return new Request(`${BASE}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
  };
  const server = createServer((req, res) => {
    applyProxyHeaders(req, trusted);
    void toRequest(req)
      .then((request) => auth.handler(request))
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, ...headers },
    body: JSON.stringify(body),
  });

/** Posts straight to the handler as if from `address` (what serve.mjs would have set). */
const postFrom = (auth: Auth, address: string, path: string, body: unknown) =>
  auth.handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-stockroom-client-ip": address },
      body: JSON.stringify(body),
    }),
  );

describe("sign-in and sign-up safety (issue #17 items 4 and 5)", () => {
  let auth: Auth;
  let direct: { server: Server; url: string };
  beforeAll(async () => {
    auth = createAuth({
      db,
      onUserCreated: (user) => onUserCreated({ db, user }),
      secret: "s".repeat(40),
      baseURL: BASE,
      signInPerMinute: 10,
      signInFailures: 5,
    });
    direct = await serve(auth, []);
    expect(
      (
        await postFrom(auth, "192.0.2.1", "/sign-up/email", {
          email: "owner@example.test",
          password: "owner passphrase 42",
          name: "Owner",
        })
      ).status,
    ).toBe(200);
  });
  afterAll(() => new Promise((resolve) => direct.server.close(resolve)));

  it("refuses short and common passwords saying what to change", async () => {
    const cases = [
      ["12345678", /at least 10 characters \(this one has 8\)/],
      ["password", /at least 10 characters/],
      ["password12", /commonly used password/i],
      ["qwertyuiop", /used password/i],
      ["weakling@example.test", /./],
    ] as const;
    for (const [password, message] of cases) {
      const response = await postFrom(auth, "192.0.2.2", "/sign-up/email", {
        email: "weakling@example.test",
        password,
        name: "Weak",
      });
      expect(response.status, password).toBe(400);
      expect(((await response.json()) as { message: string }).message, password).toMatch(message);
    }
    expect(await db.user.count({ where: { email: "weakling@example.test" } })).toBe(0);
  });

  it("refuses text the database cannot store, naming the field (was a failed insert)", async () => {
    const response = await postFrom(auth, "192.0.2.3", "/sign-up/email", {
      email: "lone@example.test",
      password: "a fine passphrase 9",
      name: "\ud800",
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^name contains a lone UTF-16 surrogate/);
  });

  it("refuses a 100,000-character name (it became a team name)", async () => {
    const response = await postFrom(auth, "192.0.2.4", "/sign-up/email", {
      email: "long@example.test",
      password: "a fine passphrase 9",
      name: "n".repeat(100_000),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("name: at most 100 characters.");
    expect(await db.team.count({ where: { name: { startsWith: "nnnn" } } })).toBe(0);
  });

  it("ignores a client's X-Forwarded-For: 30 guesses with rotating headers meet the per-address limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await post(
        direct.url,
        "/sign-in/email",
        { email: `nobody${i}@example.test`, password: `guess number ${i}` },
        { "x-forwarded-for": `203.0.113.${i}`, "x-stockroom-client-ip": `198.51.100.${i}` },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
  });

  it("believes X-Forwarded-For from a listed proxy only", async () => {
    const behindProxy = await serve(auth, parseTrustedProxies("127.0.0.0/8, ::1"));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        // the proxy appends the address it saw; whatever the client put on the left is not believed
        const response = await post(
          behindProxy.url,
          "/sign-in/email",
          { email: "nobody@example.test", password: `guess number ${i}` },
          { "x-forwarded-for": `10.9.9.9, 203.0.113.${100 + i}` },
        );
        statuses.push(response.status);
      }
      expect(statuses.every((status) => status === 401)).toBe(true); // twelve clients, one attempt each
    } finally {
      await new Promise((resolve) => behindProxy.server.close(resolve));
    }
  });

  it("a stranger's wrong passwords never lock the owner out from elsewhere", async () => {
    const stranger = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await postFrom(auth, stranger, "/sign-in/email", {
            email: "owner@example.test",
            password: `wrong guess ${i}`,
          })
        ).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    // the owner, from their own address, signs in at once
    expect(
      (
        await postFrom(auth, "198.51.100.200", "/sign-in/email", {
          email: "owner@example.test",
          password: "owner passphrase 42",
        })
      ).status,
    ).toBe(200);
  });

  it("locks one (account, address) pair after 5 wrong passwords, even for the right one", async () => {
    const guesser = "203.0.113.77";
    for (let i = 0; i < 5; i++)
      expect(
        (await postFrom(auth, guesser, "/sign-in/email", { email: "owner@example.test", password: `wrong ${i} guess` }))
          .status,
      ).toBe(401);
    const locked = await postFrom(auth, guesser, "/sign-in/email", {
      email: "owner@example.test",
      password: "owner passphrase 42",
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800); // the 15-minute window
    expect(((await locked.json()) as { message: string }).message).toMatch(
      /Too many wrong passwords for this account from your address/,
    );
    // other accounts from that address are not locked by it
    expect(
      (await postFrom(auth, guesser, "/sign-in/email", { email: "someone@example.test", password: "whatever it is" }))
        .status,
    ).toBe(401);
  });
});
