// safety/out-of-scope-parameter: a parameter that asks the calling model for something about itself (its name, the
// company that trained it, its system prompt, its conversation, its tools) or for secrets on the machine, which the
// tool's purpose does not need. The line it draws is who the value is about: "your model name" asks the caller for
// its own identity and is flagged in any tool; "the model to use for the embedding" selects what the service runs
// and is flagged nowhere. A channel named like the model's context (`system_prompt`, `conversation_history`,
// `model_name`) with no such wording is flagged only when the tool has no purpose for it.
import { makeFinding } from "./finding";
import {
  ACQUIRE,
  DIRECTIVE,
  FROM_MACHINE,
  INTERNAL_NEEDLES,
  LOCATION_NEEDLES,
  MODEL_INTERNAL,
  mentions,
  SECOND_PERSON,
  SECRET_LOCATION,
  SECRET_WORD,
} from "./patterns";
import { nameWords, schemaProperties, wordsOf } from "./text";
import type { CheckTool, Finding, FindingFix, TextSpan } from "./types";

/** Wording that asks the caller about itself: its identity, maker, instructions, conversation or tools. */
const ASKS_CALLER_ABOUT_ITSELF = new RegExp(
  [
    String.raw`\bif you are an? (ai|llm|language model|assistant|model|agent|bot|chatbot)\b`,
    // "your name" or "your e-mail" in a parameter usually addresses the user; these only the model has.
    String.raw`\byour (own )?((ai|llm|language) )?model( name| id| version|'s name)?\b`,
    String.raw`\byour (own )?(system (prompt|message|instructions)|(conversation|chat|message) (history|transcript|log|so far)|previous messages|chain of thought|reasoning|context window|training data|(available )?tools( list)?)\b`,
    String.raw`\b(which|what) (model|llm|ai|assistant|agent)( \w+)? you are\b`,
    String.raw`\b(company|provider|organi[sz]ation|vendor|lab) (that |who |which )?(trained|made|built|created|developed) you\b`,
    String.raw`\bthe (calling|current|invoking|requesting|underlying) (model|llm|ai|assistant|agent)('s)? (name|identity|id|version|provider|system prompt|instructions|context|conversation|history)\b`,
    String.raw`\bthe (model|llm|ai|assistant|agent) (making|calling|invoking|sending|running) (this|the) (call|request|tool)\b`,
    String.raw`\b(previous|prior|earlier|all) (messages|turns|prompts) (of|in|from) (this|the current|our) (session|conversation|chat)\b`,
    String.raw`\b(this|the current|the ongoing|our) (session|conversation|chat)('s)? (history|messages|transcript|log|context|so far)\b`,
  ].join("|"),
  "i",
);

/** Literal pieces one of which every match of ASKS_CALLER_ABOUT_ITSELF contains (a cheap test before it). */
const ASKS_NEEDLES = [
  "you",
  "calling",
  "current",
  "invoking",
  "requesting",
  "underlying",
  "model",
  "llm",
  "ai ",
  "assistant",
  "agent",
  "session",
  "conversation",
  "chat",
];
const SECRET_NEEDLES = [
  "key",
  "token",
  "password",
  "passphrase",
  "credential",
  "secret",
  "seed",
  "mnemonic",
  "cookie",
  "env",
];

function readsSecrets(description: string, lower: string): boolean {
  if (mentions(lower, LOCATION_NEEDLES) && SECRET_LOCATION.test(description) && DIRECTIVE.test(description))
    return true;
  return (
    mentions(lower, SECRET_NEEDLES) &&
    SECRET_WORD.test(description) &&
    FROM_MACHINE.test(description) &&
    DIRECTIVE.test(description)
  );
}

/** Names of the channels into the model's own context. */
const CONTEXT_CHANNEL_NAMES =
  /^(system_?prompt|system_?message|conversation_?(history|log|context|transcript)|chat_?(history|log|transcript)|(previous|prior|all)_?messages|messages_?so_?far|context_?window|full_?context|chain_?of_?thought|(available|other)_?tools|tools?_?list|user_?(secrets?|credentials))$/i;
/** Names of the model's identity; as often a selector of which model the service runs. */
const IDENTITY_NAMES =
  /^(model_?(name|identity|id|version)|llm_?(name|model|provider|vendor)|assistant_?(name|model)|ai_?(model|provider)|model_?provider)$/i;

/** Words of a tool that drives a language model itself; such a tool takes prompts, conversations and model names. */
const MODEL_PURPOSE = new Set(
  "model models llm llms prompt prompts assistant assistants completion completions embedding embeddings inference gpt".split(
    " ",
  ),
);

/** Wording that picks what the service uses: "the model to use", "used for the embedding", "which engine should …". */
const SELECTS =
  /\b(to use|to be used|used (to|for|by)|use for|to (run|deploy|load|serve|query|call|fine-?tune|train|evaluate|generate|embed|rerank)|(which|what) \w+( \w+)? (to|should|will|the (service|server|api))|defaults? (to|is)|one of)\b/i;

interface ParameterContext {
  /** The tool's own words (name and description): what its purpose names. */
  purposeWords: ReadonlySet<string>;
  drivesModel: boolean;
}

function contextOf(tool: CheckTool): ParameterContext {
  const purposeWords = new Set([...nameWords(tool.name), ...wordsOf(tool.description)]);
  return { purposeWords, drivesModel: [...purposeWords].some((w) => MODEL_PURPOSE.has(w)) };
}

const isSelector = (schema: Record<string, unknown>, description: string) =>
  Array.isArray(schema.enum) || schema.default !== undefined || SELECTS.test(description);

/**
 * A description that names the model's context and asks for it: in the second person or with a directive or a take
 * verb. A value list that merely names one ("level: sentence, paragraph, whole conversation") asks for nothing.
 */
function asksForModelContext(description: string, lower: string): boolean {
  if (!mentions(lower, INTERNAL_NEEDLES) || !MODEL_INTERNAL.test(description)) return false;
  return SECOND_PERSON.test(description) || DIRECTIVE.test(description) || ACQUIRE.test(description);
}

function outOfScope(name: string, schema: Record<string, unknown>, contextOfTool: () => ParameterContext): boolean {
  const description = typeof schema.description === "string" ? schema.description : "";
  if (description.length === 0 && !/_|[a-z][A-Z]|-/.test(name)) return false;
  const lower = description.toLowerCase();
  if (mentions(lower, ASKS_NEEDLES) && ASKS_CALLER_ABOUT_ITSELF.test(description)) return true;
  if (readsSecrets(description, lower)) return true;
  const key = name.replace(/-/g, "_");
  const channel = CONTEXT_CHANNEL_NAMES.test(key);
  const identity = !channel && IDENTITY_NAMES.test(key) && !isSelector(schema, description);
  if (!channel && !identity && !asksForModelContext(description, lower)) return false;
  // A summarize_chat(chat_history) tool names its input in its purpose; an add(a, b, system_prompt) does not.
  const context = contextOfTool();
  const named = nameWords(name).every((w) => context.purposeWords.has(w));
  return !named && !context.drivesModel;
}

/** The parameters without the flagged top-level ones (and their `required` entries); null when one is nested. */
function withoutProperties(parameters: unknown, names: readonly string[]): Record<string, unknown> | null {
  if (names.some((n) => n.includes(".") || n.includes("[]"))) return null;
  const schema = parameters as Record<string, unknown>;
  const properties = { ...(schema.properties as Record<string, unknown>) };
  for (const name of names) delete properties[name];
  const out: Record<string, unknown> = { ...schema, properties };
  if (Array.isArray(schema.required)) out.required = schema.required.filter((r) => !names.includes(r as string));
  return out;
}

export function checkOutOfScopeParameters(tool: CheckTool): Finding[] {
  let context: ParameterContext | null = null;
  const contextOfTool = () => {
    context ??= contextOf(tool);
    return context;
  };
  const spans: TextSpan[] = [];
  for (const prop of schemaProperties(tool.parameters)) {
    if (!outOfScope(prop.name, prop.schema, contextOfTool)) continue;
    const description = typeof prop.schema.description === "string" ? prop.schema.description : "";
    spans.push({
      field: `parameters.${prop.path}`,
      start: 0,
      end: description.length,
      text: `${prop.name}: ${description}`,
    });
  }
  if (spans.length === 0) return [];
  const paths = spans.map((s) => s.field.slice("parameters.".length));
  const parameters = withoutProperties(tool.parameters, paths);
  const fix: FindingFix | undefined = parameters
    ? {
        label: `Remove ${paths.length === 1 ? "the parameter" : "the parameters"} ${paths.join(", ")}`,
        patch: { parameters },
      }
    : undefined;
  return [
    makeFinding(
      "safety/out-of-scope-parameter",
      tool.id,
      `Parameter ${paths.join(", ")} asks for the model's identity, instructions, conversation, credentials or local files, which this tool's purpose does not need. Remove it.`,
      { spans },
      fix,
    ),
  ];
}
