// Test helpers: locate ../shared beside the repository (never an absolute path) and read its data files.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SHARED_DIR = path.resolve(REPO_ROOT, "../shared");

export function readShared(relativePath: string): string {
  return readFileSync(path.join(SHARED_DIR, relativePath), "utf8");
}

export function readJsonl<T>(relativePath: string): T[] {
  return readShared(relativePath)
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

/** JSONL from search/ itself (e.g. testing/queries.heldout.jsonl). */
export function readLocalJsonl<T>(relativePath: string): T[] {
  return readFileSync(path.join(REPO_ROOT, "search", relativePath), "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

/** RFC 4180 CSV (quoted fields, "" escapes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface Recipe {
  title: string;
  recipe: string;
}

export function readRecipes(language: "en" | "de"): Recipe[] {
  const [, ...rows] = parseCsv(readShared(`parity/recipes_${language}.csv`));
  return rows.map(([title, recipe]) => ({ title: title!, recipe: recipe! }));
}

/** The Rust Debug (insta) snapshot of `Vec<Vec<String>>`: the token lists in order. */
export function parseTokenSnapshot(text: string): string[][] {
  const body = text.slice(text.indexOf("\n[", text.indexOf("---", 3)));
  const lists: string[][] = [];
  let current: string[] | null = null;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (line === "[" && current === null && lists.length === 0 && raw.startsWith("[")) continue;
    if (line === "[") current = [];
    else if (line === "]," || line === "]") {
      if (current) lists.push(current);
      current = null;
    } else if (current && line.startsWith('"')) current.push(JSON.parse(line.replace(/,$/, "")) as string);
  }
  return lists;
}
