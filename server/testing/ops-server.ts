// The node:http front of `npm start` (server/ops/serve-front.ts, with the app's own options: appFrontOptions) in a
// child process, with better-auth's handler standing in for Next.js: what ops tests start, signal and read the log
// of, without a `next build`; the stand-in answers `/__headers` with the request headers it was handed (299, JSON).
// Environment as for the app (DATABASE_URL or STOCKROOM_DATA_DIR, STOCKROOM_*), plus:
//   OPS_FIXTURE_FILE  write a fixture there first (team, catalog with golden queries and a version, a user with a
//                     password, an agent token) as JSON: the secrets go to that file, never to stdout.
// Usage: node --import tsx --conditions=react-server server/testing/ops-server.ts
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { toNodeHandler } from "better-auth/node";
import { getAuth } from "../auth";
import { getDatabase } from "../db";
import { getEnv } from "../env";
import { appFrontOptions } from "../ops/app-front";
import { serveFront } from "../ops/serve-front";
import { insertTestSnapshot } from "./insert-test-snapshot";
import { createPublishingFixture } from "./publishing-fixture";

const ORIGIN = new URL(getEnv().STOCKROOM_URL).origin; // the origin better-auth trusts

async function writeFixture(file: string): Promise<void> {
  const { db } = await getDatabase();
  const fixture = await createPublishingFixture(db);
  await insertTestSnapshot(db, fixture.team, fixture.catalog, 1);
  const email = `ops-${randomBytes(4).toString("hex")}@example.test`;
  const password = `pw-${randomBytes(12).toString("hex")}`;
  const signUp = await (await getAuth()).handler(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-stockroom-client-ip": "198.51.100.7" },
      body: JSON.stringify({ email, name: "Ops person", password }),
    }),
  );
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  await db.membership.create({ data: { teamId: fixture.team.id, userId: user.id, role: "owner" } });
  const { secret } = await fixture.owner.token.create({ ...fixture.at, name: "ops", scopes: ["read", "events"] });
  const body = { ...fixture.at, email, password, secret, userId: user.id, origin: ORIGIN };
  await writeFile(file, JSON.stringify(body), { mode: 0o600 });
}

const env = getEnv();
await getDatabase(); // open and migrate first, as instrumentation.ts does
if (process.env.OPS_FIXTURE_FILE) await writeFixture(process.env.OPS_FIXTURE_FILE);
const auth = toNodeHandler(await getAuth());
await serveFront({
  ...appFrontOptions(env),
  port: Number(process.env.PORT ?? "0"),
  host: "127.0.0.1",
  next: (req, res) => {
    if ((req.url ?? "").startsWith("/api/auth/")) return auth(req, res);
    if (req.url === "/__headers")
      return void res.writeHead(299, { "content-type": "application/json" }).end(JSON.stringify(req.headers));
    res.writeHead(299, { "content-type": "text/plain" }).end("next.js");
  },
});
