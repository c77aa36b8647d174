// The safety rules that read a tool's own text (description and parameter descriptions) one sentence at a time.
// Each rule needs two structural parts in one sentence (docs/catalog-check.md, "Safety"), so a description that
// merely mentions a secret, a URL or another tool is not flagged.
import { makeFinding } from "./finding";
import {
  ACQUIRE,
  DESTINATION,
  DIRECTIVE,
  EXAMPLE_HOST,
  FROM_MACHINE,
  INTERNAL_NEEDLES,
  LOCATION_NEEDLES,
  MODEL_INTERNAL,
  mentions,
  QUANTIFIER,
  SECRET_LOCATION,
  SECRET_WORD,
  SEQUENCE,
  TRANSFER,
} from "./patterns";
import type { RuleId } from "./rules";
import { otherToolReference, type ToolNameIndex } from "./tool-names";
import { removeSpans, type Sentence, sentencesOf, spanOf, toolTexts, wordsOf } from "./text";
import type { CheckTool, Finding, FindingFix } from "./types";

interface SentenceRule {
  id: RuleId;
  message: string;
  /** Words one of which the text must contain for the rule to read its sentences (a cheap gate before regexes). */
  gate: ReadonlySet<string>;
  /** A pattern the whole text must match before its sentences are read (every sentence match implies it). */
  pre: RegExp;
  test(sentence: string, tool: CheckTool, names: ToolNameIndex): boolean;
}

const OVERRIDE =
  /\b(ignore|disregard|forget|override|overrule|bypass|supersede|neglect)\b[^.!?\n]{0,40}\b(instructions?|prompts?|system (message|prompt)|directives?|guidelines|guardrails|safety (rules|policies|guidelines|checks))\b|\b(precedence|priority) over (all |any |the |your )?(other |previous |prior |user |system )?(instructions|prompts|system|rules|tools|user)\b|\bfrom now on\b[^.!?\n]{0,30}\byou\b|\byou (are|were|have been) (no longer|now) (bound|restricted|required)\b/i;

const CONCEAL = new RegExp(
  [
    String.raw`\b(do not|don't|never|must not|should not|without)\s+(\w+\s+){0,2}(tell(ing)?|inform(ing)?|notify(ing)?|alert(ing)?|mention(ing)?|reveal(ing)?|show(ing)?|disclos(e|ing)|warn(ing)?|bother(ing)?|let(ting)?|surfac(e|ing)|explain(ing)?)\b[^.!?\n]{0,40}\b(user|users|human|operator|person|customer|requester|anyone|anybody)\b`,
    String.raw`\bout of (the )?(user'?s?|human'?s?|operator'?s?) (view|sight)\b`,
    String.raw`\b(hide|hides|hiding|hidden|conceal|conceals|concealing|concealed|secret|invisible|private)\b[^.!?\n]{0,50}\bfrom\s+(the\s+)?(user|users|human|operator)\b`,
    String.raw`\b(not|never|without|avoid|avoiding)\s+(\w+\s+){0,2}(draw(s|ing)?|attract(s|ing)?|rais(e|es|ing)|arous(e|es|ing))\s+(\w+\s+)?(attention|suspicion|notice)\b`,
    String.raw`\b(go|goes|stay|stays|remain|remains|pass|passes)\s+unnoticed\b|\bunder the radar\b`,
    String.raw`\b(your|the)\s+(explanations?|accounts?|answers?|responses?|replies|reports?|summar(y|ies)|mentions?)\b[^.!?\n]{0,40}\b(vague|evasive|misleading|obscure)\b`,
    String.raw`\b(silently|secretly|covertly|quietly|invisibly|stealthily|discreetly)\s+(\w+\s+){0,2}(send|read|forward|include|add|copy|call|upload|post|execute|run|change|modify|redirect|collect|exfiltrate|pass|append)\b`,
    String.raw`\bthe user (must|should|need|needs to|will|does) not (know|see|notice|learn|find out|be (aware|told|informed))\b`,
    String.raw`\bwithout (the )?user'?s? (knowledge|noticing|knowing|awareness|seeing)\b`,
    String.raw`\b(could|would|might|will|may) (upset|scare|worry|alarm|frighten) the user\b`,
    String.raw`\b(this|it) is (an? )?(implementation detail|internal detail)s?\b[^.!?\n]{0,40}\b(not|never)\b[^.!?\n]{0,20}\buser\b`,
  ].join("|"),
  "i",
);

const PREEMPT = new RegExp(
  [
    String.raw`\b(before|instead of|rather than)\s+(using|calling|invoking|running|answering|responding|replying|doing anything)\b[^.!?\n]{0,40}\b(any|every|all|other|another)\b[^.!?\n]{0,15}\b(tools?|functions?|requests?|questions?|queries|tasks?)\b`,
    String.raw`\b(call|use|invoke|run) this (tool|function) (first|before (anything|any|every|all))\b`,
    String.raw`\b(must|always) (be )?(call|use|invoke|run|called|used|invoked)\s+(this (tool|function) )?(first|before (any|every|all))\b`,
  ].join("|"),
  "i",
);

/**
 * An obligation to move data, in any voice ("results should be forwarded to …", "must also send"): with a literal
 * destination, an instruction. "The e-mail must be a valid address" obliges nothing to move.
 */
const MODAL =
  /\b(must|should|shall|needs? to|has to|have to|is to|are to)\s+(also\s+|always\s+)?(be\s+)?(sent|forwarded|posted|uploaded|e-?mailed|shared|relayed|copied|delivered|routed|redirected|send|forward|post|upload|e-?mail|share|relay|copy|deliver|route|redirect|cc|bcc)\b/i;

/** "Before any other tool" is advice unless it is an obligation. */
const OBLIGATION = /\b(must|always|required|mandatory|never|important|every time|at all times|first)\b/i;

const SELF_PROMOTION = new RegExp(
  [
    String.raw`\b(this|our)\s+(tool|function|server|api|plugin)\s+(is|are)\s+(the\s+)?(best|most (reliable|accurate|trusted|trustworthy|secure|powerful|advanced|up-to-date)|only (reliable|trusted|official|correct|safe|accurate)|official|preferred|recommended|superior|number one|#1)\b`,
    String.raw`\b(always|only)\s+(use|choose|call|pick|select|prefer)\s+(this|our)\s+(tool|function|server|plugin)\s+((over|instead of|rather than)\s+(any|all|other|every)|for (all|any|every))\b`,
    String.raw`\b(prefer|choose|pick|select)\s+(this|our)\s+(tool|function|server|plugin)\s+(over|instead of|rather than)\s+(any|all|other|every)\b`,
    String.raw`\b(do not|don't|never|avoid)\s+(use|using|call|calling|choose|pick|select|trust)\s+(any\s+)?(other|another|alternative|competing|similar)\s+(tools?|functions?|servers?|plugins?)\b`,
    String.raw`\b(other|competing|alternative|similar|competitors?|rivals?|third-party)\s+(\w+\s+){0,2}(tools|servers|functions|plugins|apis|services|providers)\s+(are|is|may be|might be|can be|could be)\s+(\w+\s+)?(unreliable|deprecated|broken|unsafe|insecure|outdated|malicious|compromised|inaccurate|untrustworthy|fake)\b`,
    String.raw`\b(better|more (reliable|accurate|secure)) than (any|all) (other )?(tools?|functions?|servers?)\b`,
  ].join("|"),
  "i",
);

const SHADOW_PRESCRIPTION = /\b(must|should|has to|needs to|is required to|always|never|bcc|cc|redirect|instead)\b/i;
/** "when calling", "whenever you use the", "before invoking": the trigger ends right where the other tool is named. */
const SHADOW_TRIGGER =
  /\b(when|whenever|every time|each time|if|before|after)\s+(you\s+|the\s+(user|model|agent|assistant)\s+)?(\w+\s+)?(call|calls|calling|use|uses|using|invoke|invokes|invoking|run|runs|running|send|sends|sending)\s+(the\s+|a\s+|an\s+|any\s+)?[`'"]?$/i;

/** Every shadowing form has one of these; a sentence without any is not looked at further. */
const SHADOW_GATE =
  /\b(must|should|has to|needs to|will|is required to|always|never|bcc|cc|redirect|instead|side[- ]effects?)\b/i;

const SHADOW_OR_SIDE_EFFECT = SHADOW_GATE;

function shadows(sentence: string, tool: CheckTool, names: ToolNameIndex): boolean {
  if (!SHADOW_GATE.test(sentence)) return false;
  const ref = otherToolReference(sentence, tool, names);
  if (!ref) return /\bside[- ]effects? on\b[^.!?\n]{0,60}\btools?\b/i.test(sentence);
  const before = sentence.slice(0, ref.index);
  const after = sentence.slice(ref.index + ref.length);
  if (/\bside[- ]effects? on\b/i.test(before)) return true;
  if (SHADOW_TRIGGER.test(before) && SHADOW_PRESCRIPTION.test(after)) return true;
  return /^[\s`'"]*(tool\s+)?(must|should|has to|needs to|will|is required to)\s+(always\s+|now\s+|also\s+|only\s+)?(send|use|include|add|set|forward|redirect|be (called|used|invoked) with|cc|bcc)\b/i.test(
    after,
  );
}

function destinations(sentence: string): string[] {
  return [...sentence.matchAll(DESTINATION)].map((m) => m[0]).filter((d) => !EXAMPLE_HOST.test(d));
}

function exfiltrates(sentence: string): boolean {
  if (!TRANSFER.test(sentence)) return false;
  if (
    /[@:+]|\d\.\d/.test(sentence) &&
    destinations(sentence).length > 0 &&
    (DIRECTIVE.test(sentence) || QUANTIFIER.test(sentence) || SEQUENCE.test(sentence) || MODAL.test(sentence))
  )
    return true;
  return (
    mentions(sentence.toLowerCase(), INTERNAL_NEEDLES) &&
    MODEL_INTERNAL.test(sentence) &&
    (DIRECTIVE.test(sentence) || /\bto\b/i.test(sentence))
  );
}

function readsSensitive(sentence: string, field: string): boolean {
  const lower = sentence.toLowerCase();
  if (
    mentions(lower, LOCATION_NEEDLES) &&
    SECRET_LOCATION.test(sentence) &&
    (ACQUIRE.test(sentence) || DIRECTIVE.test(sentence))
  )
    return true;
  if (mentions(lower, INTERNAL_NEEDLES) && MODEL_INTERNAL.test(sentence) && DIRECTIVE.test(sentence)) return true;
  // A parameter describing its own secret ("api_key: your API key") asks the user, not the machine.
  return (
    (field === "description" || field.startsWith("parameters#")) &&
    SECRET_WORD.test(sentence) &&
    DIRECTIVE.test(sentence) &&
    FROM_MACHINE.test(sentence)
  );
}

const gate = (words: string) => new Set(words.split(" "));

/** Words any sensitive-data pattern needs (paths, secrets, the model's context). */
const SENSITIVE_GATE = gate(
  "ssh rsa dsa ecdsa ed25519 env json aws cursor netrc npmrc pypirc credentials passwd shadow kube docker wallet gnupg keychain claude home system conversation chat session messages turns prompts prompt instructions guidelines rules context memory identity reasoning model llm ai tools transcript key keys api token tokens password passwords passphrase passphrases secret secrets seed mnemonic mnemonics cookie cookies environment environ vars var printenv bash zsh history bashrc zshrc profile pgpass",
);

const SENTENCE_RULES: SentenceRule[] = [
  {
    id: "safety/override-instructions",
    pre: OVERRIDE,
    gate: gate("ignore disregard forget override overrule bypass supersede neglect precedence priority now longer"),
    message:
      "This text tells the model to ignore or override its instructions. Remove it: a description says what the tool does.",
    test: (s) => OVERRIDE.test(s),
  },
  {
    id: "safety/conceal-from-user",
    pre: CONCEAL,
    gate: gate(
      "user users human operator person customer requester anyone anybody silently secretly covertly quietly invisibly stealthily discreetly attention suspicion notice unnoticed radar vague evasive misleading obscure",
    ),
    message: "This text tells the model to hide something from the user. Remove it; a tool must not ask for secrecy.",
    test: (s) => CONCEAL.test(s),
  },
  {
    id: "safety/exfiltration",
    pre: TRANSFER,
    gate: gate(
      "send sends sending sent forward forwards forwarding forwarded post posted upload uploaded transmit transmitted email emailed mail mailed e bcc cc share shared report reported leak leaked exfiltrate relay relayed copy copied mirror mirrored deliver delivered redirect redirected route routed give gives given hand hands handed message text sms",
    ),
    message:
      "This text tells the model to send data to a fixed address or to pass on its conversation. Remove it, or make the destination a parameter the user fills.",
    test: (s) => exfiltrates(s),
  },
  {
    id: "safety/preempt-tools",
    pre: PREEMPT,
    gate: gate("before instead rather first"),
    message:
      "This text tells the model to call this tool before or instead of any other tool. Say when the tool fits instead.",
    test: (s) => PREEMPT.test(s) && OBLIGATION.test(s),
  },
  {
    id: "safety/self-promotion",
    pre: SELF_PROMOTION,
    gate: gate(
      "best most only official preferred recommended superior number always prefer choose pick select avoid never unreliable deprecated broken unsafe insecure outdated malicious compromised inaccurate untrustworthy fake better competitor rival 1",
    ),
    message:
      "This text promotes the tool over others to bias selection. Describe what it does; let the ranking compare.",
    test: (s) => SELF_PROMOTION.test(s),
  },
  {
    id: "safety/shadowing",
    pre: SHADOW_OR_SIDE_EFFECT,
    gate: gate("when whenever time if before after must should has needs will side required"),
    message:
      "This text gives instructions about another tool (its arguments, recipients or use). Remove it: a tool describes itself only.",
    test: (s, tool, names) => shadows(s, tool, names),
  },
];

/** Bit i: SENTENCE_RULES[i]'s gate; the next bit: the sensitive-data gate. Built once: word → the gates it opens. */
const SENSITIVE_BIT = 1 << SENTENCE_RULES.length;
const GATE_BITS = new Map<string, number>();
SENTENCE_RULES.forEach((rule, i) => {
  for (const w of rule.gate) GATE_BITS.set(w, (GATE_BITS.get(w) ?? 0) | (1 << i));
});
for (const w of SENSITIVE_GATE) GATE_BITS.set(w, (GATE_BITS.get(w) ?? 0) | SENSITIVE_BIT);

function gatesOpenedBy(text: string): number {
  let bits = 0;
  for (const w of wordsOf(text)) bits |= GATE_BITS.get(w) ?? 0;
  return bits;
}

const MESSAGES = new Map<RuleId, string>(SENTENCE_RULES.map((r) => [r.id, r.message]));
MESSAGES.set(
  "safety/sensitive-data",
  "This text tells the model to read files, secrets, client configuration or its own context. Remove it; ask the user for what the tool needs through its parameters.",
);

/** Findings of the sentence rules and the sensitive-data rule over every text of the tool; one finding per rule. */
export function checkSafetyText(tool: CheckTool, names: ToolNameIndex): Finding[] {
  const hits = new Map<RuleId, Sentence[]>();
  const add = (id: RuleId, sentence: Sentence) => {
    const list = hits.get(id);
    if (list) list.push(sentence);
    else hits.set(id, [sentence]);
  };
  for (const { field, text } of toolTexts(tool)) {
    const bits = gatesOpenedBy(text);
    const sensitive = (bits & SENSITIVE_BIT) !== 0 || text.includes("~");
    const rules = bits === 0 ? [] : SENTENCE_RULES.filter((rule, i) => (bits & (1 << i)) !== 0 && rule.pre.test(text));
    if (rules.length === 0 && !sensitive) continue;
    for (const sentence of sentencesOf(field, text)) {
      for (const rule of rules) if (rule.test(sentence.text, tool, names)) add(rule.id, sentence);
      if (sensitive && readsSensitive(sentence.text, field)) add("safety/sensitive-data", sentence);
    }
  }
  return [...hits].map(([id, sentences]) =>
    makeFinding(id, tool.id, MESSAGES.get(id)!, { spans: sentences.slice(0, 5).map(spanOf) }, removal(tool, sentences)),
  );
}

/** The deterministic fix of a sentence rule: the description without the flagged sentences (when all are in it). */
function removal(tool: CheckTool, sentences: readonly Sentence[]): FindingFix | undefined {
  if (sentences.some((s) => s.field !== "description")) return undefined;
  const description = removeSpans(tool.description, sentences);
  return {
    label: sentences.length === 1 ? "Remove the sentence" : `Remove the ${sentences.length} sentences`,
    patch: { description },
  };
}
