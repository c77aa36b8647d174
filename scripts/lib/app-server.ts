// Starts the built app on a loopback port with a throw-away embedded database, for benchmarks and load tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { assertBuildLeavesTsconfig } from "./next-dist-dir";

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Builds into `distDir` (one tsconfig.json lists) when stale (scripts/start.mjs decides), serves on a free port, resolves once /sign-in answers. */
export async function startAppServer({
  distDir,
  env = {},
}: {
  distDir: string;
  env?: Record<string, string>;
}): Promise<AppServer> {
  assertBuildLeavesTsconfig(distDir); // start.mjs builds there when stale
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "stockroom-app-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(process.env.APP_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "scripts/start.mjs"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        STOCKROOM_URL: url,
        STOCKROOM_DATA_DIR: dataDir,
        NEXT_DIST_DIR: distDir,
        DATABASE_URL: "",
        NEXT_TELEMETRY_DISABLED: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app server exited:\n${log.slice(-3000)}`);
    try {
      if ((await fetch(`${url}/sign-in`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app server did not start in time:\n${log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM"); // the whole group: start.mjs and next
      } catch {
        // already gone
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
