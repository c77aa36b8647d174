import { beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/open";
import { getSessionUser } from "../auth";
import { postAuth, signUpThroughAuthRoute } from "../testing/sign-up";
import { useTestDatabase } from "../testing/use-test-database";
import { sessionCache } from "./session-cache";

const { db, handle } = useTestDatabase();
const globals = globalThis as unknown as { stockroomDb?: Promise<DatabaseHandle> };

const lookUp = (cookie: string) => getSessionUser(new Headers({ cookie }));

beforeAll(() => {
  process.env.BETTER_AUTH_SECRET ??= "session-cache-test-secret-".padEnd(40, "x");
  globals.stockroomDb = Promise.resolve(handle);
});

describe("cached session look-ups", () => {
  it("a repeat look-up is served from the cache (a row deleted behind better-auth's back shows after a clear)", async () => {
    const { cookie, userId } = await signUpThroughAuthRoute();
    expect((await lookUp(cookie))?.id).toBe(userId);
    // Not through better-auth: no hook runs, so only the cache can still answer (for at most its 10 s).
    await db.session.deleteMany({ where: { userId } });
    expect((await lookUp(cookie))?.id).toBe(userId);
    sessionCache().clear();
    expect(await lookUp(cookie)).toBeNull();
  });

  it("signing out ends the session at once, not after the cache's expiry", async () => {
    const { cookie, userId } = await signUpThroughAuthRoute();
    expect((await lookUp(cookie))?.id).toBe(userId);
    expect((await postAuth("/sign-out", cookie)).status).toBe(200);
    expect(await lookUp(cookie)).toBeNull();
  });

  it("revoking every session of the account ends this one at once", async () => {
    const { cookie, userId } = await signUpThroughAuthRoute();
    expect((await lookUp(cookie))?.id).toBe(userId);
    expect((await postAuth("/revoke-sessions", cookie)).status).toBe(200);
    expect(await lookUp(cookie)).toBeNull();
  });

  it("a renamed account shows its new name on the next look-up", async () => {
    const { cookie } = await signUpThroughAuthRoute();
    await lookUp(cookie);
    expect((await postAuth("/update-user", cookie, { name: "Renamed Person" })).status).toBe(200);
    expect((await lookUp(cookie))?.name).toBe("Renamed Person");
  });

  it("an unknown or forged cookie is no one, and is not kept", async () => {
    const before = sessionCache().size;
    expect(await lookUp("__Secure-stockroom.session_token=forged.signature")).toBeNull();
    expect(await lookUp("stockroom.session_token=forged.signature")).toBeNull();
    expect(sessionCache().size).toBe(before);
  });
});
