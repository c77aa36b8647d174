// `stockroom search`: ranks queries against a snapshot file or a published version, as the SDK (and the playground) do.
import { SearchQueryError } from "../../search/index";
import { createSnapshotIndex } from "../../domain/snapshot/snapshot-index";
import { limitFlag, parseFlags, readQueries, runCommand, stringFlag, UsageError } from "./io";
import { API_FLAGS, API_USAGE, apiTargetOf, fetchVerified, parseVersion, readSnapshotFile } from "./snapshot-source";

export const usage =
  "search (--snapshot FILE | --url U --team T --catalog C [--version N|latest]) (--query Q | --queries F) [--limit N] [--json]\n" +
  `${API_USAGE}\n` +
  '  --query prints a table (or one JSON line with --json); --queries F (lines {"query"}) prints {"query","hits":[{"id","score","strength"}]} per line.\n' +
  "  The limit defaults to the snapshot's own; ranking uses the snapshot's engine profile.";

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, async () => {
    const flags = parseFlags(argv, [...API_FLAGS, "snapshot", "version", "query", "queries", "limit", "json"]);
    const file = stringFlag(flags, "snapshot");
    const target = apiTargetOf(flags);
    if (!file === !target) throw new UsageError("give exactly one of --snapshot or --url");
    const query = stringFlag(flags, "query");
    const queriesFile = stringFlag(flags, "queries");
    if ((query === undefined) === (queriesFile === undefined))
      throw new UsageError("give exactly one of --query or --queries");
    const snapshot = file
      ? await readSnapshotFile(file)
      : (await fetchVerified(target!, parseVersion(stringFlag(flags, "version")))).snapshot;
    const limit = limitFlag(flags, snapshot.engine.defaultLimit);
    const index = createSnapshotIndex(snapshot);
    const rank = (q: string) => {
      try {
        return index.search(q, limit);
      } catch (error) {
        if (error instanceof SearchQueryError && error.code === "EMPTY_QUERY") return [];
        throw error;
      }
    };

    if (queriesFile !== undefined || flags.json === true) {
      const queries = queriesFile !== undefined ? readQueries(queriesFile).map((row) => row.query) : [query!];
      const lines = queries.map((q) =>
        JSON.stringify({ query: q, hits: rank(q).map(({ id, score, strength }) => ({ id, score, strength })) }),
      );
      process.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
      return;
    }
    if (query!.trim() === "") throw new UsageError("--query must not be empty");
    const hits = rank(query!);
    const byId = new Map(snapshot.tools.map((t) => [t.id, t]));
    const header = `${snapshot.catalog.team}/${snapshot.catalog.slug} v${snapshot.version} · ${snapshot.engine.profile} · ${index.size} deferred tools indexed`;
    const rows = hits.map(
      (hit) =>
        `${String(hit.rank).padStart(3)}  ${hit.score.toFixed(4).padStart(8)}  ${hit.strength.padEnd(6)}  ${hit.id}  ${byId.get(hit.id)!.spec.description.split("\n")[0]!.slice(0, 80)}`,
    );
    process.stdout.write(`${header}\n${rows.length ? rows.join("\n") : "  no tool matches"}\n`);
  });
}
