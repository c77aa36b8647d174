import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, testDbKind } from "./test-db";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER = path.join(ROOT, "server/testing/ops-server.ts");

export interface OpsFixture {
  team: string;
  catalog: string;
  email: string;
  password: string;
  secret: string;
  userId: string;
  origin: string;
}

export interface OpsProcess {
  url: string;
  child: ChildProcess;
  fixture: OpsFixture;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once it has exited. */
  exited: Promise<number | null>;
}

export interface OpsDatabase {
  /** The environment that points a process at it (DATABASE_URL, or STOCKROOM_DATA_DIR for PGlite). */
  env: Record<string, string>;
  /** For PGlite: the data directory (`<dir>/pglite`), for opening it after the process has stopped. */
  pgliteDir?: string;
  url?: string;
  dispose(): Promise<void>;
}

/** A database for a child process: a fresh directory for PGlite, or a fresh database on the Postgres server. */
export async function createOpsDatabase(kind = testDbKind()): Promise<OpsDatabase> {
  if (kind === "postgres") {
    const handle = await createTestDatabase("postgres");
    return { env: { DATABASE_URL: handle.url! }, url: handle.url!, dispose: () => handle.close() };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "stockroom-ops-"));
  return {
    env: { STOCKROOM_DATA_DIR: dir },
    pgliteDir: path.join(dir, "pglite"),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Starts server/testing/ops-server.ts (the node:http front of `npm start` with the app's options) in a child
 * process on a free loopback port, with a fixture written to a file (its secrets never pass through stdout).
 */
export async function startOpsProcess(env: Record<string, string>): Promise<OpsProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "stockroom-ops-fixture-"));
  const fixtureFile = path.join(dir, "fixture.json");
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", SERVER], {
    cwd: ROOT,
    env: { ...process.env, STOCKROOM_DEMO: "0", OPS_FIXTURE_FILE: fixtureFile, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ops server did not start:\n${output.slice(-3000)}`)), 180_000);
    const look = () => {
      const ready = output.split("\n").find((line) => line.includes('"Stockroom ready"'));
      if (ready) {
        clearTimeout(timer);
        resolve((JSON.parse(ready) as { url: string }).url);
      }
    };
    child.stdout!.on("data", look);
    void exited.then((code) => reject(new Error(`ops server exited ${code}:\n${output.slice(-3000)}`)));
  });
  const fixture = JSON.parse(await readFile(fixtureFile, "utf8")) as OpsFixture;
  await rm(dir, { recursive: true, force: true });
  return { url, child, fixture, output: () => output, exited };
}

/** The JSON log lines of an output (other lines are kept as `{ text }`). */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return { text: line };
      }
    });
}
