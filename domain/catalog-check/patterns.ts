// The phrase patterns the safety rules combine. Each is a structural part of an instruction (a directive frame,
// a secret, a destination, a transfer), not a list of known payloads: a rule fires when two parts meet in one
// sentence, which is what separates an instruction to the model from a description of the tool.

/** Framing that addresses the model: preconditions, obligations, "pass it as the X parameter". */
export const DIRECTIVE = new RegExp(
  [
    String.raw`\b(before|prior to|after)\s+(using|calling|invoking|running|executing|you (use|call|run))\b`,
    String.raw`\b(you must|you should|you need to|you have to|must (first|always|also)|always|make sure|be sure to|ensure (that )?you|do not forget|remember to)\b`,
    String.raw`\bit is (required|mandatory|necessary|essential|critical|important) (to|that)\b`,
    String.raw`\botherwise\b[^.!?\n]{0,60}\b(not work|fail|break|error|crash|refuse)`,
    String.raw`\b(pass|put|include|insert|append|provide|add|send|attach|copy|paste|fill)\b[^.!?\n]{0,60}\b(as|in|into|inside|within)\s+(the\s+)?[\x60'"]?\w+[\x60'"]?\s*(parameter|argument|field|param|arg)\b`,
    String.raw`\bpass (its|their|the|this|that) (content|contents|value|text)\b`,
  ].join("|"),
  "i",
);

/** Where secrets and client configuration live on a machine. */
export const SECRET_LOCATION =
  /~[\\/]\.\w|\$HOME[\\/]\.|\.ssh\b|\bid_(rsa|dsa|ecdsa|ed25519)\b|\.aws[\\/]credentials|(^|[\s`'"(/])\.env\b|\bmcp\.json\b|claude_desktop_config|\.cursor[\\/]|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials|\/etc\/(passwd|shadow)\b|\.kube[\\/]config|\.docker[\\/]config\.json|\bwallet\.dat\b|\.gnupg\b|\bkeychain\b|\.(bash|zsh)_history\b|(^|[\s\x60'"(/~])\.(bashrc|zshrc|profile|pgpass)\b|\b(credentials|secrets?|service[-_]account)\.(json|ya?ml|toml)\b|\bprocess\.env\b|\bos\.environ\b|\bprintenv\b|\$\{?[A-Z][A-Z0-9_]*_(KEY|TOKEN|SECRET|PASSWORD|PASS|PWD)\}?/i;

/** Secrets by name. */
export const SECRET_WORD =
  /\b(private keys?|ssh keys?|api[ _-]?keys?|access tokens?|auth(entication)? tokens?|bearer tokens?|passwords?|passphrases?|credentials|secrets?|seed phrases?|mnemonics?|session cookies?|environment variables|env vars?)\b/i;

/** Where a secret would be taken from without the user typing it. */
export const FROM_MACHINE =
  /\b(from|in|of|inside)\s+(the\s+|your\s+|any\s+)?(environment|env|config(uration)?( files?)?|disk|local (machine|files?|system|disk)|home (directory|folder)|file ?system|memory|context|workspace)\b/i;

/** The model's own context: its instructions, its conversation, its identity, its tools. */
export const MODEL_INTERNAL = new RegExp(
  [
    String.raw`\b(your|the|its) system (prompt|message|instructions)\b`,
    String.raw`\bsystem prompt\b`,
    String.raw`\b(your|the current|the ongoing|this) (conversation|chat|session) (history|context|log|transcript)\b`,
    String.raw`\byour (conversation|chat)s?\b`,
    String.raw`\b(all|every) (the )?(previous|prior|earlier|past) (messages|turns|prompts)\b`,
    String.raw`\b(messages?|conversation|chat) (so far|until now|up to now)\b`,
    String.raw`\byour (instructions|guidelines|rules|context|memory|model name|identity|reasoning)\b`,
    String.raw`\b(the )?(full|entire|whole|complete) (conversation|chat history|context window)\b`,
    String.raw`\b(which|what) (model|llm|ai) you are\b`,
    String.raw`\b(list of|all) (your |the )?(available|other) tools\b`,
  ].join("|"),
  "i",
);

/** Taking something in: a read verb, or asking for a file's content to be handed over (as a parameter does). */
export const ACQUIRE =
  /\b(read|reads|reading|cat|open|load|get|collect|gather|extract|retrieve|fetch|dump|grab|access|copy|include|includes|including|paste|provide|supply|attach|submit|contents?\s+of|(full\s+)?text\s+of)\b/i;

/**
 * Handing data on, in any tense or voice ("must be sent to", "forwarded to"), by giving it to someone, or through a
 * tool whose name is such a verb (`send_message`, `forward_email`).
 */
export const TRANSFER =
  /\b(send|sends|sending|sent|forward|forwards|forwarding|forwarded|post|posted|upload|uploaded|transmit|transmitted|e-?mail|e-?mailed|bcc|cc|share|shared|report|reported|leak|leaked|exfiltrate|relay|relayed|copy|copied|mirror|mirrored|deliver|delivered|redirect|redirected|route|routed|(give|gives|given|hand|hands|handed)\s+(it|them|this|that|these|those|everything|all)\s+(\w+\s+)?to)\b|\b(send|forward|post|upload|share|relay|email|mail|message|text|sms)_\w+/i;

/** A step after the tool's own work: what an appended instruction needs in place of "always" or "must". */
export const SEQUENCE =
  /\b(then|afterwards?|after that|after this|next|finally|once (done|finished|complete|it returns))\b|^\s*use\s+\x60?[a-z]+_[a-z_]+\x60?\s+to\b/i;

/** A literal place data could go: an e-mail address, a URL, a phone number, an IP address. */
export const DESTINATION =
  /[\w.+-]+@[\w-]+(\.[\w-]+)+|\bhttps?:\/\/[^\s"'<>)]+|\+\d[\d\s().-]{7,}\d|\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/gi;

/** Documentation-only hosts (RFC 2606, RFC 5737) and local ones: a destination there is an example, not a target. */
export const EXAMPLE_HOST =
  /(^|[@./])(example\.(com|org|net)|[\w-]+\.(example|test|invalid|localhost)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.\d+|198\.51\.100\.\d+|203\.0\.113\.\d+)\b/i;

export const QUANTIFIER = /\b(all|every|each|any|always|also|additionally|as well|in addition)\b/i;

/** Tags that claim authority over the model. */
export const AUTHORITY_TAG =
  /<\s*\/?\s*(important|information|info|system|sys|instructions?|secret|hidden|admin|override|sudo|critical|priority|assistant|developer|root|urgent|attention|note_to_(ai|assistant|model))\s*>/i;
/** An all-capitals tag like <CONTEXT> or <NOTE>: a block meant for the model. */
export const CAPS_TAG = /<\s*\/?\s*([A-Z][A-Z_]{3,})\s*>/;
export const HTML_COMMENT = /<!--([\s\S]*?)-->/;
export const BRACKET_MARKER =
  /\[\s*(SYSTEM|INST|ADMIN|IMPORTANT|HIDDEN|INSTRUCTIONS?)\s*\]|^#{1,3}\s*(SYSTEM|IMPORTANT|INSTRUCTIONS?)\b/m;
/** Text pushed out of view: after 8 empty lines, or after a run of 40 spaces. */
export const PADDING = /\S[ \t\u00a0]{40,}\S|(\r?\n[ \t]*){9,}\S/;

export const SECOND_PERSON = /\b(you|your|yourself)\b/i;

/** Literal pieces one of which every secret location contains (a cheap test before the pattern). */
export const LOCATION_NEEDLES = [
  "~",
  ".ssh",
  "id_",
  ".aws",
  ".env",
  "mcp.json",
  "claude_desktop",
  ".cursor",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".git-cred",
  "/etc/",
  ".kube",
  ".docker",
  "wallet.dat",
  ".gnupg",
  "keychain",
  "$home",
  "_history",
  "rc",
  ".profile",
  ".pgpass",
  "credentials.",
  "secret",
  "service",
  "process.env",
  "os.environ",
  "printenv",
  "$",
];
/** Literal pieces one of which every MODEL_INTERNAL match contains. */
export const INTERNAL_NEEDLES = [
  "system",
  "conversation",
  "chat",
  "session",
  "messages",
  "turns",
  "prompts",
  "so far",
  "until now",
  "up to now",
  "your ",
  "context",
  "model",
  "llm",
  " ai ",
  "tools",
];
/** Whether the lower-cased text contains one of the needles: a cheap test before a long pattern. */
export const mentions = (lower: string, needles: readonly string[]) => needles.some((n) => lower.includes(n));
