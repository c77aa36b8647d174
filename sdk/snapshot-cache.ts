// The optional on-disk cache: the last verified snapshot per catalog and version, so an agent can start
// offline. Node-only modules load lazily, so the SDK still runs where there is no file system.
import { verifySnapshot, type Snapshot } from "../domain/snapshot/verify";

export interface CacheKey {
  team: string;
  catalog: string;
  version: number | "latest";
}

async function pathOf(cacheDir: string, key: CacheKey): Promise<{ dir: string; file: string }> {
  const path = await import("node:path");
  const dir = path.join(cacheDir, encodeURIComponent(key.team), encodeURIComponent(key.catalog));
  return { dir, file: path.join(dir, `${key.version}.json`) };
}

/** The cached snapshot, verified; null when there is none or it fails its hash check (a corrupt file is ignored, not trusted). */
export async function readCachedSnapshot(cacheDir: string, key: CacheKey): Promise<Snapshot | null> {
  const { readFile } = await import("node:fs/promises");
  const { file } = await pathOf(cacheDir, key);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return null;
  }
  try {
    return await verifySnapshot(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Writes through a temporary file and a rename, so a crash never leaves half a snapshot behind. */
export async function writeCachedSnapshot(cacheDir: string, key: CacheKey, body: string): Promise<void> {
  const { mkdir, rename, writeFile } = await import("node:fs/promises");
  const { dir, file } = await pathOf(cacheDir, key);
  await mkdir(dir, { recursive: true });
  const temp = `${file}.${Date.now().toString(36)}${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, body, "utf8");
  await rename(temp, file);
}
