import { beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTeamWithMembers } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";
import { onUserCreated } from "../services/teams/on-user-created";
import { createAuth, type Auth } from "./create-auth";

const BASE = "http://localhost:3999";

function post(auth: Auth, path: string, body: unknown, ip = "203.0.113.7") {
  return auth.handler(
    new Request(`${BASE}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, "x-stockroom-client-ip": ip },
      body: JSON.stringify(body),
    }),
  );
}

describe("accounts (better-auth over our database)", () => {
  const { db, handle } = useTestDatabase();
  let auth: Auth;
  beforeAll(async () => {
    auth = createAuth({
      db,
      onUserCreated: (user) => onUserCreated({ db, user }),
      secret: "x".repeat(40),
      baseURL: BASE,
      signInPerMinute: 5,
    });
  });

  it("signs up with a team of one's own, stores only a memory-hard hash, and sets a safe session cookie", async () => {
    const response = await post(
      auth,
      "/sign-up/email",
      { email: "Ada@Example.test", password: "correct horse", name: "Ada" },
      "203.0.113.1",
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const user = await db.user.findUniqueOrThrow({ where: { email: "ada@example.test" } });
    const account = await db.account.findFirstOrThrow({ where: { userId: user.id } });
    expect(account.password).not.toContain("correct horse");
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // better-auth's scrypt: salt:key

    const memberships = await db.membership.findMany({ where: { userId: user.id }, include: { team: true } });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ role: "owner", team: { slug: "adas-team", name: "Ada's team" } });
  });

  it("refuses a wrong password and an unknown account alike", async () => {
    const wrong = await post(
      auth,
      "/sign-in/email",
      { email: "ada@example.test", password: "wrong password" },
      "203.0.113.2",
    );
    const unknown = await post(
      auth,
      "/sign-in/email",
      { email: "nobody@example.test", password: "wrong password" },
      "203.0.113.2",
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: "Invalid email or password" });
  });

  it("rate-limits sign-in attempts per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await post(auth, "/sign-in/email", { email: "ada@example.test", password: "guess " + i }, "198.51.100.9"))
          .status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // another client is not affected
    expect(
      (await post(auth, "/sign-in/email", { email: "ada@example.test", password: "correct horse" }, "198.51.100.10"))
        .status,
    ).toBe(200);
  });

  it("signing up with an invited address alone joins nothing (issue #17 item 3: the link is the proof)", async () => {
    const { team, owner } = await createTeamWithMembers(db);
    const invite = await callerFor(db, owner).team.invite({
      team: team.slug,
      email: "Grace@Example.test",
      role: "owner",
    });
    expect(invite.status).toBe("invited");
    const response = await post(
      auth,
      "/sign-up/email",
      { email: "grace@example.test", password: "hopper 1906", name: "Grace" },
      "203.0.113.3",
    );
    expect(response.status).toBe(200);
    const grace = await db.user.findUniqueOrThrow({ where: { email: "grace@example.test" } });
    const roles = await db.membership.findMany({ where: { userId: grace.id }, include: { team: true } });
    expect(roles.map((m) => [m.team.slug, m.role])).toEqual([["graces-team", "owner"]]);
    expect(await db.invitation.count({ where: { email: "grace@example.test" } })).toBe(1); // still pending
  });
});
