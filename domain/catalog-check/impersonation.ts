// Name imitation: a tool whose name folds to the same skeleton as another origin's tool (homoglyphs, case,
// separators, version and trust affixes such as _v2, _new, official_) while the descriptions are near the same.
// The copy of a trusted tool under a look-alike name is how a malicious server takes its calls.
import { textSimilarity } from "../../search/index";
import { makeFinding } from "./finding";
import { originOf } from "./tool-names";
import { wordsOf } from "./text";
import type { CheckTool, Finding } from "./types";

/** Letters from other scripts that look like Latin ones (Unicode confusables, the common subset). */
const CONFUSABLES: Record<string, string> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  һ: "h",
  ӏ: "l",
  ɡ: "g",
  α: "a",
  ο: "o",
  ν: "v",
  ι: "i",
  κ: "k",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ε: "e",
  ѵ: "v",
  ԛ: "q",
  ԝ: "w",
  ɩ: "i",
  "0": "o",
  "1": "l",
  "|": "l",
  "!": "l",
  $: "s",
  "@": "a",
};
const AFFIXES = new Set(
  "v0 v1 v2 v3 v4 v5 v6 v7 v8 v9 new latest official real secure safe verified pro plus beta updated fixed alt copy fast trusted original".split(
    " ",
  ),
);

const hasHomoglyph = (name: string) => /[^\x00-\x7f]/.test(name);

/** A name's words (camelCase split, confusable letters folded, lower case) and those left without affix words. */
function nameWords(name: string): { words: string[]; kept: string[] } {
  const fold = (ch: string) => (ch === "0" || ch === "1" ? ch : (CONFUSABLES[ch] ?? ch));
  const spaced = name.normalize("NFKC").replace(/([a-z0-9])([A-Z])/g, "$1_$2");
  const words = [...spaced.toLowerCase()]
    .map(fold)
    .join("")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  // Affixes and a version number go before digits and letters fold: "official" must not read "offlclal", nor "v1" "vl".
  const kept = words.filter((w, i) => !(AFFIXES.has(w) || (i === words.length - 1 && /^\d+$/.test(w))));
  return { words, kept: kept.length > 0 ? kept : words };
}

/** The name as a look-alike reader sees it: confusables folded, lower case, no separators, no affix words (camelCase
 * words too: `readFileV2`). */
export function nameSkeleton(name: string): string {
  return nameWords(name)
    .kept.join("")
    .replace(/0/g, "o")
    .replace(/1/g, "l")
    .replace(/i/g, "l")
    .replace(/rn/g, "m")
    .replace(/vv/g, "w");
}

/** Which of two look-alike names is the imitation: the one with foreign letters, affixes or digit swaps. */
function imitators(a: CheckTool, b: CheckTool): CheckTool[] {
  const marks = (t: CheckTool) =>
    (hasHomoglyph(t.name) ? 4 : 0) +
    (/[01|!$@]/.test(t.name) ? 1 : 0) +
    (nameWords(t.name).kept.length < nameWords(t.name).words.length ? 2 : 0);
  const [ma, mb] = [marks(a), marks(b)];
  // Names that differ in case or separators only (convertCurrency, convert_currency) are two naming conventions of
  // one tool from two sources: nothing marks a copy, and the confusion rules show the pair.
  if (ma === 0 && mb === 0) return [];
  if (ma === mb) return [a, b];
  return [ma > mb ? a : b];
}

export function checkNameImitation(tools: readonly CheckTool[]): Finding[] {
  const groups = new Map<string, CheckTool[]>();
  for (const tool of tools) {
    const key = nameSkeleton(tool.name);
    if (key.length < 3) continue;
    const group = groups.get(key);
    if (group) group.push(tool);
    else groups.set(key, [tool]);
  }
  const pairs: Finding[] = [];
  for (const group of groups.values()) {
    if (group.length < 2 || group.length > 50) continue;
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) pairs.push(...imitationPair(group[i]!, group[j]!));
  }
  // One finding per copy, naming every tool it imitates.
  const byCopy = new Map<string, Finding>();
  for (const finding of pairs) {
    const first = byCopy.get(finding.toolId);
    if (first) first.evidence.tools!.push(...finding.evidence.tools!);
    else byCopy.set(finding.toolId, finding);
  }
  return [...byCopy.values()];
}

function imitationPair(a: CheckTool, b: CheckTool): Finding[] {
  if (a.name === b.name || originOf(a) === originOf(b)) return [];
  const similarity = textSimilarity(wordsOf(a.description), wordsOf(b.description));
  if (similarity < 0.8) return [];
  return imitators(a, b).map((copy) => {
    const original = copy === a ? b : a;
    return makeFinding(
      "safety/name-imitation",
      copy.id,
      `"${copy.name}" imitates "${original.name}" (${original.id}) from another server, and the descriptions are ${Math.round(similarity * 100)} % alike. If this is not the same tool from its publisher, remove it.`,
      { tools: [original.id], spans: [{ field: "name", start: 0, end: copy.name.length, text: copy.name }] },
    );
  });
}
