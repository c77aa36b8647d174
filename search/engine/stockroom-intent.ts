// Read requests and state-changing tools. A request that asks something ("which PRs are open?", "how
// many documents…", "show the last commits") wants a tool that reads: a tool named for a change
// (create, delete, update, send…) fits it only when the request names that change. And whatever the
// request, a tool named for destroying something (delete, remove, cancel…) fits only when the request
// says so: people name destruction. The stockroom engine ranks such tools lower (never out of the
// results, and never for the no-match rule).
import { analyzeStockroom } from "../analysis/stockroom-analyzer";
import type { QueryConcept } from "./stockroom-query";

/** Verbs of tool names that change state. Words that are also common nouns of read tools (tag, label, commit, post) are left out. */
export const CHANGE_VERBS =
  "create add insert delete remove update edit modify change set send write cancel move rename merge push close " +
  "archive upload publish deploy assign pause resume restart kill terminate revoke invite reply forward approve " +
  "reject submit install uninstall drop clear reset revert rollback duplicate enable disable unlock unblock comment";

/** A request that opens with a question or lookup word (English or Chinese), or ends with a question mark (but not "can you …?"). */
const READ_OPENING =
  /^\s*(?:what|which|who|whom|whose|when|where|how|is|are|was|were|does|do|did|has|have|had|show|list|find|search|look|see|check)\b/i;
const READ_OPENING_ZH =
  /^\s*(?:看看|看一下|查看|查一下|查查|查询|列出|搜索|搜一下|读取|显示|找|有没有|有哪些|哪些|什么|谁|哪|多少|几)/;
const QUESTION_END = /[?？]\s*$/;
const REQUEST_OPENING = /^\s*(?:can|could|would|will)\s+you\b/i;

/** The change verbs that destroy. */
export const DESTRUCTIVE_VERBS =
  "delete remove drop clear cancel revoke uninstall kill terminate reset purge destroy erase wipe";

let changeTerms: ReadonlySet<string> | null = null;
let destructiveTerms: ReadonlySet<string> | null = null;

/** Analysed forms of the state-changing verbs. */
export function isChangeTerm(term: string): boolean {
  changeTerms ??= new Set(analyzeStockroom(CHANGE_VERBS));
  return changeTerms.has(term);
}

/** Analysed forms of the destructive verbs. */
export function isDestructiveTerm(term: string): boolean {
  destructiveTerms ??= new Set(analyzeStockroom(DESTRUCTIVE_VERBS));
  return destructiveTerms.has(term);
}

/** The destructive verb an analysed term stands for ("delet" → "delete"), for messages. */
export function destructiveVerb(term: string): string {
  return DESTRUCTIVE_VERBS.split(" ").find((verb) => analyzeStockroom(verb)[0] === term) ?? term;
}

/** True when the request reads (asks or looks something up) and names no change of its own. */
export function isReadRequest(query: string, concepts: readonly QueryConcept[]): boolean {
  const asks =
    READ_OPENING.test(query) ||
    READ_OPENING_ZH.test(query) ||
    (QUESTION_END.test(query) && !REQUEST_OPENING.test(query));
  return asks && !concepts.some((c) => c.members[0]!.weight === 1 && isChangeTerm(c.term));
}
