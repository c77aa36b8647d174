// Exact names: a request that is a tool's name ("create_issue"), its name with separators as spaces ("create issue"),
// or namespace and name ("github create_issue") finds that tool first. The whole name acts as one more term that only
// the tools so named have, at full saturation (idf(N, n) · (k1 + 1), n = how many tools share the name), and the
// `exact` multiplier doubles their score (triples it for a name spelled exactly, case and separators included; its
// term then counts n among the tools so spelled): a name is the most specific thing a request can say. Tools that share a name
// in different namespaces are told apart only by a request that names the namespace.
import { idf } from "../bm25/formulas";
import { insertDoc, removeDoc } from "../bm25/postings";
import { isAscii } from "../analysis/ascii";

function push(map: Map<string, number[]>, key: string, doc: number): void {
  const docs = map.get(key);
  if (docs) insertDoc(docs, doc);
  else map.set(key, [doc]);
}

function pull(map: Map<string, number[]>, key: string, doc: number): void {
  const docs = map.get(key);
  if (!docs) return;
  removeDoc(docs, doc);
  if (docs.length === 0) map.delete(key);
}

/** Lowercased words of a name or request, separators (`_ - . /`, spaces, camel case) as single spaces. */
export function nameKey(text: string): string {
  return isAscii(text) ? asciiNameKey(text) : unicodeNameKey(text);
}

/** `nameKey` for any text: NFKC, camel cuts, lowercase, words of letters and numbers. */
export function unicodeNameKey(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;

/** `nameKey` of ASCII text (its own NFKC form) in one pass: a word ends at a non-alphanumeric and before "aB", "1B". */
function asciiNameKey(text: string): string {
  const lower = text.toLowerCase();
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if (!(isDigit(c) || isUpper(c) || isLower(c))) {
      if (start >= 0) words.push(lower.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
    else if (isUpper(c) && !isUpper(text.charCodeAt(i - 1))) {
      words.push(lower.slice(start, i));
      start = i;
    }
  }
  return words.join(" ");
}

export class ExactNames {
  private readonly byKey = new Map<string, number[]>();
  /** Names (and `namespace.name`) exactly as written, to tell calculate_bmi from calculate_BMI. */
  private readonly verbatim = new Map<string, number[]>();
  private readonly namespaceKeys = new Map<string, string>();
  /** `nameKey` of each name met: many tools share a name across namespaces. */
  private readonly nameKeys = new Map<string, string>();

  add(doc: number, name: string | undefined, namespace: string | undefined): void {
    this.each(name, namespace, (map, key) => push(map, key, doc));
  }

  /** Undoes `add` with the same arguments. */
  remove(doc: number, name: string | undefined, namespace: string | undefined): void {
    this.each(name, namespace, (map, key) => pull(map, key, doc));
  }

  private each(
    name: string | undefined,
    namespace: string | undefined,
    visit: (map: Map<string, number[]>, key: string) => void,
  ) {
    if (!name) return;
    let key = this.nameKeys.get(name);
    if (key === undefined) this.nameKeys.set(name, (key = nameKey(name)));
    if (key.length > 0) visit(this.byKey, key);
    const qualified = namespace ? this.qualifiedKey(namespace, name, key) : key;
    if (qualified !== key) visit(this.byKey, qualified);
    visit(this.verbatim, name);
    if (namespace) visit(this.verbatim, `${namespace}.${name}`);
  }

  /** `nameKey` of namespace and name; for ASCII (a space always separates), the namespace's key and the name's joined. */
  private qualifiedKey(namespace: string, name: string, key: string): string {
    if (!isAscii(namespace) || !isAscii(name)) return nameKey(`${namespace} ${name}`);
    let prefix = this.namespaceKeys.get(namespace);
    if (prefix === undefined) this.namespaceKeys.set(namespace, (prefix = nameKey(namespace)));
    return prefix.length === 0 ? key : key.length === 0 ? prefix : `${prefix} ${key}`;
  }

  /** The tools the request names (empty for most requests). */
  named(query: string): readonly number[] {
    return this.byKey.get(nameKey(query)) ?? [];
  }

  /** Among `named`, the ones whose name the request spells exactly, case and separators included. */
  namedVerbatim(query: string): readonly number[] {
    return this.verbatim.get(query.trim()) ?? [];
  }

  /** The contribution of the whole name as a term for each of the `count` tools that have it. */
  static weight(documentCount: number, count: number, k1: number): number {
    return idf(documentCount, count) * (k1 + 1);
  }
}
