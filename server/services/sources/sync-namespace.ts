import "server-only";
import { createHash } from "node:crypto";
import type { Catalog, NamespaceSource, PrismaClient } from "@prisma/client";
import type { ImportDecisions } from "@/domain/import";
import type { SourceKind } from "@/domain/sources";
import { canonicalJson } from "@/domain/snapshot/verify";
import { AppError } from "../../errors";
import { timeCatalogRun } from "../../ops/metrics";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { commitImport, previewImport } from "../import/import-tools";
import { report, type ImportControl } from "../import/import-progress";
import type { ImportOptions } from "../import/plan-import";
import type { ParsedSource } from "../import/parse-tool-source";
import { readUpstream, type SentDocument } from "./read-upstream";
import { changeOf, findSourceRow } from "./sources";

interface SyncRequest {
  db: PrismaClient;
  catalog: Catalog;
  /** The namespace's name. */
  namespace: string;
  /** For sources the CLI reads (stdio, files): what it read. */
  sent?: SentDocument;
  /** Progress of the fetch, diff and apply phases, and cancel (nothing written when cancelled before the commit). */
  control?: ImportControl;
}

/** What the source sent, as a short digest: a sync applies only what its preview showed. */
const digestOf = (source: ParsedSource) =>
  createHash("sha256").update(canonicalJson(source.items)).digest("hex").slice(0, 16);

/** The import options a sync uses: the namespace is the source's, matching on its MCP server when it has one. */
function optionsOf(row: NamespaceSource & { namespace: { name: string } }, mcpServer: string | null): ImportOptions {
  return {
    namespace: row.namespace.name,
    mcpServer,
    exposure: row.exposure,
    removalNamespaces: row.namespaces,
  };
}

async function plan(request: SyncRequest) {
  const row = await findSourceRow(request.db, request.catalog.id, request.namespace);
  report(request.control, "fetch", 0, 1);
  const upstream = await readUpstream(row, request.sent);
  report(request.control, "fetch", 1, 1);
  return { row, upstream, options: optionsOf(row, upstream.mcpServer), digest: digestOf(upstream.source) };
}

/**
 * Reads the namespace's source and compares it with the catalog: the import's change set (new, changed field by
 * field, conflict, removed, unchanged), writes nothing. Its fingerprint also covers what the source sent.
 */
export function previewSync(request: SyncRequest) {
  return timeCatalogRun("sync-preview", () => previewSyncRun(request));
}

async function previewSyncRun(request: SyncRequest) {
  const { row, upstream, options, digest } = await plan(request);
  const { db, catalog, control } = request;
  const preview = await previewImport({ db, catalog, parsed: upstream.source, options, control });
  return {
    ...preview,
    fingerprint: `${preview.fingerprint}.${digest}`,
    kind: row.kind as SourceKind,
    mcpServer: upstream.mcpServer,
  };
}

type ApplySyncRequest = SyncRequest & {
  actor: AuditActor;
  fingerprint: string;
  skipInvalid: boolean;
  decisions: ImportDecisions;
};

/**
 * Applies what the preview showed, all or nothing (the import's transaction, one History group), and records
 * when the source was synced. The source is read again: when it changed since the preview, nothing is written.
 */
export function applySync(request: ApplySyncRequest) {
  return timeCatalogRun("sync", () => applySyncRun(request));
}

async function applySyncRun(request: ApplySyncRequest) {
  const { row, upstream, options, digest } = await plan(request);
  const [catalogFingerprint, previewed] = request.fingerprint.split(".");
  if (previewed !== digest)
    throw new AppError(
      "CONFLICT",
      "The source changed since this preview (its tools are not the same); preview again.",
    );
  return commitImport({
    db: request.db,
    catalog: request.catalog,
    actor: request.actor,
    parsed: upstream.source,
    options,
    fingerprint: catalogFingerprint ?? "",
    skipInvalid: request.skipInvalid,
    decisions: request.decisions,
    control: request.control,
    afterWrite: async (tx, written) => {
      const namespaces = new Set([row.namespace.name]);
      for (const w of written.writes) if (w.tool.namespace) namespaces.add(w.tool.namespace);
      await tx.namespaceSource.update({
        where: { id: row.id },
        data: {
          lastSyncedAt: new Date(),
          mcpServer: upstream.mcpServer,
          namespaces: [...namespaces].sort(),
          // In step with upstream again: the "source changed" mark clears, and this upstream is not reported again.
          changedAt: null,
          checkedDigest: digest,
        },
      });
    },
  });
}

/** Clears the "source changed" mark without syncing; the same upstream is not reported again (History says who). */
export async function dismissSourceChange(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  namespace: string;
}) {
  const { db, catalog, actor, namespace } = options;
  return db.$transaction(async (tx) => {
    const row = await findSourceRow(tx, catalog.id, namespace);
    if (!row.changedAt) return { namespace, dismissed: false };
    await tx.namespaceSource.update({ where: { id: row.id }, data: { changedAt: null } });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.source_change_dismissed",
      targetType: "namespace",
      targetId: row.namespaceId,
      before: { namespace, ...changeOf(row) },
    });
    return { namespace, dismissed: true };
  });
}
