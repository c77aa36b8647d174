// Typed values in a request: a URL, an e-mail address, a file name (README, .gitignore too), an owner/repo, a #channel or an @user says what kind of thing the
// request is about even when no word does ("what does this say? https://…" is about a web page).
// The stockroom profile turns each into a concept word and keeps only the informative part of the
// value (a URL's host, a file's name), not ids and query strings that match nothing.

export interface QueryEntities {
  /** The text with each value replaced by its informative words. */
  text: string;
  /** Concept words for the values found, in order of first appearance. */
  concepts: string[];
}

const URL = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// A path (/a/b, ~/a, ./a, C:\a) or a word with a file extension (report.pdf, deploy.yml).
const PATH =
  /(?<![\p{L}\p{N}])(?:~|\.{1,2}|[A-Za-z]:)?(?:[\\/][\p{L}\p{N}._-]+)+[\\/]?|(?<![\p{L}\p{N}.])\.?[\p{L}\p{N}_-]+\.(?:[a-z][a-z0-9]{0,4})(?![\p{L}\p{N}])/gu;
// "#general" names a channel (or a tag); "#204" is a number and stays as it is. "@dana" names a user.
const CHANNEL = /(?<![\p{L}\p{N}&#])#[\p{L}_][\p{L}\p{N}_-]*/gu;
const MENTION = /(?<![\p{L}\p{N}@])@[\p{L}_][\p{L}\p{N}_.-]*/gu;
// "owner/repo" (acme/api, vercel/next.js) names a repository; "feature/login" is a branch, "notes/todo.md" a file.
const OWNER_REPO = /(?<![\p{L}\p{N}_.\/~-])([A-Za-z0-9][\w.-]*)\/[A-Za-z][\w-]*(?:\.js)?(?![\w\/.])/gu;
// Files people name without an extension: README, Dockerfile, .gitignore.
const KNOWN_FILES =
  /(?<![\p{L}\p{N}.\/])(?:readme|dockerfile|makefile|changelog|procfile|gemfile|jenkinsfile|\.gitignore|\.env|\.npmrc|\.bashrc|\.zshrc)(?![\p{L}\p{N}.])/giu;
const BRANCH_PREFIXES = new Set(["feature", "feat", "release", "hotfix", "bugfix", "fix", "origin"]);
const NOT_FILE_EXTENSIONS = new Set(["com", "org", "net", "io", "dev", "ai", "app", "co", "js", "ts"]);

// A quoted value ('fix typo', "deploy done", “Q4 plan”) and the name after "called" / "named" are what
// the request carries, not what it asks for: their words are dropped. A quote that holds most of the
// request is the request itself, quoted.
const QUOTED = /(?<![\p{L}\p{N}])(?:'[^'\n]+'|"[^"\n]+"|“[^”\n]+”|‘[^’\n]+’)(?![\p{L}\p{N}])/gu;
const NAMED = /\b(?:called|named|titled)\s+[^\s,;:!?]+/giu;

export function extractEntities(text: string): QueryEntities {
  const concepts: string[] = [];
  text = text.replace(QUOTED, (quoted) => (quoted.length * 2 > text.length ? quoted : " ")).replace(NAMED, " ");
  const note = (word: string) => {
    if (!concepts.includes(word)) concepts.push(word);
  };
  let out = text.replace(URL, (url) => {
    note("url");
    const host = url.replace(/^(?:https?:\/\/)?(?:www\.)?/i, "").split(/[/?#:]/)[0] ?? "";
    return ` ${host.split(".").slice(0, -1).join(" ")} `;
  });
  out = out.replace(EMAIL, () => {
    note("email");
    return " ";
  });
  out = out.replace(CHANNEL, (value) => {
    note("channel");
    return ` ${value.slice(1)} `;
  });
  out = out.replace(MENTION, (value) => {
    note("user");
    return ` ${value.slice(1)} `;
  });
  out = out.replace(OWNER_REPO, (value, owner: string) => {
    if (BRANCH_PREFIXES.has(owner.toLowerCase())) return value;
    note("repository");
    return ` ${value.replace(/[\/._-]+/g, " ")} `;
  });
  const file = (value: string) => {
    const extension = value.includes("/") || value.includes("\\") ? "" : (value.split(".").pop() ?? "").toLowerCase();
    if (extension && NOT_FILE_EXTENSIONS.has(extension)) return value;
    note("file");
    return ` ${value.replace(/[\\/._-]+/g, " ")} `;
  };
  out = out.replace(KNOWN_FILES, file).replace(PATH, file);
  return { text: out, concepts };
}
