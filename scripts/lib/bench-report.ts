import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "node:util";

const REPORT = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const HEADER =
  "# Benchmarks\n\nWritten by the bench scripts (`npm run bench:*`); each section is replaced by its own bench's last run.\n";

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

/** Replaces the bench's own section of docs/benchmarks.md (between its markers) with `body`, stamped with date, commit and machine. */
export function writeBenchSection(name: string, title: string, body: string): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const stamp = `_${new Date().toISOString()} · commit ${commit()} · ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}_`;
  const section = `${start}\n## ${title}\n\n${stamp}\n\n${body.trim()}\n${end}`;
  const current = existsSync(REPORT) ? readFileSync(REPORT, "utf8") : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + section + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(REPORT, next);
}

/**
 * For a bench that reports by printing: what it prints from now on goes to its section of docs/benchmarks.md too
 * (as a code block, stamped like every section) when `write()` is called at the end of a complete run.
 */
export function recordBenchOutput(name: string, title: string): { write(): void } {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(format(...args));
    log(...args);
  };
  return {
    write() {
      console.log = log;
      writeBenchSection(name, title, `\`\`\`\n${lines.join("\n").trim()}\n\`\`\``);
    },
  };
}
