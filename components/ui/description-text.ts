/** The first paragraph of a description, however the text starts (leading newlines, blank lines, indentation). */
export function firstParagraph(text: string): string {
  const paragraphs = text.trim().split(/\n\s*\n/);
  return (paragraphs[0] ?? "").replace(/\s*\n\s*/g, " ").trim();
}

/** True when the first paragraph leaves something out: more paragraphs, or one too long for the clamp. */
export function hasMoreThanFirstParagraph(text: string, clampChars = 180): boolean {
  const trimmed = text.trim();
  return firstParagraph(trimmed).length > clampChars || /\n\s*\n/.test(trimmed);
}
