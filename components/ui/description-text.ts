/** The first paragraph of a description, however the text starts (leading newlines, blank lines, indentation). */
export function firstParagraph(text: string): string {
  const paragraphs = text.trim().split(/\n\s*\n/);
  return (paragraphs[0] ?? "").replace(/\s*\n\s*/g, " ").trim();
}

/** True when the text has paragraphs after the first. */
export const hasMoreParagraphs = (text: string) => /\n\s*\n/.test(text.trim());

/**
 * True when the first paragraph leaves something out: more paragraphs, or one too long for the clamp. A guess from
 * the length, for the server's render; the browser measures the clamp itself (`Description`).
 */
export function hasMoreThanFirstParagraph(text: string, clampChars = 180): boolean {
  return firstParagraph(text).length > clampChars || hasMoreParagraphs(text);
}
