// Upstream servers from the catalog's namespace sources (docs/sources.md): an `mcp-stdio` source is started on this
// machine with the environment variables it names, read from this machine's environment; an `mcp-http` source is
// reached by its URL. Sources are import settings, so reading them takes a token with the import scope; without
// one the servers file alone routes calls. The last sources read are kept beside the cached snapshots, so an
// offline start still routes calls (a stale entry only names a server to start; the snapshot decides the tools).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { pathOf } from "../../../domain/agent-api/route-spec";
import { getSourceRoute } from "../../../domain/agent-api/routes";
import { sourceSchema, type Source } from "../../../domain/sources";
import type { ApiTarget } from "../../../sdk/http-client";
import type { ServerEntry, ServersConfig } from "./servers-config";

export interface NamespaceSources {
  servers: ServersConfig;
  /** What the log should say: sources that cannot be used here, or why none were read. */
  notes: string[];
}

/** The source's server as a servers-file entry; a string says why it cannot be one; null: not an MCP server. */
export function entryOfSource(source: Source): ServerEntry | string | null {
  if (source.kind === "mcp-stdio" && source.command) {
    const env = Object.fromEntries(source.env.map((name) => [name, `\${${name}}`]));
    return { command: source.command, args: source.args, env };
  }
  if (source.kind !== "mcp-http" || !source.url) return null;
  const secret = source.headers.filter((header) => header.secret).map((header) => header.name);
  if (secret.length > 0)
    return (
      `the source of namespace "${source.namespace}" sends the secret header ${secret.join(", ")}, which never ` +
      `leaves the Stockroom server: add "${source.namespace}" to the servers file (--servers) with it`
    );
  return { url: source.url, headers: Object.fromEntries(source.headers.map((h) => [h.name, h.value ?? ""])) };
}

type Fetched = Source | "none" | "forbidden";

async function fetchSource(target: ApiTarget, namespace: string): Promise<Fetched> {
  const url = target.url.replace(/\/+$/, "") + pathOf(getSourceRoute, { ...target, namespace });
  const response = await fetch(url, { headers: { authorization: `Bearer ${target.token}` } });
  if (response.status === 404) return "none";
  if (response.status === 403) return "forbidden";
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return sourceSchema.parse(await response.json());
}

const cachedSources = z.array(sourceSchema);
const cacheFileOf = (cacheDir: string, target: ApiTarget) =>
  path.join(cacheDir, encodeURIComponent(target.team), encodeURIComponent(target.catalog), "sources.json");

/** Every namespace's source, from the server, else (unreachable) from the last read kept in `cacheDir`. */
async function readSources(target: ApiTarget, namespaces: readonly string[], cacheDir: string) {
  const file = cacheFileOf(cacheDir, target);
  const sources: Source[] = [];
  try {
    for (const namespace of namespaces) {
      const fetched = await fetchSource(target, namespace);
      if (fetched === "forbidden") return { sources: null, forbidden: true };
      if (fetched !== "none") sources.push(fetched);
    }
  } catch {
    const kept = await readFile(file, "utf8").catch(() => null);
    const parsed = kept === null ? null : cachedSources.safeParse(JSON.parse(kept));
    return { sources: parsed?.success ? parsed.data : null, forbidden: false, offline: true };
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(sources));
  return { sources, forbidden: false };
}

/** The upstream servers the namespaces' sources name, keyed by namespace. */
export async function namespaceSources(
  target: ApiTarget,
  namespaces: readonly string[],
  cacheDir: string,
): Promise<NamespaceSources> {
  const read = await readSources(target, namespaces, cacheDir);
  if (read.forbidden)
    return { servers: new Map(), notes: ["namespace sources not read (the token lacks the import scope)"] };
  if (!read.sources) return { servers: new Map(), notes: ["namespace sources not read (server unreachable)"] };
  const servers: ServersConfig = new Map();
  const notes = read.offline ? ["namespace sources from the local cache"] : [];
  for (const source of read.sources) {
    const entry = entryOfSource(source);
    if (typeof entry === "string") notes.push(entry);
    else if (entry) servers.set(source.namespace, entry);
  }
  return { servers, notes };
}
