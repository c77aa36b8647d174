// Small closed word classes the quality and safety rules share. They name kinds of action (what a tool does to
// its object), not payloads: they do not grow with the attacks seen.

/** Verbs a tool name or first sentence uses for its action. */
export const ACTION_VERBS = new Set(
  (
    "add analyze annotate append apply approve archive ask assign attach authenticate authorize book build calculate call " +
    "cancel capture change check classify clear click clone close commit compare compile compose compute configure " +
    "connect convert copy count create crop debug decode decrypt delete deploy describe detect diff disable download " +
    "draft drop duplicate edit enable encode encrypt end enqueue estimate evaluate execute explain export extract fetch " +
    "fill filter find fix follow fork format forward generate geocode get give grant hover import index inspect install " +
    "invite invoke join label launch link list load lock log login logout lookup look make manage mark merge modify " +
    "monitor move navigate notify open optimize order parse pause pay perform pin plan play plot post predict preview " +
    "print process provision publish pull purchase push put query queue rank read reboot recommend record redeploy " +
    "refresh register reject release reload remove rename render reopen reply report request reserve reset resize " +
    "resolve restart restore resume retrieve return revert review revoke rewrite rollback run save scan schedule " +
    "scrape screenshot search select send set share show sign simulate sort speak split start stop store stream " +
    "submit subscribe suggest summarize swap switch sync tag take test track train transcribe transfer transform " +
    "translate trigger unarchive unassign unfollow uninstall unlock unpin unsubscribe update upgrade upload upsert " +
    "validate verify view visualize vote wait watch write"
  ).split(" "),
);

/** Actions that change state somewhere (the tool is not read-only). */
export const WRITE_VERBS = new Set(
  (
    "add append apply approve archive assign attach book cancel change clear close commit create delete deploy disable " +
    "drop duplicate edit enable enqueue fork grant import install invite label lock mark merge modify move order pay " +
    "pin post provision publish purchase push put queue reboot redeploy register reject release remove rename reopen " +
    "reply reserve reset resize restart restore resume revert revoke rollback save schedule send set share sign start " +
    "stop store submit subscribe swap sync tag transfer trigger unarchive unassign unfollow uninstall unlock unpin " +
    "unsubscribe update upgrade upload upsert vote write"
  ).split(" "),
);

/** Actions that destroy or overwrite something (MCP destructiveHint). */
export const DESTRUCTIVE_VERBS = new Set(
  "delete remove drop destroy purge erase wipe truncate overwrite revoke kill terminate reset uninstall cancel".split(
    " ",
  ),
);

/** Names that say nothing about the object: a tool named only with these does not stand apart. */
export const GENERIC_NAME_WORDS = new Set(
  (
    "search query run execute exec get fetch call invoke do process handle api request action tool tools helper " +
    "utility util main test data info general generic universal default function func command cmd task operation " +
    "perform lookup find use manage service"
  ).split(" "),
);

const inflectedMemo = new WeakMap<ReadonlySet<string>, Map<string, string>>();

/** Every inflected form (creates, created, creating, …) of a verb class → its base, built once per class. */
function inflected(verbs: ReadonlySet<string>): Map<string, string> {
  let forms = inflectedMemo.get(verbs);
  if (!forms) {
    forms = new Map();
    for (const verb of verbs) {
      const stem = verb.endsWith("e") ? verb.slice(0, -1) : verb;
      const y = verb.endsWith("y") && !/[aeiou]y$/.test(verb) ? verb.slice(0, -1) : null;
      const candidates = [verb, `${verb}s`, `${verb}es`, `${stem}ed`, `${stem}ing`, `${verb}ed`, `${verb}ing`];
      if (y) candidates.push(`${y}ies`, `${y}ied`);
      if (/[^aeiou][aeiou][bdgklmnprt]$/.test(verb))
        candidates.push(`${verb}${verb.at(-1)}ed`, `${verb}${verb.at(-1)}ing`);
      for (const form of candidates) if (!forms.has(form)) forms.set(form, verb);
    }
    inflectedMemo.set(verbs, forms);
  }
  return forms;
}

/** The base verb of `word` in the class (create for "creates", "created", "creating"), or null. */
export function asVerb(word: string, verbs: ReadonlySet<string>): string | null {
  return inflected(verbs).get(word) ?? null;
}
