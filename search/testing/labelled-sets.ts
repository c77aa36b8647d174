// Test and bench helper: the labelled request sets of search/testing/sets/manifest.json with their catalogs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { IndexDoc } from "../index";
import { readCorpusDocs, type LabelledQuery } from "./corpus";
import { REPO_ROOT } from "./shared";

const SETS_DIR = path.join(REPO_ROOT, "search/testing/sets");

/** The catalogs the sets' gold ids refer to, as paths under ../shared. */
export const CATALOG_FILES = {
  demo: "corpus/tools.jsonl",
  metatool: "corpus/metatool/tools.jsonl",
  "bfcl-python": "corpus/bfcl-python/tools.jsonl",
} as const;
export const CATALOG_IDS = ["demo", "metatool", "bfcl-python"] as const;
export type CatalogId = (typeof CATALOG_IDS)[number];

const manifestSchema = z.object({
  sets: z.array(
    z.object({
      id: z.string(),
      file: z.string(),
      catalog: z.enum(CATALOG_IDS),
      origin: z.string(),
      date: z.string(),
      tuned: z.boolean(),
    }),
  ),
});
export type LabelledSet = z.infer<typeof manifestSchema>["sets"][number];

export function readManifest(): LabelledSet[] {
  return manifestSchema.parse(JSON.parse(readFileSync(path.join(SETS_DIR, "manifest.json"), "utf8"))).sets;
}

function resolveSetFile(file: string): string {
  return file.startsWith("../") ? path.resolve(REPO_ROOT, file) : path.join(SETS_DIR, file);
}

export function readSetQueries(set: LabelledSet): LabelledQuery[] {
  return readFileSync(resolveSetFile(set.file), "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as LabelledQuery);
}

const catalogs = new Map<CatalogId, IndexDoc[]>();
/** A catalog's tools as index documents (read once per process). */
export function readCatalog(catalog: CatalogId): IndexDoc[] {
  let docs = catalogs.get(catalog);
  if (!docs) catalogs.set(catalog, (docs = readCorpusDocs(CATALOG_FILES[catalog])));
  return docs;
}
