import { describe, expect, it } from "vitest";
import { callerFor, createCatalog, createTeamWithMembers, createTools } from "../testing/factories";
import { useTestDatabase } from "../testing/use-test-database";

const { db } = useTestDatabase();

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { code: string; message: string; cause?: { details?: Record<string, unknown> } };
    return { code: e.code, message: e.message, details: e.cause?.details ?? {} };
  }
  throw new Error("expected the call to fail");
}

describe("catalog create / update / archive", () => {
  it("lets owners create a catalog with a slug from its name; editors cannot; slugs are unique", async () => {
    const { team, owner, editor } = await createTeamWithMembers(db);
    const api = callerFor(db, owner);
    const created = await api.catalog.create({
      team: team.slug,
      name: "Support agent",
      engineProfile: "codex-bm25",
      defaultLimit: 5,
    });
    expect(created).toMatchObject({
      slug: "support-agent",
      name: "Support agent",
      engineProfile: "codex-bm25",
      defaultLimit: 5,
      revision: 1,
    });
    expect((await api.catalog.list({ team: team.slug })).map((c) => c.slug)).toEqual(["support-agent"]);
    expect((await failure(callerFor(db, editor).catalog.create({ team: team.slug, name: "Other" }))).code).toBe(
      "FORBIDDEN",
    );
    const dup = await failure(api.catalog.create({ team: team.slug, name: "Support Agent" }));
    expect(dup).toMatchObject({
      code: "CONFLICT",
      message: 'The team already has a catalog "support-agent"; choose another slug.',
    });
    expect(
      (await failure(api.catalog.create({ team: team.slug, name: "X", slug: "Bad Slug!" }))).details.fields,
    ).toHaveProperty("slug");
    expect((await failure(api.catalog.create({ team: team.slug, name: "  " }))).code).toBe("BAD_REQUEST");
    expect((await failure(api.catalog.create({ team: team.slug, name: "Y", defaultLimit: 0 }))).message).toMatch(
      /between 1 and 50/,
    );
  });

  it("renames and retunes with a revision guard and audits before/after", async () => {
    const { team, owner, editor, viewer } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const ref = { team: team.slug, catalog: catalog.slug };
    const updated = await callerFor(db, editor).catalog.update({
      ...ref,
      revision: 1,
      patch: { name: "Renamed", engineProfile: "codex-bm25", defaultLimit: 12 },
    });
    expect(updated).toMatchObject({
      name: "Renamed",
      engineProfile: "codex-bm25",
      defaultLimit: 12,
      revision: 2,
      slug: catalog.slug,
    });
    expect(
      (await failure(callerFor(db, owner).catalog.update({ ...ref, revision: 1, patch: { name: "Mine" } }))).code,
    ).toBe("CONFLICT");
    expect(
      (await failure(callerFor(db, viewer).catalog.update({ ...ref, revision: 2, patch: { name: "V" } }))).code,
    ).toBe("FORBIDDEN");
    const event = await db.auditEvent.findFirstOrThrow({ where: { catalogId: catalog.id, action: "catalog.updated" } });
    expect(event.before).toEqual({ name: "Test catalog", engineProfile: "stockroom", defaultLimit: 8 });
    expect(event.after).toEqual({ name: "Renamed", engineProfile: "codex-bm25", defaultLimit: 12 });
  });

  it("chooses vocabulary packs and adds catalog lines; a bad line is refused with its number and nothing is written", async () => {
    const { team, editor } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    await createTools(db, catalog.id, [
      { namespace: "billing", name: "create_refund", description: "Refund a charge." },
      { namespace: "billing", name: "list_charges", description: "List charges." },
    ]);
    const ref = { team: team.slug, catalog: catalog.slug };
    const api = callerFor(db, editor);
    expect(await api.catalog.get(ref)).toMatchObject({
      vocabularyPacks: ["general", "popular-servers"],
      vocabularyLines: "",
      dropWeakHits: false,
    });
    const bad = await failure(
      api.catalog.update({ ...ref, revision: 1, patch: { vocabularyLines: "zorp > create_refund\n开票" } }),
    );
    expect(bad).toMatchObject({
      code: "BAD_REQUEST",
      message: "Vocabulary line 2 a Chinese word needs its English meaning after >.",
    });
    expect((await api.catalog.get(ref)).revision).toBe(1);
    const saved = await api.catalog.update({
      ...ref,
      revision: 1,
      patch: { vocabularyPacks: ["general"], vocabularyLines: "zorp > create_refund" },
    });
    expect(saved).toMatchObject({ vocabularyPacks: ["general"], vocabularyLines: "zorp > create_refund", revision: 2 });
    const result = await api.playground.search({ ...ref, query: "zorp a charge", version: null });
    expect(result.hits[0]?.key).toBe("billing.create_refund");
    expect(result.vocabulary).toEqual({
      packs: [{ id: "general", version: 1 }],
      catalogLines: 1,
      effect: [
        {
          term: "zorp",
          related: [
            { term: "creat", source: "catalog", weight: 0.4 },
            { term: "refund", source: "catalog", weight: 0.4 },
          ],
        },
      ],
    });
    // The learned pack is chosen like any pack; the playground names each learned link with its weight.
    await api.catalog.update({
      ...ref,
      revision: 2,
      patch: { vocabularyPacks: ["general", "learned"], vocabularyLines: "" },
    });
    const learned = await api.playground.search({ ...ref, query: "remind me of the charges", version: null });
    expect(learned.vocabulary.packs).toEqual([
      { id: "general", version: 1 },
      { id: "learned", version: 1 },
    ]);
    expect(learned.vocabulary.effect).toContainEqual({
      term: "remind",
      related: expect.arrayContaining([{ term: "list", source: "learned", weight: 0.15 }]),
    });
  });

  it("archives on delete (owner, slug confirmed), keeps snapshots, hides the catalog and keeps its slug reserved", async () => {
    const { team, owner, editor } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id, { slug: "old-one" });
    await db.snapshot.create({
      data: { catalogId: catalog.id, version: 1, contentHash: "sha256-x", payload: {}, metrics: {} },
    });
    const ref = { team: team.slug, catalog: catalog.slug };
    const api = callerFor(db, owner);
    expect((await failure(callerFor(db, editor).catalog.archive({ ...ref, confirm: "old-one" }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(api.catalog.archive({ ...ref, confirm: "old" }))).message).toBe(
      'Type the catalog\'s slug "old-one" to confirm.',
    );
    expect(await api.catalog.archive({ ...ref, confirm: "old-one" })).toEqual({
      slug: "old-one",
      snapshotsKept: 1,
      tokensRevoked: 0,
    });
    expect(await api.catalog.list({ team: team.slug })).toEqual([]);
    expect((await failure(api.tool.list(ref))).code).toBe("NOT_FOUND");
    expect(await db.snapshot.count({ where: { catalogId: catalog.id } })).toBe(1);
    expect((await failure(api.catalog.create({ team: team.slug, name: "Old one", slug: "old-one" }))).message).toMatch(
      /archived catalog keeps the slug/,
    );
  });
});

describe("namespaces", () => {
  it("creates, renames (rewriting tool keys and bumping revisions), describes and deletes only when empty", async () => {
    const { team, editor } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const ref = { team: team.slug, catalog: catalog.slug };
    const api = callerFor(db, editor);
    const crm = await api.namespace.create({ ...ref, name: "crm", description: "Customer tools" });
    expect((await failure(api.namespace.create({ ...ref, name: "crm" }))).code).toBe("CONFLICT");
    expect((await failure(api.namespace.create({ ...ref, name: "c.r.m" }))).message).toMatch(
      /Namespace name "c.r.m" contains "\."/,
    );
    await createTools(db, catalog.id, [
      { name: "lookup", namespace: "crm" },
      { name: "update", namespace: "crm" },
    ]);
    const renamed = await api.namespace.update({ ...ref, id: crm.id, revision: 1, patch: { name: "customers" } });
    expect(renamed).toMatchObject({ name: "customers", toolCount: 2, revision: 2 });
    const tools = await db.tool.findMany({
      where: { catalogId: catalog.id },
      orderBy: { key: "asc" },
      select: { key: true, revision: true },
    });
    expect(tools).toEqual([
      { key: "customers.lookup", revision: 2 },
      { key: "customers.update", revision: 2 },
    ]);
    expect(
      (await failure(api.namespace.update({ ...ref, id: crm.id, revision: 1, patch: { description: "x" } }))).code,
    ).toBe("CONFLICT");
    expect((await failure(api.namespace.delete({ ...ref, id: crm.id, revision: 2 }))).message).toMatch(
      /still has 2 tools/,
    );
    const empty = await api.namespace.create({ ...ref, name: "empty" });
    await api.namespace.delete({ ...ref, id: empty.id, revision: 1 });
    expect((await api.namespace.list(ref)).map((n) => n.name)).toEqual(["customers"]);
  });
});

describe("history.list", () => {
  it("shows a tool's history newest first, paged, and nothing to other teams", async () => {
    const { team, editor, viewer, stranger } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const ref = { team: team.slug, catalog: catalog.slug };
    const api = callerFor(db, editor);
    const tool = await api.tool.create({ ...ref, tool: { name: "lookup" } });
    for (let revision = 1; revision <= 3; revision++)
      await api.tool.update({ ...ref, id: tool.id, revision, patch: { description: `v${revision}` } });
    await api.tool.create({ ...ref, tool: { name: "other" } });
    const first = await callerFor(db, viewer).history.list({ ...ref, targetId: tool.id, limit: 3 });
    expect(first.events.map((e) => e.action)).toEqual(["tool.updated", "tool.updated", "tool.updated"]);
    expect(first.events[0]).toMatchObject({
      actorLabel: editor.email,
      before: { description: "v2" },
      after: { description: "v3" },
    });
    const second = await callerFor(db, viewer).history.list({
      ...ref,
      targetId: tool.id,
      limit: 3,
      cursor: first.nextCursor,
    });
    expect(second.events.map((e) => e.action)).toEqual(["tool.created"]);
    expect(second.nextCursor).toBeNull();
    expect((await callerFor(db, viewer).history.list(ref)).events).toHaveLength(5);
    expect((await failure(callerFor(db, stranger).history.list(ref))).code).toBe("NOT_FOUND");
  });

  it("filters the history by person and by kind of change, and lists the people in it", async () => {
    const { team, editor, owner } = await createTeamWithMembers(db);
    const catalog = await createCatalog(db, team.id);
    const ref = { team: team.slug, catalog: catalog.slug };
    await callerFor(db, editor).tool.create({ ...ref, tool: { name: "lookup" } });
    await callerFor(db, owner).token.create({ ...ref, name: "bot" });
    const api = callerFor(db, editor);
    expect((await api.history.list({ ...ref, actor: owner.email })).events.map((e) => e.action)).toEqual([
      "agent_token.created",
    ]);
    expect((await api.history.list({ ...ref, type: "tools" })).events.map((e) => e.actorLabel)).toEqual([editor.email]);
    expect((await api.history.list({ ...ref, type: "tools", actor: owner.email })).events).toEqual([]);
    expect((await api.history.list(ref)).people.sort()).toEqual([editor.email, owner.email].sort());
    expect((await failure(api.history.list({ ...ref, type: "nope" as "tools" }))).code).toBe("BAD_REQUEST");
  });
});
