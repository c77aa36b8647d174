// Where pull/search/diff get snapshots: a saved file, or the agent API (--url, --team, --catalog, and a token
// from STOCKROOM_TOKEN or --token). Either way the hash is verified before anything is used.
import { readFileSync } from "node:fs";
import { fetchSnapshot, type ApiTarget } from "../../sdk/http-client";
import { SnapshotIntegrityError, verifySnapshot, type Snapshot } from "../../domain/snapshot/verify";
import { stringFlag, UsageError, type Flags } from "./io";

export const API_FLAGS = ["url", "token", "team", "catalog"] as const;
export const API_USAGE =
  "  --url U --team T --catalog C: the Stockroom server and catalog; the agent token comes from $STOCKROOM_TOKEN (or --token).";

/** The API target from flags, or null when no --url was given. */
export function apiTargetOf(flags: Flags): ApiTarget | null {
  const url = stringFlag(flags, "url");
  if (!url) return null;
  const token = stringFlag(flags, "token") ?? process.env.STOCKROOM_TOKEN;
  const team = stringFlag(flags, "team");
  const catalog = stringFlag(flags, "catalog");
  if (!token) throw new UsageError("set STOCKROOM_TOKEN (or pass --token) to an agent token for this catalog");
  if (!team || !catalog) throw new UsageError("--team and --catalog are required with --url");
  return { url, token, team, catalog };
}

export function parseVersion(raw: string | undefined, flag = "--version"): number | "latest" {
  if (raw === undefined || raw === "latest") return "latest";
  const version = Number(raw);
  if (!Number.isInteger(version) || version < 1)
    throw new UsageError(`${flag} must be "latest" or a version number, got "${raw}"`);
  return version;
}

/** A snapshot file, verified (a hand-edited or truncated file is refused, not ranked). */
export async function readSnapshotFile(file: string): Promise<Snapshot> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  try {
    return await verifySnapshot(parsed);
  } catch (error) {
    if (error instanceof SnapshotIntegrityError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
}

export async function fetchVerified(
  target: ApiTarget,
  version: number | "latest",
): Promise<{ snapshot: Snapshot; body: string }> {
  const result = await fetchSnapshot(target, { version });
  if (result.status !== "ok") throw new Error("the server answered 304 to an unconditional request");
  return result;
}

/** `--from` / `--to` style references: a version number or `latest` (needs the API flags), else a file path. */
export async function loadSnapshotRef(ref: string, target: ApiTarget | null): Promise<Snapshot> {
  if (/^(\d+|latest)$/.test(ref)) {
    if (!target)
      throw new UsageError(`"${ref}" is a version: give --url, --team and --catalog (or a snapshot file instead)`);
    return (await fetchVerified(target, parseVersion(ref))).snapshot;
  }
  return readSnapshotFile(ref);
}
