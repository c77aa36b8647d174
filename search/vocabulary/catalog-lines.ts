// A catalog's own vocabulary lines, in one format: `words > targets` (directed), `a b c` (a group), `#` comments.
// A line whose left side is Chinese (or Japanese, Korean) is a glossary entry: `开票 发票 > create invoice` makes
// 开票 and 发票 mean "create invoice". Checked before they are saved, so a bad line is named, not ignored.
import { hasCjk } from "../analysis/cjk";

export const MAX_CATALOG_LINES = 300;
export const MAX_LINE_LENGTH = 200;

export interface CatalogLines {
  /** Thesaurus text (the English lines). */
  thesaurus: string;
  /** Glossary text in the packs' format (`中文|变体=english`). */
  glossary: string;
}

export interface LineProblem {
  line: number;
  message: string;
}

const stripComment = (raw: string) => raw.replace(/#.*/, "").trim();

/** Problems with the lines (empty when every line can be used). */
export function checkCatalogLines(text: string): LineProblem[] {
  const lines = text.split("\n");
  if (lines.length > MAX_CATALOG_LINES)
    return [{ line: MAX_CATALOG_LINES + 1, message: `at most ${MAX_CATALOG_LINES} lines` }];
  const problems: LineProblem[] = [];
  lines.forEach((raw, i) => {
    const line = stripComment(raw);
    if (line.length === 0) return;
    if (raw.length > MAX_LINE_LENGTH)
      problems.push({ line: i + 1, message: `longer than ${MAX_LINE_LENGTH} characters` });
    const parts = line.split(">");
    if (parts.length > 2) problems.push({ line: i + 1, message: "has more than one >" });
    else if (parts.length === 2 && (!parts[0]!.trim() || !parts[1]!.trim()))
      problems.push({ line: i + 1, message: "needs words on both sides of >" });
    else if (parts.length === 1 && hasCjk(line))
      problems.push({ line: i + 1, message: "a Chinese word needs its English meaning after >" });
    else if (parts.length === 1 && line.split(/\s+/).length < 2)
      problems.push({ line: i + 1, message: "a group needs at least two words (or use >)" });
  });
  return problems;
}

/** The lines as thesaurus and glossary text; lines `checkCatalogLines` would refuse are skipped. */
export function splitCatalogLines(text: string): CatalogLines {
  const thesaurus: string[] = [];
  const glossary: string[] = [];
  for (const raw of text.split("\n").slice(0, MAX_CATALOG_LINES)) {
    const line = stripComment(raw);
    if (line.length === 0) continue;
    const arrow = line.indexOf(">");
    const left = arrow >= 0 ? line.slice(0, arrow).trim() : line;
    if (hasCjk(left)) {
      if (arrow >= 0) glossary.push(`${left.split(/\s+/).join("|")}=${line.slice(arrow + 1).trim()}`);
    } else thesaurus.push(line);
  }
  return { thesaurus: thesaurus.join("\n"), glossary: glossary.join("\n") };
}
