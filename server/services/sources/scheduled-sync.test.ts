// Issue 35, item 3: a URL source syncs on a schedule. A due source is claimed by one process at a time; a check
// applies nothing, and when upstream differs it sets the "source changed" mark (catalog card, source list, the
// affected tools), writes History and e-mails the owners; a sync or a dismiss clears the mark.
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error plain ESM test fixture without types
import { startHttpServer } from "../../testing/tiny-mcp-server.mjs";
import { callerFor, createCatalog, createTeamWithMembers } from "../../testing/factories";
import { useSmtpCapture } from "../../testing/use-smtp-capture";
import { useTestDatabase } from "../../testing/use-test-database";
import { claimDueSource, runDueChecks, type CheckSettings } from "./scheduled-sync";

const { db } = useTestDatabase();
afterEach(() => vi.unstubAllEnvs());

const MINUTE = 60_000;
const { received, url: smtpUrl } = useSmtpCapture();

async function setup() {
  const people = await createTeamWithMembers(db);
  const catalog = await createCatalog(db, people.team.id);
  const ref = { team: people.team.slug, catalog: catalog.slug };
  return { ...people, catalog, ref, editor: callerFor(db, people.editor), ownerApi: callerFor(db, people.owner) };
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("expected the call to fail");
}

/** Check settings at `minutes` after the start. */
const at = (start: number, minutes: number): CheckSettings => ({
  mail: { smtpUrl: smtpUrl(), from: "Stockroom <noreply@stockroom.example>" },
  baseUrl: "https://stockroom.example",
  now: () => new Date(start + minutes * MINUTE),
});

type Setup = Awaited<ReturnType<typeof setup>>;

/** After a check found 1 new, 1 changed and 1 removed: the mark on the source, its tools, the card; History; mail. */
async function expectTheMark({
  editor,
  ownerApi,
  owner,
  ref,
  catalog,
  team,
}: Pick<Setup, "editor" | "ownerApi" | "owner" | "ref" | "catalog" | "team">) {
  const ids = async (...keys: string[]) =>
    (await db.tool.findMany({ where: { catalogId: catalog.id, key: { in: keys } }, orderBy: { key: "asc" } })).map(
      (t) => t.id,
    );
  const [listed] = await editor.source.list(ref);
  expect(listed!.changed).toMatchObject({ new: 1, changed: 1, removed: 1, conflict: 0 });
  expect([...listed!.changed!.toolIds].sort()).toEqual(
    (await ids("weather.get_forecast", "weather.list_alerts")).sort(),
  );
  expect((await ownerApi.catalog.list({ team: team.slug }))[0]).toMatchObject({ sourcesChanged: 1 });
  const history = await db.auditEvent.findMany({
    where: { catalogId: catalog.id, action: "namespace.source_changed" },
  });
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ actorLabel: "Scheduled sync" });
  const link = `/t/${team.slug}/${catalog.slug}/namespaces`;
  const mail = received.filter((m) => m.text.replace(/=\r?\n/g, "").includes(link));
  expect(mail.map((m) => m.to)).toEqual([owner.email]);
  expect(mail[0]!.text.replace(/=\r?\n/g, "")).toMatch(/1 new, 1 changed, 1 no longer listed/);
}

describe("scheduled sync of URL sources", () => {
  it("validates the interval: off by default, 15 minutes to a week, URL sources only", async () => {
    const { editor, ref } = await setup();
    const http = { kind: "mcp-http" as const, url: "https://mcp.example.com/mcp", headers: [] };
    const off = await editor.source.set({ ...ref, namespace: "weather", source: http });
    expect(off).toMatchObject({ syncIntervalMinutes: null, nextSyncAt: null, changed: null });
    for (const syncIntervalMinutes of [5, 0, -60, 1.5, 7 * 24 * 60 + 1]) {
      const error = await failure(
        editor.source.set({ ...ref, namespace: "weather", revision: 1, source: { ...http, syncIntervalMinutes } }),
      );
      expect(error.code, String(syncIntervalMinutes)).toBe("BAD_REQUEST");
    }
    const fileOnly = await failure(
      editor.source.set({
        ...ref,
        namespace: "api",
        source: { kind: "openapi", url: null, file: "./openapi.yaml", syncIntervalMinutes: 60 },
      }),
    );
    expect(fileOnly).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/from a URL/) });
    const before = Date.now();
    const hourly = await editor.source.set({
      ...ref,
      namespace: "weather",
      revision: 1,
      source: { ...http, syncIntervalMinutes: 60 },
    });
    expect(hourly.syncIntervalMinutes).toBe(60);
    expect(Date.parse(hourly.nextSyncAt!)).toBeGreaterThanOrEqual(before + 60 * MINUTE);
    await editor.source.remove({ ...ref, namespace: "weather" });
  });

  it("checks a loopback MCP server when due, marks a change once, e-mails owners, clears on dismiss and on sync", async () => {
    vi.stubEnv("STOCKROOM_ALLOW_PRIVATE_NETWORKS", "1");
    const { editor, owner, ownerApi, ref, catalog, team } = await setup();
    let upstream = await startHttpServer();
    const port = Number(new URL(upstream.url).port);
    const restart = async (variant: string) => {
      await upstream.close();
      upstream = await startHttpServer({ port, variant });
    };
    try {
      const source = { kind: "mcp-http" as const, url: upstream.url, headers: [], syncIntervalMinutes: 60 };
      await editor.source.set({ ...ref, namespace: "weather", source });
      const first = await editor.source.syncPreview({ ...ref, namespace: "weather" });
      await editor.source.syncApply({ ...ref, namespace: "weather", fingerprint: first.fingerprint });
      const start = Date.now();
      const toolCount = () => db.tool.count({ where: { catalogId: catalog.id } });

      // Not due yet; then due, and upstream is as the catalog: nothing to mark.
      expect(await runDueChecks(db, at(start, 1))).toEqual([]);
      expect(await runDueChecks(db, at(start, 61))).toEqual([{ status: "unchanged" }]);
      // The claim moved the source an interval on: the same minute finds nothing due.
      expect(await runDueChecks(db, at(start, 61))).toEqual([]);

      // Upstream changes a description, adds get_pollen and drops list_alerts.
      await restart("3");
      const [changed] = await runDueChecks(db, at(start, 122));
      expect(changed).toMatchObject({ status: "changed", change: { new: 1, changed: 1, removed: 1 }, mailed: 1 });
      expect(await toolCount()).toBe(3);
      expect(await db.tool.count({ where: { catalogId: catalog.id, key: "weather.get_pollen" } })).toBe(0);
      await expectTheMark({ editor, ownerApi, owner, ref, catalog, team });

      // The same upstream again: reported once, no second History entry or e-mail.
      expect(await runDueChecks(db, at(start, 183))).toEqual([{ status: "already-reported" }]);
      await editor.source.dismissChange({ ...ref, namespace: "weather" });
      expect((await editor.source.list(ref))[0]!.changed).toBeNull();
      expect(await runDueChecks(db, at(start, 244))).toEqual([{ status: "already-reported" }]);
      expect((await editor.source.list(ref))[0]!.changed).toBeNull();

      // Upstream moves again: marked again; syncing clears the mark.
      await restart("2");
      expect((await runDueChecks(db, at(start, 305)))[0]).toMatchObject({ status: "changed" });
      const plan = await editor.source.syncPreview({ ...ref, namespace: "weather" });
      await editor.source.syncApply({ ...ref, namespace: "weather", fingerprint: plan.fingerprint });
      expect((await editor.source.list(ref))[0]!.changed).toBeNull();
      expect((await ownerApi.catalog.list({ team: team.slug }))[0]).toMatchObject({ sourcesChanged: 0 });
      expect(await runDueChecks(db, at(start, 366))).toEqual([{ status: "unchanged" }]);
      const actions = await db.auditEvent.findMany({
        where: { catalogId: catalog.id, action: { startsWith: "namespace.source_change" } },
        orderBy: { at: "asc" },
      });
      expect(actions.map((a) => a.action)).toEqual([
        "namespace.source_changed",
        "namespace.source_change_dismissed",
        "namespace.source_changed",
      ]);
    } finally {
      await upstream.close();
    }
  });

  it("gives a due source to one claimer only, even when two processes ask at once", async () => {
    const { editor, ref } = await setup();
    const source = {
      kind: "mcp-http" as const,
      url: "https://mcp.example.com/mcp",
      headers: [],
      syncIntervalMinutes: 15,
    };
    await editor.source.set({ ...ref, namespace: "a", source });
    const later = new Date(Date.now() + 16 * MINUTE);
    const claims = await Promise.all([claimDueSource(db, later), claimDueSource(db, later), claimDueSource(db, later)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDueSource(db, later)).toBeNull();
  });

  it("counts intervals in the scheduler's minutes, which an e2e test may shorten (STOCKROOM_SCHEDULER_MINUTE_MS)", async () => {
    vi.stubEnv("STOCKROOM_SCHEDULER_MINUTE_MS", "100");
    const { editor, ref, catalog } = await setup();
    const source = {
      kind: "mcp-http" as const,
      url: "https://mcp.example.com/mcp",
      headers: [],
      syncIntervalMinutes: 60,
    };
    const before = Date.now();
    const saved = await editor.source.set({ ...ref, namespace: "a", source });
    expect(saved.syncIntervalMinutes).toBe(60); // the team's interval is unchanged…
    const due = Date.parse(saved.nextSyncAt!); // …its first check is 60 short minutes (6 s) away
    expect(due).toBeGreaterThanOrEqual(before + 6_000);
    expect(due).toBeLessThan(before + 60 * MINUTE);
    const now = new Date(due);
    expect(await claimDueSource(db, now, 100)).toBe(
      (await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } })).id,
    );
    const next = await db.namespaceSource.findFirstOrThrow({ where: { catalogId: catalog.id } });
    expect(next.nextSyncAt!.getTime() - now.getTime()).toBe(6_000);
    expect(await claimDueSource(db, new Date(due + 5_999), 100)).toBeNull();
  });
});
