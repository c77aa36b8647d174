const NOT_ASCII = /[^\x00-\x7f]/;

/** True when every character is ASCII: most search text, which the analysis can then take by faster paths. */
export function isAscii(text: string): boolean {
  return !NOT_ASCII.test(text);
}
