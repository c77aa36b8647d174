// `stockroom import`: starts a stdio MCP server on this machine (never on the Stockroom server), reads its
// tools/list, shows the same preview as the UI and commits it all or nothing through the agent API with a token
// that has the import scope.
import { createInterface } from "node:readline/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { listWireTools, WireLog, WireStdioTransport } from "../../server/services/import/mcp-wire";
import { runCommand, UsageError, type Flags } from "./io";
import { commitImportRoute, previewImportRoute } from "../../domain/agent-api/routes";
import { formatPlan, postImport, type ImportPlan } from "./import-plan";
import { API_USAGE, apiTargetOf } from "./snapshot-source";

export const usage =
  "import --url U --team T --catalog C (--command CMD [--arg A]… | -- CMD ARGS…) [--env NAME=VALUE]…\n" +
  "       [--namespace N] [--mcp-server NAME] [--exposure deferred|direct|hidden] [--skip-invalid] [--yes] [--json]\n" +
  "       [--remove-missing | --keep-missing] [--take-upstream | --keep-ours]\n" +
  `${API_USAGE}\n` +
  "  Starts the MCP server here, lists its tools, prints the preview (new / changed with a diff / unchanged / invalid)\n" +
  "  and, after --yes or a yes at the prompt, imports it into the catalog's draft, all or nothing. The token needs the\n" +
  "  import scope (Agent tokens tab). --mcp-server defaults to the name the server reports. Tools of this server\n" +
  "  it no longer lists are removed or kept as --remove-missing / --keep-missing say; fields both the server and\n" +
  "  the team changed take the server's value (--take-upstream) or keep the team's (--keep-ours).";

const VALUE_FLAGS = ["url", "token", "team", "catalog", "command", "namespace", "mcp-server", "exposure"] as const;
const REPEATED = ["arg", "env"] as const;
const SWITCHES = [
  ...["skip-invalid", "yes", "json", "show-unchanged"],
  ...["remove-missing", "keep-missing", "take-upstream", "keep-ours"],
] as const;
const EXPOSURES = ["deferred", "direct", "hidden"] as const;
const LIST_TIMEOUT_MS = 30_000;

interface ImportArgs {
  flags: Flags;
  args: string[];
  env: Record<string, string>;
  command: string;
}

/** Flags before `--`, the server's command line after it; --arg and --env repeat and take the next word as is. */
export function parseImportArgs(argv: string[]): ImportArgs {
  const split = argv.indexOf("--");
  const [own, server] = split === -1 ? [argv, []] : [argv.slice(0, split), argv.slice(split + 1)];
  const flags: Flags = {};
  const repeated: Record<(typeof REPEATED)[number], string[]> = { arg: [], env: [] };
  for (let i = 0; i < own.length; i++) {
    const [name, inline] = own[i]!.replace(/^--/, "").split(/=(.*)/s, 2) as [string, string | undefined];
    if (!own[i]!.startsWith("--"))
      throw new UsageError(`unexpected argument "${own[i]}" (put the server's command after --)`);
    if ((SWITCHES as readonly string[]).includes(name)) flags[name] = true;
    else if ((VALUE_FLAGS as readonly string[]).includes(name) || (REPEATED as readonly string[]).includes(name)) {
      const value = inline ?? own[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (name === "arg" || name === "env") repeated[name].push(value);
      else flags[name] = value;
    } else throw new UsageError(`unknown option --${name}`);
  }
  const command = server[0] ?? (flags.command as string | undefined);
  if (!command) throw new UsageError("give the MCP server's command: --command CMD [--arg A]…, or -- CMD ARGS…");
  if (server.length > 0 && flags.command)
    throw new UsageError("give the command either with --command or after --, not both");
  const env: Record<string, string> = {};
  for (const pair of repeated.env) {
    const at = pair.indexOf("=");
    if (at < 1) throw new UsageError(`--env takes NAME=VALUE, got "${pair}"`);
    env[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { flags, command, args: server.length > 0 ? server.slice(1) : repeated.arg, env };
}

/** Starts the server, reads every page of tools/list, stops it. */
export async function listLocalTools({
  command,
  args,
  env,
}: Pick<ImportArgs, "command" | "args" | "env">): Promise<{ serverName: string | null; tools: unknown[] }> {
  // Read from the server's stdout as sent, so the tools keep its key order (the client's copy reorders them).
  const log = new WireLog();
  const transport = new WireStdioTransport({ command, args, env }, log);
  let stderr = "";
  transport.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const client = new Client({ name: "stockroom-cli-import", version: "1.0.0" });
  try {
    await client.connect(transport, { timeout: LIST_TIMEOUT_MS });
    const tools = await listWireTools(client, log, LIST_TIMEOUT_MS);
    return { serverName: client.getServerVersion()?.name ?? null, tools };
  } catch (error) {
    const said = stderr.trim() ? ` (it said: ${stderr.trim().split("\n").slice(-3).join(" ")})` : "";
    throw new Error(`could not list the tools of "${command}": ${(error as Error).message}${said}`);
  } finally {
    await client.close().catch(() => {});
  }
}

/** The decisions for the plan's removed and conflict rows, from the flags; refuses when one is needed and missing. */
export function decisionsOf(flags: Flags, plan: ImportPlan) {
  const pick = (status: string, [yes, no]: [string, string], [onYes, onNo]: [string, string], why: string) => {
    const rows = plan.rows.filter((r) => r.status === status);
    if (flags[yes] && flags[no]) throw new UsageError(`give --${yes} or --${no}, not both`);
    if (rows.length === 0) return {};
    if (!flags[yes] && !flags[no])
      throw new Error(`${why} ${rows.map((r) => r.key).join(", ")}: pass --${yes} or --${no}; nothing was written`);
    return Object.fromEntries(rows.map((r) => [r.toolId!, flags[yes] ? onYes : onNo]));
  };
  return {
    removed: pick("removed", ["remove-missing", "keep-missing"], ["remove", "keep"], "the server no longer lists"),
    conflicts: pick(
      "conflict",
      ["take-upstream", "keep-ours"],
      ["upstream", "ours"],
      "both the server and the team changed",
    ),
  };
}

export async function confirmed(flags: Flags, plan: ImportPlan): Promise<boolean> {
  if (flags.yes) return true;
  if (!process.stdin.isTTY) return false;
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question(
    `Import ${plan.counts.new} new and ${(plan.counts.changed ?? 0) + (plan.counts.conflict ?? 0)} changed tools${plan.counts.removed ? `, and apply ${plan.counts.removed} removals as chosen` : ""}? [y/N] `,
  );
  prompt.close();
  return /^y(es)?$/i.test(answer.trim());
}

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, async () => {
    const parsed = parseImportArgs(argv);
    const { flags } = parsed;
    const target = apiTargetOf(flags);
    if (!target) throw new UsageError("--url is required");
    const exposure = (flags.exposure as string | undefined) ?? "deferred";
    if (!(EXPOSURES as readonly string[]).includes(exposure))
      throw new UsageError(`--exposure must be one of ${EXPOSURES.join(", ")}`);
    const { serverName, tools } = await listLocalTools(parsed);
    const options = {
      namespace: (flags.namespace as string | undefined) ?? null,
      mcpServer: (flags["mcp-server"] as string | undefined) ?? serverName,
      exposure,
    };
    const body = { source: { tools }, options };
    const plan = await postImport(target, previewImportRoute, body);
    const out = (text: string) => process.stdout.write(`${text}\n`);
    if (flags.json) out(JSON.stringify(plan));
    else {
      out(`${serverName ?? `"${parsed.command}"`} listed ${tools.length} tools → ${target.team}/${target.catalog}`);
      out(formatPlan(plan, { showUnchanged: !!flags["show-unchanged"] }));
    }
    const { counts } = plan;
    if ((counts.new ?? 0) + (counts.changed ?? 0) + (counts.conflict ?? 0) + (counts.removed ?? 0) === 0)
      return void out("Nothing to import.");
    const decisions = decisionsOf(flags, plan);
    if (plan.counts.invalid > 0 && !flags["skip-invalid"]) {
      throw new Error(
        `${plan.counts.invalid} tools are invalid: fix them in the server, or pass --skip-invalid; nothing was written`,
      );
    }
    if (!(await confirmed(flags, plan))) return void out("Nothing written: run again with --yes to import.");
    const commit = { ...body, fingerprint: plan.fingerprint, skipInvalid: !!flags["skip-invalid"], decisions };
    const result = await postImport(target, commitImportRoute, commit);
    const summary = `${result.created} created, ${result.updated} updated, ${result.removed} removed, ${result.unchanged} unchanged, ${result.skipped} skipped`;
    const held = result.heldForReview
      ? ` ${result.heldForReview} changed published tools wait for review on the Review page.`
      : "";
    out(flags.json ? JSON.stringify(result) : `Imported: ${summary} (draft; publish from the UI).${held}`);
  });
}
