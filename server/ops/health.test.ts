// /healthz and /readyz over real HTTP through the node:http front of `npm start` (serveFront), ready and not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CacheListener, listenForCacheChanges } from "../cache/cache-notifications";
import { openDatabase } from "../db/open";
import { testDbKind } from "../testing/test-db";
import { useTestDatabase } from "../testing/use-test-database";
import type { ReadinessSources } from "./health";
import { type RunningFront, serveFront } from "./serve-front";

const next = () => undefined;

async function frontWith(readiness: ReadinessSources): Promise<RunningFront> {
  return serveFront({
    port: 0,
    host: "127.0.0.1",
    next: (_req, res) => void res.writeHead(299).end(),
    readiness,
    close: async () => undefined,
    exit: next,
    handleSignals: false,
  });
}

const stop = (front: RunningFront) => new Promise((resolve) => front.server.close(resolve));

describe(`health and readiness (${testDbKind()})`, () => {
  const { handle } = useTestDatabase();
  let listener: CacheListener | undefined;
  let front: RunningFront;
  beforeAll(async () => {
    if (handle.kind === "postgres") {
      listener = listenForCacheChanges(handle.url!);
      await listener.ready;
    }
    front = await frontWith({ database: async () => handle, cacheListener: () => listener });
  });
  afterAll(async () => {
    await stop(front);
    await listener?.close();
  });

  it("answers /healthz without a token, uncached, with a request id", async () => {
    const response = await fetch(`${front.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says ready when the database answers, migrations are applied and the listener is connected", async () => {
    const response = await fetch(`${front.url}/readyz`);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    const checks = { database: "ok", migrations: "ok", ...(handle.kind === "postgres" ? { cacheListener: "ok" } : {}) };
    expect(body).toEqual({ status: "ready", ready: true, checks, failing: [] });
  });

  it.runIf(testDbKind() === "postgres")("names the cache listener when it is not connected", async () => {
    const gone = listenForCacheChanges(handle.url!);
    await gone.ready;
    await gone.close();
    const other = await frontWith({ database: async () => handle, cacheListener: () => gone });
    try {
      const response = await fetch(`${other.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: "not ready", failing: ["cacheListener"] });
    } finally {
      await stop(other);
    }
  });

  it("answers 503 naming migrations when they are not applied, and the database when it is down", async () => {
    const unmigrated = await openDatabase({ dataDir: "memory://", migrate: false });
    const fronts = [
      await frontWith({ database: async () => unmigrated }),
      await frontWith({ database: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")) }),
    ];
    try {
      const [migrations, database] = (await Promise.all(fronts.map((f) => fetch(`${f.url}/readyz`)))) as [
        Response,
        Response,
      ];
      expect(migrations.status).toBe(503);
      expect(await migrations.json()).toMatchObject({
        status: "not ready",
        checks: { database: "ok", migrations: "not applied" },
        failing: ["migrations"],
      });
      expect(database.status).toBe(503);
      const text = await database.text();
      expect(JSON.parse(text)).toMatchObject({ failing: ["database", "migrations"] });
      expect(text, "no address or error text").not.toMatch(/10\.0\.0\.5|ECONNREFUSED/);
    } finally {
      for (const f of fronts) await stop(f);
      await unmigrated.close();
    }
  }, 120_000); // an embedded database of its own to open: slow on a loaded machine

  it("names the database when its server does not answer (a pool on a port nobody listens on)", async () => {
    const down = await openDatabase({ url: "postgresql://postgres@127.0.0.1:1/stockroom", migrate: false });
    const other = await frontWith({ database: async () => down });
    try {
      const response = await fetch(`${other.url}/readyz`);
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body).toMatchObject({ status: "not ready", checks: { database: "not reachable" } });
      expect(body.failing).toEqual(expect.arrayContaining(["database", "migrations"]));
    } finally {
      await stop(other);
      await down.close();
    }
  });

  it("drains on shutdown: a request accepted before finishes (connection: close), then exit 0", async () => {
    let exited: number | undefined;
    let arrived!: () => void;
    const taken = new Promise<void>((resolve) => (arrived = resolve));
    let answer!: () => void;
    const draining = await serveFront({
      port: 0,
      host: "127.0.0.1",
      next: (_req, res) => {
        answer = () => res.writeHead(200).end("slow");
        arrived();
      },
      readiness: { database: async () => handle, cacheListener: () => listener },
      close: async () => undefined,
      exit: (code) => (exited = code),
      handleSignals: false,
    });
    const agent = fetch(`${draining.url}/slow`); // keeps the drain open until answered
    await taken; // the server has the request
    const stopped = draining.shutdown("test");
    answer();
    const slow = await agent;
    expect(slow.status).toBe(200);
    expect(slow.headers.get("connection")).toBe("close");
    expect(await stopped).toBe(0);
    expect(exited).toBe(0);
  });
});
