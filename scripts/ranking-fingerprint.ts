// `npx tsx scripts/ranking-fingerprint.ts [--out FILE] [--compare FILE]`: every ranking of every labelled set
// (search/testing/sets/manifest.json) for both profiles — hits, ranks, exact float scores, strength, evidence, and
// the explanation of each request's first hit — with a digest per catalog and profile. For changes meant to leave
// rankings alone (speed work): write the file on the base commit, then compare on the change; any difference is
// printed with its first request.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createSearchIndex, ENGINE_PROFILES } from "../search/index";
import { CATALOG_IDS, readCatalog, readManifest, readSetQueries } from "../search/testing/labelled-sets";

const argv = process.argv.slice(2);
const optionOf = (name: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
};

/** Per catalog and profile, per request: the JSON of its top 10, its strength and its first hit explained. */
function rankingsOf(): Record<string, string[]> {
  const sets = readManifest();
  const out: Record<string, string[]> = {};
  for (const catalog of CATALOG_IDS) {
    const queries = [
      ...new Set(sets.filter((s) => s.catalog === catalog).flatMap((s) => readSetQueries(s).map((q) => q.query))),
    ];
    for (const profile of ENGINE_PROFILES) {
      const index = createSearchIndex(readCatalog(catalog), { profile });
      out[`${catalog} ${profile}`] = queries.map((query) => {
        const hits = index.search(query, 10);
        const explained = hits.length > 0 ? index.explain(query, hits[0]!.id) : null;
        return JSON.stringify({ query, hits, strength: index.strength(query), explained });
      });
    }
  }
  return out;
}

const digest = (lines: readonly string[]) => createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16);

const current = rankingsOf();
for (const [key, lines] of Object.entries(current)) console.log(`${key}: ${lines.length} requests, ${digest(lines)}`);
const out = optionOf("out");
if (out) writeFileSync(out, JSON.stringify(current));
const compare = optionOf("compare");
if (compare) {
  const before = JSON.parse(readFileSync(compare, "utf8")) as Record<string, string[]>;
  let differences = 0;
  for (const [key, lines] of Object.entries(current)) {
    const old = before[key] ?? [];
    const at = lines.findIndex((line, i) => line !== old[i]);
    if (at < 0 && old.length === lines.length) continue;
    differences++;
    console.log(`\n${key} differs at request ${at}:\n  before ${old[at]}\n  now    ${lines[at]}`);
  }
  console.log(differences === 0 ? "\nidentical to the file" : `\n${differences} catalog/profile pairs differ`);
  if (differences > 0) process.exitCode = 1;
}
