const RULES = new Intl.PluralRules("en");

/** "1 tool", "2 tools", "0 tools": the count with the word in the form English wants (`plural(n, "query", "queries")`). */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${RULES.select(count) === "one" ? one : other}`;
}
