// `stockroom check`: the catalog check (docs/catalog-check.md) over a tools file, a snapshot file or a published
// version, for CI. Exit 1 when a finding reaches --fail-on, 2 on bad usage.
import { readFileSync } from "node:fs";
import {
  CHECK_SEVERITIES,
  type CheckRequest,
  type CheckSeverity,
  type CheckTool,
  checkCatalog,
  checkInputOfSnapshot,
  checkToolInputSchema,
  type Finding,
  severityRank,
  toCheckTool,
} from "../../domain/catalog-check/index";
import type { EngineSettings } from "../../search/index";
import { formatFindings, type CheckedTool, OUTPUT_FORMATS, type OutputFormat } from "./check-format";
import { limitFlag, parseFlags, readQueries, runCommand, stringFlag, UsageError, type Flags } from "./io";
import { API_FLAGS, API_USAGE, apiTargetOf, fetchVerified, readSnapshotFile } from "./snapshot-source";

export const usage =
  "check (--tools F | --snapshot F | --url U --team T --catalog C) [--requests F] [--limit K] [--json] [--format text|github|sarif] [--fail-on error|warning]\n" +
  `${API_USAGE}\n` +
  '  --tools lines {"namespace","name","description","parameters"} (MCP "inputSchema" and "annotations" too); --requests lines\n' +
  '  {"query","gold":[tool ids]} are ranked for findability (top --limit, default the engine\'s). --json prints\n' +
  '  {"id","findings":[{"rule","severity","category","component"?,"message"}]} per tool in input order.\n' +
  "  Exit 1 when a finding is at least as severe as --fail-on (default error).";

const FAIL_ON = CHECK_SEVERITIES.filter((s) => s !== "info");

interface CheckInput {
  tools: CheckedTool[];
  engine?: Partial<EngineSettings>;
  file?: string;
}

/** Tool lines with their line numbers (for github and sarif locations); a bad line is a usage error naming it. */
function readToolLines(file: string): CheckedTool[] {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  const tools: CheckedTool[] = [];
  raw.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UsageError(`${file}:${i + 1}: invalid JSON line (${(error as Error).message})`);
    }
    const parsed = checkToolInputSchema.safeParse(value);
    if (!parsed.success)
      throw new UsageError(
        `${file}:${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ")}`,
      );
    tools.push({ tool: toCheckTool(parsed.data), line: i + 1 });
  });
  return tools;
}

async function readInput(flags: Flags): Promise<CheckInput> {
  const toolsFile = stringFlag(flags, "tools");
  const snapshotFile = stringFlag(flags, "snapshot");
  const target = apiTargetOf(flags);
  if ([toolsFile, snapshotFile, target].filter((x) => x).length !== 1)
    throw new UsageError("give exactly one of --tools, --snapshot or --url");
  if (toolsFile) return { tools: readToolLines(toolsFile), file: toolsFile };
  const snapshot = snapshotFile
    ? await readSnapshotFile(snapshotFile)
    : (await fetchVerified(target!, "latest")).snapshot;
  const { tools, engine } = checkInputOfSnapshot(snapshot);
  return { tools: tools.map((tool) => ({ tool })), engine, ...(snapshotFile ? { file: snapshotFile } : {}) };
}

function readRequests(file: string | undefined, tools: readonly CheckTool[]): CheckRequest[] {
  if (file === undefined) return [];
  const known = new Set(tools.map((t) => t.id));
  return readQueries(file).flatMap((row, i) => {
    const unknown = row.gold.find((id) => !known.has(id));
    if (unknown !== undefined) throw new UsageError(`${file} line ${i + 1}: no tool "${unknown}" in the input`);
    return row.gold.map((toolId) => ({ query: row.query, toolId, source: "golden" as const }));
  });
}

function enumFlag<T extends string>(flags: Flags, name: string, values: readonly T[], fallback: T): T {
  const value = stringFlag(flags, name) ?? fallback;
  if (!(values as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${values.join(", ")}, got "${value}"`);
  return value as T;
}

export function run(argv: string[]): Promise<number> {
  let exit = 0;
  return runCommand(usage, async () => {
    const flags = parseFlags(argv, [
      ...API_FLAGS,
      "tools",
      "snapshot",
      "requests",
      "limit",
      "json",
      "format",
      "fail-on",
    ]);
    const failOn = enumFlag<CheckSeverity>(flags, "fail-on", FAIL_ON, "error");
    const format = enumFlag<OutputFormat>(flags, "format", OUTPUT_FORMATS, "text");
    if (flags.json === true && stringFlag(flags, "format") !== undefined)
      throw new UsageError("give either --json or --format, not both");
    if (flags.json !== undefined && flags.json !== true) throw new UsageError("--json takes no value");
    const input = await readInput(flags);
    const tools = input.tools.map((t) => t.tool);
    const requests = readRequests(stringFlag(flags, "requests"), tools);
    const k = flags.limit === undefined ? undefined : limitFlag(flags, 8);
    const result = checkCatalog({
      tools,
      requests,
      ...(input.engine ? { engine: input.engine } : {}),
      ...(k ? { k } : {}),
    });
    const findingsOf = (tool: CheckTool): Finding[] => result.byTool.get(tool.id) ?? [];
    process.stdout.write(formatFindings(flags.json === true ? "json" : format, input.tools, findingsOf, input.file));
    const worst = Math.min(...tools.flatMap((t) => findingsOf(t).map((f) => severityRank(f.severity))), 99);
    exit = worst <= severityRank(failOn) ? 1 : 0;
  }).then((code) => (code === 0 ? exit : code));
}
