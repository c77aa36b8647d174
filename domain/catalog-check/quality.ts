// Quality rules over one tool: the six components of "MCP Tool Descriptions Are Smelly!" (arXiv 2602.14878) made
// checkable without a language model, plus action and object, side effects and MCP hints, generic names and cost.
import { makeFinding } from "./finding";
import { ACTION_VERBS, asVerb, DESTRUCTIVE_VERBS, GENERIC_NAME_WORDS, WRITE_VERBS } from "./lexicon";
import { approxTokens, nameWords, schemaProperties, wordsOf } from "./text";
import type { CheckTool, Finding } from "./types";

const GUIDELINE =
  /\b(use (this|it|when|for|to|if|only|instead)|when (you|to|the user|a user|called)|call (this|it) (when|to|if|before|after)|useful (for|when)|ideal for|intended for|best for|should be (used|called)|do not use|don't use|not for|for example when|if you need|if the user|in order to|helps? (you )?to)\b/i;
const LIMITATION =
  /\b(only|cannot|can't|can not|does not|doesn't|do not|don't|not (supported|available|included)|limit(ed|s)?|max(imum)?|min(imum)?|at most|at least|up to|requires?|required|must|unless|except|fails?|error|no more than|rate[- ]limit|paginat|timeout|must be|note:|beware|warning)\b/i;
/** An example: the abbreviations end in a dot, so no word boundary may follow them ("e.g. Paris", "e.g., 42"). */
const EXAMPLE =
  /\b(e\.g\.|eg\.|i\.e\.)|\b(for example|for instance|example|examples|such as|like ['"`]|sample)\b|["'`][^"'`\s][^"'`]{0,40}["'`]/i;

/** The description up to its first sentence end (as sentencesOf splits, without splitting the whole text). */
function firstSentence(description: string): string {
  const end = description.search(/[.!?:](?=\s)|\n\s*\n/);
  return (end < 0 ? description : description.slice(0, end + 1)).trim();
}

function purposeFindings(tool: CheckTool, words: string[]): Finding[] {
  const out: Finding[] = [];
  const ownWords = new Set(nameWords(tool.name));
  const described = words.filter((w) => !ownWords.has(w));
  if (words.length === 0 || described.length < 2) {
    out.push(
      makeFinding(
        "quality/purpose-missing",
        tool.id,
        words.length === 0
          ? "The tool has no description. Say in one sentence what it does, to what, and what it returns."
          : "The description only repeats the name. Say what the tool does, to which object, and what it returns.",
        { spans: [{ field: "description", start: 0, end: tool.description.length, text: tool.description }] },
      ),
    );
    return out;
  }
  const first = firstSentence(tool.description);
  const head = [...ownWords, ...wordsOf(first)];
  const hasAction = head.some((w) => asVerb(w, ACTION_VERBS) !== null);
  const hasObject = head.some((w) => asVerb(w, ACTION_VERBS) === null && w.length > 2 && !GENERIC_NAME_WORDS.has(w));
  if (!hasAction || !hasObject)
    out.push(
      makeFinding(
        "quality/action-object",
        tool.id,
        `Neither the name nor the first sentence names ${hasAction ? "the object acted on" : "the action (get, create, send, …)"}. Start with "<verb> <object>", e.g. "Create an issue in a GitHub repository".`,
        {
          spans: [
            {
              field: "description",
              start: 0,
              end: firstSentence(tool.description).length,
              text: firstSentence(tool.description),
            },
          ],
        },
      ),
    );
  if (ownWords.size > 0 && [...ownWords].every((w) => GENERIC_NAME_WORDS.has(w)))
    out.push(
      makeFinding(
        "quality/generic-name",
        tool.id,
        `The name "${tool.name}" says nothing about its object; agents and the ranking cannot tell it apart. Name the object too, e.g. "search_orders".`,
        { spans: [{ field: "name", start: 0, end: tool.name.length, text: tool.name }] },
      ),
    );
  return out;
}

/** The write and destructive verbs of a tool's name (its first word, the action). */
function nameActions(tool: CheckTool): { write: string | null; destructive: string | null } {
  const first = nameWords(tool.name)[0] ?? "";
  return { write: asVerb(first, WRITE_VERBS), destructive: asVerb(first, DESTRUCTIVE_VERBS) };
}

function sideEffectFindings(tool: CheckTool, words: string[]): Finding[] {
  const out: Finding[] = [];
  const { write, destructive } = nameActions(tool);
  const says = (verbs: ReadonlySet<string>) => words.some((w) => asVerb(w, verbs) !== null);
  if (write && words.length > 0 && !says(WRITE_VERBS) && !says(DESTRUCTIVE_VERBS))
    out.push(
      makeFinding(
        "quality/side-effects-unstated",
        tool.id,
        `The name says the tool ${write}s, but the description does not say what it changes. State it plainly ("Creates …", "Deletes …, cannot be undone").`,
        { spans: [{ field: "name", start: 0, end: tool.name.length, text: tool.name }] },
      ),
    );
  const hints = tool.annotations ?? {};
  const patch: Record<string, boolean> = {};
  if ((write || destructive) && hints.readOnlyHint === true) patch.readOnlyHint = false;
  if (destructive && hints.destructiveHint === false) patch.destructiveHint = true;
  if (!write && !destructive && hints.destructiveHint === true && hints.readOnlyHint === true)
    patch.destructiveHint = false;
  if (Object.keys(patch).length > 0)
    out.push(
      makeFinding(
        "quality/annotation-mismatch",
        tool.id,
        `MCP annotations contradict the tool's action "${write ?? destructive ?? "read"}": set ${Object.entries(patch)
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ")}. Clients use these hints to ask the user before a change.`,
        { spans: [{ field: "name", start: 0, end: tool.name.length, text: tool.name }] },
        { label: "Correct the MCP hints", patch: { annotations: patch } },
      ),
    );
  return out;
}

function parameterFindings(tool: CheckTool): Finding[] {
  const out: Finding[] = [];
  const props = schemaProperties(tool.parameters);
  const undocumented = props.filter((p) => {
    const d = p.schema.description;
    return (typeof d !== "string" || d.trim().length === 0) && !tool.description.includes(p.name);
  });
  if (undocumented.length > 0)
    out.push(
      makeFinding(
        "quality/undocumented-parameters",
        tool.id,
        `Describe ${undocumented.length === 1 ? "parameter" : "parameters"} ${undocumented
          .slice(0, 8)
          .map((p) => p.path)
          .join(", ")}: what value it takes, its unit or format, and its default.`,
        {
          spans: undocumented
            .slice(0, 8)
            .map((p) => ({ field: `parameters.${p.path}`, start: 0, end: 0, text: p.name })),
        },
      ),
    );
  const unexplained = props.filter((p) => {
    const values = Array.isArray(p.schema.enum) ? p.schema.enum.filter((v): v is string => typeof v === "string") : [];
    if (values.length < 2) return false;
    const text =
      `${typeof p.schema.description === "string" ? p.schema.description : ""} ${tool.description}`.toLowerCase();
    return !values.some((v) => v.length > 1 && text.includes(v.toLowerCase()));
  });
  if (unexplained.length > 0)
    out.push(
      makeFinding(
        "quality/unexplained-enum",
        tool.id,
        `Explain the values of ${unexplained
          .slice(0, 5)
          .map((p) => p.path)
          .join(", ")}: say what each one does, at least the ones that are not obvious.`,
        {
          spans: unexplained
            .slice(0, 5)
            .map((p) => ({ field: `parameters.${p.path}`, start: 0, end: 0, text: p.name })),
        },
      ),
    );
  return out;
}

function componentFindings(tool: CheckTool, words: string[]): Finding[] {
  const out: Finding[] = [];
  const props = schemaProperties(tool.parameters);
  const text = `${tool.description} ${props.map((p) => (typeof p.schema.description === "string" ? p.schema.description : "")).join(" ")}`;
  if (words.length > 0 && words.length < 6)
    out.push(
      makeFinding(
        "quality/too-short",
        tool.id,
        `The description has ${words.length} word${words.length === 1 ? "" : "s"}. Add what the tool returns, when to use it and its limits (one to three sentences).`,
        { spans: [{ field: "description", start: 0, end: tool.description.length, text: tool.description }] },
      ),
    );
  if (words.length === 0) return out;
  if (!GUIDELINE.test(tool.description) && !GUIDELINE.test(text))
    out.push(
      makeFinding(
        "quality/no-guidelines",
        tool.id,
        'Say when to use the tool, and when another fits better ("Use this to …; for … use …").',
        {},
      ),
    );
  if (!LIMITATION.test(tool.description) && !LIMITATION.test(text))
    out.push(
      makeFinding(
        "quality/no-limitations",
        tool.id,
        "State a limit or requirement: what the tool cannot do, sizes, rate limits, required permissions.",
        {},
      ),
    );
  if (props.length > 0 && !EXAMPLE.test(text))
    out.push(
      makeFinding(
        "quality/no-examples",
        tool.id,
        'Give an example value for a parameter whose format is not obvious (e.g. "owner/repo", an ISO date).',
        {},
      ),
    );
  return out;
}

/** The quality findings of one tool; `medianTokens` is the catalog's median definition cost (0: not compared). */
export function checkQuality(tool: CheckTool, medianTokens: number): Finding[] {
  const words = wordsOf(tool.description);
  const out = [...purposeFindings(tool, words)];
  out.push(...sideEffectFindings(tool, words), ...parameterFindings(tool), ...componentFindings(tool, words));
  const tokens = approxTokens(tool);
  if (medianTokens > 0 && tokens >= 400 && tokens > 4 * medianTokens)
    out.push(
      makeFinding(
        "quality/token-cost",
        tool.id,
        `The definition costs about ${tokens} tokens, ${Math.round(tokens / medianTokens)}× the catalog's median (${Math.round(medianTokens)}); every agent that loads it pays this. Move reference material out and keep what decides a call.`,
        {},
      ),
    );
  return out;
}
