/** One destination of the command palette: `names` are what a person may type for it (the first is shown). */
export type PaletteEntry = { id: string; label: string; kind: string; href: string; names: string[] };

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s._/-]+/g, " ")
    .trim();

/** 4 exact name, 3 name starts with the search, 2 every word of the search in the name, 1 letters in order, 0 no match. */
export function scoreName(name: string, search: string): number {
  const n = normalize(name);
  const s = normalize(search);
  if (!s) return 1;
  if (n === s) return 4;
  if (n.startsWith(s)) return 3;
  const words = n.split(" ");
  if (s.split(" ").every((word) => words.some((w) => w.startsWith(word)) || n.includes(word))) return 2;
  let at = 0;
  for (const char of n) if (char === s[at]) at += 1;
  return at === s.length ? 1 : 0;
}

/** The entries that match `search`, best first (an exact name first of all); ties keep their order. */
export function rankPalette(entries: PaletteEntry[], search: string): PaletteEntry[] {
  return entries
    .map((entry, index) => ({ entry, index, score: Math.max(...entry.names.map((name) => scoreName(name, search))) }))
    .filter((ranked) => ranked.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((ranked) => ranked.entry);
}
