// `stockroom sync`: syncs a namespace with its source. A stdio MCP server is started here (with the variables the
// source names, from this machine's environment), a file is read here; an HTTP MCP server or an OpenAPI URL is
// read by the Stockroom server. The preview and the all-or-nothing apply go through the agent API with a token
// that has the import scope.
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { pathOf, type AgentRouteSpec, type ResponseOf } from "../../domain/agent-api/route-spec";
import { applySyncRoute, getSourceRoute, previewSyncRoute } from "../../domain/agent-api/routes";
import type { Source } from "../../domain/sources";
import { confirmed, decisionsOf, listLocalTools } from "./import";
import { ApiError, formatPlan } from "./import-plan";
import { parseFlags, runCommand, stringFlag, UsageError } from "./io";
import { API_USAGE, apiTargetOf } from "./snapshot-source";

export const usage =
  "sync --url U --team T --catalog C --namespace N [--file PATH] [--yes] [--json] [--show-unchanged] [--skip-invalid]\n" +
  "     [--remove-missing | --keep-missing] [--take-upstream | --keep-ours]\n" +
  `${API_USAGE}\n` +
  "  Reads the namespace's source and shows what changed: new, changed (field by field), conflicts, removed and\n" +
  "  unchanged tools; with --yes (or a yes at the prompt) applies it, all or nothing. A stdio MCP server starts on\n" +
  "  this machine with the environment variables its source names; a file source (or an OpenAPI file) is read from\n" +
  "  --file or the path the source records. The token needs the import scope.";

const FLAGS = [
  ...["url", "token", "team", "catalog", "namespace", "file"],
  ...["yes", "json", "show-unchanged", "skip-invalid", "remove-missing", "keep-missing", "take-upstream", "keep-ours"],
];

type Target = NonNullable<ReturnType<typeof apiTargetOf>> & { namespace: string };

/** Calls a namespace route of the agent API; a non-2xx answer throws with its message. */
async function call<S extends AgentRouteSpec>(target: Target, spec: S, body?: unknown): Promise<ResponseOf<S>> {
  const url = target.url.replace(/\/+$/, "") + pathOf(spec, target as never);
  const headers: Record<string, string> = { authorization: `Bearer ${target.token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url, {
      method: spec.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(`could not reach ${url}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  let parsed: { error?: { code?: string; message?: string } };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(`${url} answered ${response.status} with a body that is not JSON`);
  }
  if (!response.ok)
    throw new ApiError(
      `${response.status} ${parsed.error?.code ?? "ERROR"}: ${parsed.error?.message ?? text.slice(0, 200)}`,
    );
  return parsed as ResponseOf<S>;
}

function readDocumentFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  try {
    return text.trim().startsWith("{") || text.trim().startsWith("[") ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(`${file} is neither JSON nor YAML: ${(error as Error).message}`);
  }
}

/** What this machine reads for the source, or nothing when the server reads it itself. */
async function readHere(source: Source, file: string | undefined) {
  if (source.kind === "mcp-stdio") {
    const missing = source.env.filter((name) => process.env[name] === undefined);
    if (missing.length > 0)
      throw new UsageError(`the source passes ${missing.join(", ")} to the server: set it here first`);
    const env = Object.fromEntries(source.env.map((name) => [name, process.env[name]!]));
    const { serverName, tools } = await listLocalTools({ command: source.command!, args: source.args, env });
    return {
      document: { tools },
      serverName,
      said: `${serverName ?? `"${source.command}"`} listed ${tools.length} tools`,
    };
  }
  const path = file ?? source.file ?? undefined;
  if (source.kind === "file" || (source.kind === "openapi" && (file || !source.url))) {
    if (!path) throw new UsageError("this source is a file: give its path with --file");
    return { document: readDocumentFile(path), serverName: null, said: `read ${path}` };
  }
  return { document: undefined, serverName: null, said: `the server read ${source.url}` };
}

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, async () => {
    const flags = parseFlags(argv, FLAGS);
    const api = apiTargetOf(flags);
    if (!api) throw new UsageError("--url is required");
    const namespace = stringFlag(flags, "namespace");
    if (!namespace) throw new UsageError("--namespace is required: the namespace whose source to sync");
    const target = { ...api, namespace };
    const out = (text: string) => process.stdout.write(`${text}\n`);
    const source = await call(target, getSourceRoute);
    const { document, serverName, said } = await readHere(source, stringFlag(flags, "file"));
    const sent = document === undefined ? {} : { document, serverName };
    const plan = await call(target, previewSyncRoute, sent);
    if (flags.json) out(JSON.stringify(plan));
    else
      out(
        `${said} → ${target.team}/${target.catalog} namespace ${namespace}\n${formatPlan(plan, { showUnchanged: !!flags["show-unchanged"] })}`,
      );
    const { counts } = plan;
    if ((counts.new ?? 0) + (counts.changed ?? 0) + (counts.conflict ?? 0) + (counts.removed ?? 0) === 0)
      return void out("In sync: nothing to apply.");
    const decisions = decisionsOf(flags, plan);
    if (plan.counts.invalid > 0 && !flags["skip-invalid"])
      throw new Error(
        `${plan.counts.invalid} tools are invalid: fix them at the source, or pass --skip-invalid; nothing was written`,
      );
    if (!(await confirmed(flags, plan))) return void out("Nothing written: run again with --yes to apply.");
    const result = await call(target, applySyncRoute, {
      ...sent,
      fingerprint: plan.fingerprint,
      skipInvalid: !!flags["skip-invalid"],
      decisions,
    });
    const summary = `${result.created} created, ${result.updated} updated, ${result.removed} removed, ${result.kept} kept, ${result.unchanged} unchanged, ${result.skipped} skipped`;
    out(flags.json ? JSON.stringify(result) : `Synced: ${summary} (draft; publish from the UI).`);
  });
}
