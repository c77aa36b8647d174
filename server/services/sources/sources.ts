import "server-only";
import type { Catalog, NamespaceSource, Prisma, PrismaClient } from "@prisma/client";
import type { Source, SourceChange, SourceInput } from "@/domain/sources";
import { checkToolName } from "@/domain/tool-rules/tool-rules";
import { schedulerMinuteMs } from "../../env";
import { AppError } from "../../errors";
import { recordAuditEvent, type AuditActor } from "../history/record-audit-event";
import { validateConnection } from "../import/fetch-mcp-tools";
import { openSecret, sealSecret } from "./secret-box";

/**
 * A header as stored: a plain value, or a secret one sealed (secret-box.ts). A secret without `sealed` has no
 * value yet: a catalog import brings a secret header's name only, the team enters its value.
 */
export type StoredHeader =
  | { name: string; secret: false; value: string }
  | { name: string; secret: true; sealed?: string };

type Row = NamespaceSource & { namespace: { name: string } };
const invalid = (field: string, message: string) =>
  new AppError("INVALID_INPUT", message, { fields: { [field]: message } });

/** What a sealed header value is bound to: this namespace's source and this header. */
const bindingOf = (namespaceId: string, header: string) => `${namespaceId}\u0000${header.toLowerCase()}`;

export const storedHeaders = (row: Pick<NamespaceSource, "headers">) => (row.headers ?? []) as StoredHeader[];

/** The source as the browser sees it: secret values replaced by `set`. */
export function toSource(row: Row): Source {
  return {
    namespaceId: row.namespaceId,
    namespace: row.namespace.name,
    kind: row.kind as Source["kind"],
    url: row.url,
    headers: storedHeaders(row).map((h) =>
      h.secret
        ? { name: h.name, secret: true, value: null, set: Boolean(h.sealed) }
        : { name: h.name, secret: false, value: h.value, set: true },
    ),
    command: row.command,
    args: row.args,
    env: row.env,
    file: row.file,
    tagsAsNamespaces: row.tagsAsNamespaces,
    mcpServer: row.mcpServer,
    exposure: row.exposure,
    revision: row.revision,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    syncIntervalMinutes: row.syncIntervalMinutes,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastCheckError: row.lastCheckError,
    changed: changeOf(row),
  };
}

/** The "source changed" mark of a row, or null. */
export function changeOf(row: Pick<NamespaceSource, "changedAt" | "changedSummary">): SourceChange | null {
  if (!row.changedAt) return null;
  const summary = (row.changedSummary ?? {}) as Partial<SourceChange>;
  return {
    at: row.changedAt.toISOString(),
    new: summary.new ?? 0,
    changed: summary.changed ?? 0,
    conflict: summary.conflict ?? 0,
    removed: summary.removed ?? 0,
    toolIds: summary.toolIds ?? [],
  };
}

/** The headers to send to the server, secrets opened (server-side only: never returned to a client). */
export function openHeaders(row: Pick<NamespaceSource, "headers" | "namespaceId">): Record<string, string> {
  return Object.fromEntries(
    storedHeaders(row).map((h) => [
      h.name,
      h.secret ? openSecret(sealedOf(h), bindingOf(row.namespaceId, h.name)) : h.value,
    ]),
  );
}

function sealedOf(header: { name: string; sealed?: string }): string {
  if (header.sealed) return header.sealed;
  throw new AppError(
    "UNPROCESSABLE",
    `The secret header "${header.name}" has no value yet (a catalog export never carries secret values); enter it on the source's form.`,
  );
}

/**
 * Seals new secret values; a secret sent without a value keeps the one stored under the same name, or (with
 * `allowUnset`, for a catalog import) is stored by name only.
 */
export function sealHeaders(
  namespaceId: string,
  input: SourceInput,
  previous: StoredHeader[],
  { allowUnset = false } = {},
): StoredHeader[] {
  if (input.kind !== "mcp-http") return [];
  const seen = new Set<string>();
  return input.headers.map((h) => {
    const lower = h.name.toLowerCase();
    if (seen.has(lower)) throw invalid("headers", `The header "${h.name}" is listed twice.`);
    seen.add(lower);
    if (!h.secret) return { name: h.name, secret: false, value: h.value ?? "" };
    if (h.value !== undefined && h.value !== "")
      return { name: h.name, secret: true, sealed: sealSecret(h.value, bindingOf(namespaceId, h.name)) };
    const kept = previous.find((p) => p.secret && p.name.toLowerCase() === lower);
    if (kept && "sealed" in kept && kept.sealed) return kept;
    if (allowUnset) return { name: h.name, secret: true };
    throw invalid("headers", `Enter the value of the secret header "${h.name}".`);
  });
}

function checkUrl(url: string, field = "url") {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(field, `"${url}" is not a URL; enter an http:// or https:// address.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw invalid(field, "Only http:// and https:// addresses can be read.");
  if (parsed.username || parsed.password) throw invalid(field, "Put credentials in a header, not in the URL.");
  return parsed.toString();
}

/**
 * The schedule's columns: a URL source checked every `syncIntervalMinutes`, the first check one interval from now
 * (minutes of the scheduler's clock: real ones unless an end-to-end test shortens them, STOCKROOM_SCHEDULER_MINUTE_MS).
 */
function scheduleOf(minutes: number | null, url: string | null) {
  if (minutes === null) return { syncIntervalMinutes: null, nextSyncAt: null };
  if (!url)
    throw invalid(
      "syncIntervalMinutes",
      "Only a source Stockroom reads from a URL can sync on a schedule; give its URL.",
    );
  return { syncIntervalMinutes: minutes, nextSyncAt: new Date(Date.now() + minutes * schedulerMinuteMs()) };
}

/** The columns of a checked source (everything but the headers). */
export function columnsOf(input: SourceInput) {
  const none = {
    url: null,
    command: null,
    args: [],
    env: [],
    file: null,
    tagsAsNamespaces: false,
    mcpServer: null,
    ...scheduleOf(null, null),
  };
  switch (input.kind) {
    case "mcp-http": {
      const { url } = validateConnection({ transport: "http", url: input.url, headers: {} }) as { url: string };
      return { ...none, url, mcpServer: input.mcpServer, ...scheduleOf(input.syncIntervalMinutes, url) };
    }
    case "mcp-stdio":
      validateConnection({ transport: "stdio", command: input.command, args: input.args, env: {} });
      return { ...none, command: input.command, args: input.args, env: input.env, mcpServer: input.mcpServer };
    case "openapi":
      if (!input.url && !input.file)
        throw invalid("url", "Give the OpenAPI document's URL, or the path of its file for `stockroom sync`.");
      return {
        ...none,
        url: input.url ? checkUrl(input.url) : null,
        file: input.file,
        tagsAsNamespaces: input.tagsAsNamespaces,
        ...scheduleOf(input.syncIntervalMinutes, input.url),
      };
    case "file":
      return { ...none, file: input.file };
  }
}

export const include = { namespace: { select: { name: true } } } as const;

/** Every source of the catalog, by namespace name. */
export async function listSources({ db, catalog }: { db: PrismaClient; catalog: Catalog }): Promise<Source[]> {
  const rows = await db.namespaceSource.findMany({ where: { catalogId: catalog.id }, include });
  return rows.map(toSource).sort((a, b) => (a.namespace < b.namespace ? -1 : 1));
}

/** The source row of the namespace named `namespace`, or a 404 that says what to do. */
export async function findSourceRow(db: PrismaClient | Prisma.TransactionClient, catalogId: string, namespace: string) {
  const row = await db.namespaceSource.findFirst({ where: { catalogId, namespace: { name: namespace } }, include });
  if (!row)
    throw new AppError(
      "NOT_FOUND",
      `Namespace "${namespace}" has no source; set one on the Namespaces page (or check the namespace's name).`,
    );
  return row;
}

interface SetSourceOptions {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  /** The namespace's name: made when the catalog has none of that name. */
  namespace: string;
  /** The source's revision the editor saw; omitted for a namespace without a source. */
  revision?: number;
  source: SourceInput;
}

/** Records (or replaces) a namespace's source; secret header values are sealed before they are stored. */
export async function setSource({ db, catalog, actor, namespace, revision, source }: SetSourceOptions) {
  const problem = checkToolName(namespace, "Namespace name");
  if (problem) throw invalid("namespace", problem);
  const columns = columnsOf(source);
  return db.$transaction(async (tx) => {
    const ns =
      (await tx.namespace.findUnique({ where: { catalogId_name: { catalogId: catalog.id, name: namespace } } })) ??
      (await tx.namespace.create({ data: { catalogId: catalog.id, name: namespace } }));
    const current = await tx.namespaceSource.findUnique({ where: { namespaceId: ns.id } });
    if (current && current.revision !== revision)
      throw new AppError(
        "CONFLICT",
        `The source of "${namespace}" was changed by someone else (now revision ${current.revision}); reload and try again.`,
      );
    const headers = sealHeaders(ns.id, source, current ? storedHeaders(current) : []);
    const data = { ...columns, kind: source.kind, exposure: source.exposure, headers };
    const row = current
      ? await tx.namespaceSource.update({
          where: { id: current.id },
          data: { ...data, revision: { increment: 1 } },
          include,
        })
      : await tx.namespaceSource.create({ data: { ...data, catalogId: catalog.id, namespaceId: ns.id }, include });
    const view = toSource(row);
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.source_set",
      targetType: "namespace",
      targetId: ns.id,
      before: current ? toSource({ ...current, namespace: { name: namespace } }) : null,
      after: view,
    });
    return view;
  });
}

/** Forgets a namespace's source (its tools stay). */
export async function removeSource(options: {
  db: PrismaClient;
  catalog: Catalog;
  actor: AuditActor;
  namespace: string;
}) {
  const { db, catalog, actor, namespace } = options;
  return db.$transaction(async (tx) => {
    const row = await findSourceRow(tx, catalog.id, namespace);
    await tx.namespaceSource.delete({ where: { id: row.id } });
    await recordAuditEvent({
      db: tx,
      teamId: catalog.teamId,
      catalogId: catalog.id,
      actor,
      action: "namespace.source_removed",
      targetType: "namespace",
      targetId: row.namespaceId,
      before: toSource(row),
    });
    return { namespace };
  });
}
