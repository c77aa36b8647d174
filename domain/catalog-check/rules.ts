// Every rule of the catalog check, documented once: the id a finding carries, its category, severity and (for
// quality) component, and what it looks for. docs/catalog-check.md explains each with its reasons; a UI lists
// filters and help from this table.
import type { CheckCategory, CheckSeverity, QualityComponent } from "./types";

export interface RuleInfo {
  id: string;
  category: CheckCategory;
  severity: CheckSeverity;
  component?: QualityComponent;
  /** One line: what the rule flags. */
  summary: string;
}

const rule = (
  id: string,
  category: CheckCategory,
  severity: CheckSeverity,
  summary: string,
  component?: QualityComponent,
): RuleInfo => ({ id, category, severity, summary, ...(component ? { component } : {}) });

/**
 * Raised whenever a rule finds other things under the same id (a widened pattern): stored counts made with an
 * older revision are counted again (`RULES_FINGERPRINT` in the Health service).
 */
export const RULES_REVISION = 2;

export const RULES = [
  // safety: text addressed to the model instead of describing the tool
  rule("safety/override-instructions", "safety", "error", "Tells the model to ignore or override its instructions."),
  rule(
    "safety/conceal-from-user",
    "safety",
    "error",
    "Tells the model to hide what it does from the user or to keep it from drawing attention.",
  ),
  rule(
    "safety/sensitive-data",
    "safety",
    "error",
    "Tells the model to read files, secrets, client configuration or its own context.",
  ),
  rule(
    "safety/exfiltration",
    "safety",
    "error",
    "Tells the model to send data to an address or a place the request did not name.",
  ),
  rule(
    "safety/preempt-tools",
    "safety",
    "error",
    "Tells the model to call this tool before or instead of any other tool or answer.",
  ),
  rule(
    "safety/hidden-block",
    "safety",
    "error",
    "Hides text from people: <IMPORTANT>-style blocks, comments, padding that pushes text off screen.",
  ),
  rule(
    "safety/self-promotion",
    "safety",
    "error",
    "Claims to be the best or only tool, tells the model to avoid other tools, or calls them unreliable.",
  ),
  rule(
    "safety/shadowing",
    "safety",
    "error",
    "Gives instructions about another server's tools: their arguments, their recipients, when to use them.",
  ),
  rule(
    "safety/out-of-scope-parameter",
    "safety",
    "error",
    "A parameter asks for the model's name, system prompt, conversation, credentials or local files.",
  ),
  rule(
    "safety/invisible-unicode",
    "safety",
    "error",
    "Invisible, bidirectional-control or tag Unicode characters that a reviewer cannot see.",
  ),
  rule(
    "safety/name-imitation",
    "safety",
    "error",
    "A name imitating another server's tool (x and x_v2, official_x, homoglyphs) with the same or near-same description.",
  ),
  // quality: the six components, and what makes a description usable
  rule(
    "quality/purpose-missing",
    "quality",
    "warning",
    "No description, or one that only repeats the name.",
    "purpose",
  ),
  rule(
    "quality/action-object",
    "quality",
    "warning",
    "The name and first sentence do not say which action on which object.",
    "purpose",
  ),
  rule(
    "quality/generic-name",
    "quality",
    "warning",
    "A name like `search` or `run` that does not tell tools apart.",
    "purpose",
  ),
  rule(
    "quality/side-effects-unstated",
    "quality",
    "warning",
    "The name says it writes, sends or deletes; the description does not say so.",
    "purpose",
  ),
  rule(
    "quality/annotation-mismatch",
    "quality",
    "warning",
    "MCP readOnlyHint or destructiveHint contradicts what the tool does.",
    "limitations",
  ),
  rule("quality/no-guidelines", "quality", "info", "Does not say when to use the tool (or when not to).", "guidelines"),
  rule(
    "quality/no-limitations",
    "quality",
    "info",
    "Does not state a limit, requirement or what the tool cannot do.",
    "limitations",
  ),
  rule("quality/undocumented-parameters", "quality", "warning", "Parameters without a description.", "parameters"),
  rule(
    "quality/unexplained-enum",
    "quality",
    "info",
    "A parameter with enum values whose description explains none of them.",
    "parameters",
  ),
  rule("quality/too-short", "quality", "warning", "A description too short to tell what the tool does.", "length"),
  rule(
    "quality/token-cost",
    "quality",
    "warning",
    "The definition costs far more tokens than the catalog's median.",
    "length",
  ),
  rule("quality/no-examples", "quality", "info", "No example of a value or a call.", "examples"),
  // findability
  rule(
    "findability/misses-own-requests",
    "findability",
    "warning",
    "The tool is not in the top K for its own golden or traffic requests.",
  ),
  rule("findability/never-found", "findability", "warning", "No request for this tool ever ranked it in the top K."),
  // confusion
  rule("confusion/near-duplicate", "confusion", "warning", "Two tools with near-identical search text."),
  rule("confusion/same-name", "confusion", "info", "One name in several namespaces."),
  rule(
    "confusion/swapped-ranking",
    "confusion",
    "warning",
    "Two tools that outrank each other for each one's own requests.",
  ),
] as const satisfies readonly RuleInfo[];

export type RuleId = (typeof RULES)[number]["id"];

const BY_ID = new Map<string, RuleInfo>(RULES.map((r) => [r.id, r]));

export function ruleInfo(id: RuleId): RuleInfo {
  return BY_ID.get(id)!;
}
