// `stockroom pull`: saves a published snapshot, verified, exactly as the server sent it.
import { writeFileSync } from "node:fs";
import { parseFlags, runCommand, stringFlag, UsageError } from "./io";
import { API_FLAGS, API_USAGE, apiTargetOf, fetchVerified, parseVersion } from "./snapshot-source";

export const usage =
  "pull --url U --team T --catalog C [--version N|latest] [--out FILE]\n" +
  `${API_USAGE}\n` +
  "  Fetches the snapshot, verifies its content hash and writes it to FILE (default <team>-<catalog>-v<N>.json).";

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, async () => {
    const flags = parseFlags(argv, [...API_FLAGS, "version", "out"]);
    const target = apiTargetOf(flags);
    if (!target) throw new UsageError("--url is required");
    const { snapshot, body } = await fetchVerified(target, parseVersion(stringFlag(flags, "version")));
    const out =
      stringFlag(flags, "out") ?? `${snapshot.catalog.team}-${snapshot.catalog.slug}-v${snapshot.version}.json`;
    writeFileSync(out, body);
    const deferred = snapshot.tools.filter((t) => t.exposure === "deferred").length;
    process.stdout.write(
      `saved ${snapshot.catalog.team}/${snapshot.catalog.slug} v${snapshot.version} (${snapshot.contentHash}, ${snapshot.tools.length} tools, ${deferred} deferred) to ${out}\n`,
    );
  });
}
