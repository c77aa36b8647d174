// `npm run -s stockroom -- <command> [options]`: a small dispatcher. Each command lives in
// scripts/cli/<command>.ts and exports `run(argv): Promise<number>` (the exit code) and `usage`.
import { pathToFileURL } from "node:url";

interface Command {
  run(argv: string[]): Promise<number>;
  usage: string;
}

const COMMANDS: Record<string, () => Promise<Command>> = {
  rank: () => import("./cli/rank"),
  eval: () => import("./cli/eval"),
  pull: () => import("./cli/pull"),
  search: () => import("./cli/search"),
  diff: () => import("./cli/diff"),
  import: () => import("./cli/import"),
  mcp: () => import("./cli/mcp"),
  sync: () => import("./cli/sync"),
};

/** Lets other commands register without editing this file: scripts/cli/<name>.ts is tried last. */
async function loadCommand(name: string): Promise<Command | null> {
  const known = COMMANDS[name];
  if (known) return known();
  if (!/^[a-z][a-z0-9-]*$/.test(name)) return null;
  try {
    return (await import(pathToFileURL(new URL(`./cli/${name}.ts`, import.meta.url).pathname).href)) as Command;
  } catch {
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    const usages = await Promise.all(Object.values(COMMANDS).map(async (load) => (await load()).usage));
    process.stdout.write(`usage: stockroom <command> [options]\n\n${usages.join("\n")}\n`);
    return name ? 0 : 2;
  }
  const command = await loadCommand(name);
  if (!command) {
    process.stderr.write(`stockroom: unknown command "${name}" (try --help)\n`);
    return 2;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`stockroom: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
