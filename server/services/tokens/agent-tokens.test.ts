import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useTestDatabase } from "../../testing/use-test-database";
import { hashTokenSecret } from "./token-secret";
import { outcomeCode } from "../../testing/outcome";
import { authorizeAgent } from "./authorize-agent";
import { TokenBucketLimiter } from "./rate-limit";

describe("agent tokens (token.create / list / revoke)", () => {
  const { db } = useTestDatabase();

  async function setup() {
    const people = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, people.team.id);
    const input = { team: people.team.slug, catalog: catalog.slug };
    return { ...people, catalog, input, owner$: callerFor(db, people.owner) };
  }

  it("shows the secret once, stores only its hash, lists prefix/created/last used, and audits", async () => {
    const { owner, team, catalog, input, owner$ } = await setup();
    const created = await owner$.token.create({ ...input, name: "  support bot  " });
    expect(created.secret).toMatch(/^srk_[A-Za-z0-9_-]{40}$/);
    expect(created.token).toMatchObject({
      name: "support bot",
      prefix: created.secret.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
      createdBy: owner.email,
    });

    const row = await db.agentToken.findUniqueOrThrow({ where: { id: created.token.id } });
    expect(row.hash).toBe(hashTokenSecret(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));

    const listed = await owner$.token.list(input);
    expect(listed).toEqual([created.token]);
    expect(JSON.stringify(listed)).not.toContain(row.hash);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const revoked = await owner$.token.revoke({ ...input, tokenId: created.token.id });
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect((await owner$.token.list(input))[0]!.revokedAt).toEqual(revoked.revokedAt);

    const audit = await db.auditEvent.findMany({
      where: { teamId: team.id, targetId: created.token.id },
      orderBy: { at: "asc" },
    });
    expect(audit.map((e) => [e.action, e.actorId, e.catalogId])).toEqual([
      ["agent_token.created", owner.id, catalog.id],
      ["agent_token.revoked", owner.id, catalog.id],
    ]);
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it("is for owners only: editors and viewers are refused, strangers do not see the team", async () => {
    const { editor, viewer, stranger, input, owner$ } = await setup();
    const { token } = await owner$.token.create({ ...input, name: "ci" });
    for (const user of [editor, viewer]) {
      const caller = callerFor(db, user);
      expect(await outcomeCode(caller.token.list(input))).toBe("FORBIDDEN");
      expect(await outcomeCode(caller.token.create({ ...input, name: "mine" }))).toBe("FORBIDDEN");
      expect(await outcomeCode(caller.token.revoke({ ...input, tokenId: token.id }))).toBe("FORBIDDEN");
    }
    expect(await outcomeCode(callerFor(db, stranger).token.list(input))).toBe("NOT_FOUND");
    expect(await outcomeCode(callerFor(db, null).token.list(input))).toBe("UNAUTHORIZED");
    expect(await db.agentToken.count({ where: { name: "mine" } })).toBe(0);
  });

  it("validates names, refuses a duplicate active name, and allows it again after revoking", async () => {
    const { input, owner$ } = await setup();
    expect(await outcomeCode(owner$.token.create({ ...input, name: "   " }))).toBe("BAD_REQUEST");
    expect(await outcomeCode(owner$.token.create({ ...input, name: "x".repeat(81) }))).toBe("BAD_REQUEST");
    const first = await owner$.token.create({ ...input, name: "prod" });
    const clash = owner$.token.create({ ...input, name: "prod" });
    await expect(clash).rejects.toThrow(/already exists/);
    expect(await outcomeCode(clash)).toBe("CONFLICT");
    await owner$.token.revoke({ ...input, tokenId: first.token.id });
    const second = await owner$.token.create({ ...input, name: "prod" });
    expect(second.secret).not.toBe(first.secret);
    const listed = await owner$.token.list(input);
    expect(listed.map((t) => [t.id, t.revokedAt === null])).toEqual([
      [second.token.id, true],
      [first.token.id, false],
    ]);
  });

  it("revokes once, and only tokens of the catalog named", async () => {
    const { team, input, owner$ } = await setup();
    const other = await createCatalog(db, team.id);
    const foreign = await owner$.token.create({ team: team.slug, catalog: other.slug, name: "other" });
    expect(await outcomeCode(owner$.token.revoke({ ...input, tokenId: foreign.token.id }))).toBe("NOT_FOUND");
    expect((await db.agentToken.findUniqueOrThrow({ where: { id: foreign.token.id } })).revokedAt).toBeNull();
    const { token } = await owner$.token.create({ ...input, name: "once" });
    await owner$.token.revoke({ ...input, tokenId: token.id });
    expect(await outcomeCode(owner$.token.revoke({ ...input, tokenId: token.id }))).toBe("CONFLICT");
    expect(await db.auditEvent.count({ where: { targetId: token.id, action: "agent_token.revoked" } })).toBe(1);
  });

  it("creates read + events tokens by default and what the owner asks otherwise, shown in the list and the audit", async () => {
    const { input, owner$, editor } = await setup();
    const reader = await owner$.token.create({ ...input, name: "reader" });
    const importer = await owner$.token.create({ ...input, name: "importer", scopes: ["import"] });
    const readOnly = await owner$.token.create({ ...input, name: "read only", scopes: ["read"] });
    expect(reader.token.scopes).toEqual(["read", "events"]);
    expect(importer.token.scopes).toEqual(["read", "import"]);
    expect(readOnly.token.scopes).toEqual(["read"]);
    expect((await owner$.token.list(input)).map((t) => [t.name, t.scopes])).toEqual([
      ["read only", ["read"]],
      ["importer", ["read", "import"]],
      ["reader", ["read", "events"]],
    ]);
    const event = await db.auditEvent.findFirstOrThrow({
      where: { targetId: importer.token.id, action: "agent_token.created" },
    });
    expect(event.after).toMatchObject({ scopes: ["read", "import"] });
    expect(await outcomeCode(owner$.token.create({ ...input, name: "x", scopes: ["admin" as "read"] }))).toBe(
      "BAD_REQUEST",
    );
    expect(await outcomeCode(callerFor(db, editor).token.create({ ...input, name: "y", scopes: ["import"] }))).toBe(
      "FORBIDDEN",
    );
  });

  it("archiving a catalog revokes its tokens at once; owners still list them, as revoked", async () => {
    const { input, owner$, editor, catalog, team } = await setup();
    const { token, secret } = await owner$.token.create({ ...input, name: "agent" });
    const limiter = new TokenBucketLimiter(1000);
    await expect(authorizeAgent({ db, secret, ...input, limiter })).resolves.toMatchObject({ tokenId: token.id }); // now cached
    expect(await owner$.catalog.archive({ ...input, confirm: catalog.slug })).toMatchObject({ tokensRevoked: 1 });
    await expect(authorizeAgent({ db, secret, ...input, limiter })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: expect.stringMatching(/revoked/),
    });
    const listed = await owner$.token.list(input);
    expect(listed).toEqual([expect.objectContaining({ id: token.id, revokedAt: expect.any(Date) })]);
    expect(await outcomeCode(callerFor(db, editor).token.list(input))).toBe("FORBIDDEN");
    expect(await outcomeCode(owner$.token.create({ ...input, name: "new" }))).toBe("NOT_FOUND");
    const audit = await db.auditEvent.findFirstOrThrow({
      where: { teamId: team.id, targetId: token.id, action: "agent_token.revoked" },
    });
    expect(audit.after).toEqual({ reason: "catalog archived" });
  });
});
