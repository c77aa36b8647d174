// Identifier splitting for tool names and search text: snake_case, kebab-case, dotted.paths,
// camelCase and PascalCase (acronyms too: "HTTPServer" → "HTTP Server"). A camel-cased word is kept
// whole as well ("GitHub" → "GitHub Git Hub"), so brand names still match when written in one piece.

const CAMEL_LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const HAS_CAMEL = /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const WORD = /[\p{L}\p{N}]+/gu;
const SEPARATORS = /[_\-./:\\|+=~#@$%^&*<>()[\]{}"`,;!?]+/g;

function splitCamel(word: string): string {
  if (!HAS_CAMEL.test(word)) return word;
  return `${word} ${word.replace(CAMEL_LOWER_UPPER, "$1 $2").replace(CAMEL_ACRONYM, "$1 $2")}`;
}

/** Spaces between the parts of identifiers; other text is left as it is. */
export function splitIdentifiers(text: string): string {
  return text.replace(SEPARATORS, " ").replace(WORD, splitCamel);
}
