// Parsers for the `bm25` crate's insta snapshots (Rust Debug format) in ../shared/parity.

/** `Vec<Embedding>`: per document, the (index, value) pairs; values kept as printed. */
export function parseEmbeddingSnapshot(text: string): Array<Array<{ index: number; value: string }>> {
  const docs: Array<Array<{ index: number; value: string }>> = [];
  let current: Array<{ index: number; value: string }> | null = null;
  let index = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "Embedding(") docs.push((current = []));
    const indexMatch = /^index: (\d+),$/.exec(line);
    if (indexMatch) index = Number(indexMatch[1]);
    const valueMatch = /^value: ([0-9.e-]+),$/.exec(line);
    if (valueMatch && current) current.push({ index, value: valueMatch[1]! });
  }
  return docs;
}

/** `Vec<SearchResult<String>>`: document ids with their printed f32 scores. */
export function parseSearchSnapshot(text: string): Array<{ id: string; score: string }> {
  const results: Array<{ id: string; score: string }> = [];
  let id: string | null = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("id: ")) id = JSON.parse(line.slice(4).replace(/,$/, "")) as string;
    const scoreMatch = /^score: ([0-9.e-]+),$/.exec(line);
    if (scoreMatch && id !== null) {
      results.push({ id, score: scoreMatch[1]! });
      id = null;
    }
  }
  return results;
}
