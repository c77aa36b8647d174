// The thesaurus format of vocabulary packs (search/vocabulary): a query term expands to the other members of its
// groups and to the targets of its directed lines, compared after the stockroom English analysis (so "deleting"
// finds "remove").

export type Thesaurus = ReadonlyMap<string, ReadonlySet<string>>;

/** Parses thesaurus text: `a b c` is a group, `a b > x y` maps a and b to x and y; `#` starts a comment. */
export function parseThesaurus(text: string, analyze: (word: string) => string[]): Thesaurus {
  const map = new Map<string, Set<string>>();
  const link = (from: readonly string[], to: readonly string[]) => {
    for (const source of from) {
      let set = map.get(source);
      if (!set) map.set(source, (set = new Set()));
      for (const target of to) if (target !== source) set.add(target);
    }
  };
  const words = (part: string) => [
    ...new Set(
      part
        .split(/\s+/)
        .filter(Boolean)
        .flatMap((word) => analyze(word)),
    ),
  ];
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    if (line.length === 0) continue;
    const arrow = line.indexOf(">");
    if (arrow >= 0) link(words(line.slice(0, arrow)), words(line.slice(arrow + 1)));
    else link(words(line), words(line));
  }
  return map;
}
