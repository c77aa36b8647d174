/** "1 tool", "3 tools", "1 query" / "2 queries": the count and the right form of the word. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}
