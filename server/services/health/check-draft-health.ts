// The draft's catalog check for the Health tab (docs/catalog-check.md, "Health"): every rule, with the golden
// queries and the requests agents sent before calling a tool (traffic) as the findability requests.
import { createHash } from "node:crypto";
import type { Catalog, Team } from "@prisma/client";
import {
  type CheckRequest,
  type CheckTool,
  checkCatalog,
  checkInputOfSnapshot,
  type Finding,
} from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import type { SqlSource } from "../../db/sql-source";
import { timeCatalogRun } from "../../ops/metrics";
import { loadDraftState } from "../draft/draft-cache";
import type { LiveRow } from "../draft/build-snapshot-content";
import { loadGoldenQueries } from "../review/catalog-state";
import { loadTrafficRequests } from "./load-traffic-requests";

export interface DraftHealth {
  /** Every finding, tool by tool in the draft's order, most severe first within a tool. */
  findings: Finding[];
  /** The draft's tools as the check read them, by id. */
  tools: Map<string, CheckTool>;
  /** Each tool id's row (the editor's address), hidden tools included. */
  live: ReadonlyMap<string, LiveRow>;
  requests: { golden: number; traffic: number };
}

/**
 * Findings per draft content object and request set. Draft contents (draft-cache.ts) are shared objects nobody
 * changes — a changed draft is a new object — so a Health page reloaded without edits or new traffic checks
 * nothing again, and an entry goes with its content. Not a cache of rows: nothing can be stale.
 */
const checked = new WeakMap<SnapshotContent, { key: string; findings: Finding[] }>();

const fingerprint = (requests: readonly CheckRequest[]) =>
  createHash("sha256")
    .update(JSON.stringify(requests.map((r) => [r.query, r.toolId, r.source])))
    .digest("hex");

export async function checkDraftHealth({
  db,
  team,
  catalog,
}: {
  db: SqlSource;
  team: Pick<Team, "slug">;
  catalog: Catalog;
}): Promise<DraftHealth> {
  const [state, golden, traffic] = await Promise.all([
    loadDraftState({ db, team, catalog }),
    loadGoldenQueries(db, catalog.id),
    loadTrafficRequests(db, catalog.id),
  ]);
  const requests: CheckRequest[] = [
    ...golden.flatMap((g) => g.expected.map((toolId) => ({ query: g.query, toolId, source: "golden" as const }))),
    ...traffic,
  ];
  const { content } = state;
  const { tools, engine } = checkInputOfSnapshot(content);
  const key = fingerprint(requests);
  let entry = checked.get(content);
  if (entry?.key !== key) {
    const result = timeCatalogRun("check", () => checkCatalog({ tools, requests, engine, k: engine.defaultLimit }));
    entry = { key, findings: [...result.byTool.values()].flat() };
    checked.set(content, entry);
  }
  return {
    findings: entry.findings,
    tools: new Map(tools.map((t) => [t.id, t])),
    live: state.live,
    requests: { golden: golden.length, traffic: traffic.length },
  };
}
