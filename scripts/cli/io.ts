// Shared helpers for CLI commands: flag parsing, JSONL input, corpus tools → index documents.
import { readFileSync } from "node:fs";
import { effectiveSearchText, isEngineProfile, type EngineProfile, type IndexDoc } from "../../search/index";

export class UsageError extends Error {}

export type Flags = Record<string, string | true>;

/** `--name value` and `--flag` pairs; positional arguments are refused. */
export function parseFlags(argv: string[], known: readonly string[]): Flags {
  const flags: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument "${arg}"`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!known.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (inline !== undefined) flags[name] = inline;
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return flags;
}

export function stringFlag(flags: Flags, name: string): string | undefined {
  const value = flags[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}

export function profileFlag(flags: Flags): EngineProfile {
  const profile = stringFlag(flags, "profile");
  if (!profile) throw new UsageError("--profile is required (codex-bm25 or stockroom)");
  if (!isEngineProfile(profile)) throw new UsageError(`unknown profile "${profile}" (codex-bm25 or stockroom)`);
  return profile;
}

export function limitFlag(flags: Flags, fallback: number): number {
  const raw = stringFlag(flags, "limit");
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, got "${raw}"`);
  return limit;
}

export function readJsonl(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line.length > 0)
    .map(([line, lineNumber]) => {
      try {
        const value: unknown = JSON.parse(line);
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
        return value as Record<string, unknown>;
      } catch (error) {
        throw new UsageError(`${file}:${lineNumber}: invalid JSON line (${(error as Error).message})`);
      }
    });
}

function requireString(row: Record<string, unknown>, field: string, where: string): string {
  const value = row[field];
  if (typeof value !== "string") throw new UsageError(`${where}: "${field}" must be a string`);
  return value;
}

/** `--docs` lines `{"id","text"}`, indexed as they are. */
export function readDocs(file: string): IndexDoc[] {
  return readJsonl(file).map((row, i) => ({
    id: requireString(row, "id", `${file} line ${i + 1}`),
    text: requireString(row, "text", `${file} line ${i + 1}`),
  }));
}

/** `--tools` lines in the corpus format, indexed through the search-text builder; id = namespace.name. */
export function readTools(file: string): IndexDoc[] {
  return readJsonl(file).map((row, i) => {
    const where = `${file} line ${i + 1}`;
    const name = requireString(row, "name", where);
    const namespace = typeof row.namespace === "string" && row.namespace.length > 0 ? row.namespace : null;
    const description = typeof row.description === "string" ? row.description : "";
    const text = effectiveSearchText({
      name,
      description,
      parameters: row.parameters,
      namespace: namespace ? { name: namespace } : null,
    });
    return { id: namespace ? `${namespace}.${name}` : name, text, name, ...(namespace ? { namespace } : {}) };
  });
}

export interface QueryRow {
  query: string;
  gold: string[];
  lang: string;
}

export function readQueries(file: string): QueryRow[] {
  return readJsonl(file).map((row, i) => ({
    query: requireString(row, "query", `${file} line ${i + 1}`),
    gold: Array.isArray(row.gold) ? row.gold.filter((g): g is string => typeof g === "string") : [],
    lang: typeof row.lang === "string" ? row.lang : "all",
  }));
}

/** Runs a command body, turning usage errors into exit code 2 with a message. */
export async function runCommand(usage: string, body: () => Promise<void> | void): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      return 2;
    }
    throw error;
  }
}
