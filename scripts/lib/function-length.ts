import ts from "typescript";

/**
 * A function's length as a reader sees it: the lines from its first to its last, with every nested function's body
 * folded (as an editor folds it: the body's first line stays, the rest goes to the nested function), and blank and
 * comment-only lines not counted. So a `describe` callback counts its own lines and one line per `it(...)`, each `it`
 * callback counts its own body.
 */
export type FunctionLength = { line: number; name: string; lines: number; exempt: boolean };

/** `// function-length: <reason>` on the line before a function exempts it. */
const EXEMPTION = /^\s*\/\/\s*function-length:\s*\S/;

type FunctionNode = ts.FunctionLikeDeclaration & { body: ts.Node };

function isFunctionWithBody(node: ts.Node): node is FunctionNode {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)) &&
    node.body !== undefined
  );
}

function lineOf(file: ts.SourceFile, pos: number): number {
  return file.getLineAndCharacterOfPosition(pos).line;
}

/** The 0-based lines that hold code: a token with non-blank text (comments are trivia, `{/* … *\/}` in JSX skipped). */
function codeLines(file: ts.SourceFile): Set<number> {
  const lines = new Set<number>();
  const visit = (node: ts.Node): void => {
    if (ts.isJSDoc(node) || (ts.isJsxExpression(node) && node.expression === undefined)) return;
    const children = node.getChildren(file);
    if (children.length > 0) {
      for (const child of children) visit(child);
      return;
    }
    const start = node.getStart(file);
    const first = lineOf(file, start);
    node
      .getText(file)
      .split("\n")
      .forEach((segment, i) => {
        if (segment.trim() !== "") lines.add(first + i);
      });
  };
  visit(file);
  return lines;
}

function nameOf(file: ts.SourceFile, fn: FunctionNode): string {
  if (fn.name) return fn.name.getText(file);
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(file);
  }
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return parent.parent.name.getText(file);
  if (ts.isCallExpression(parent)) {
    const label = parent.arguments[0];
    const title = label && ts.isStringLiteralLike(label) ? `(${JSON.stringify(label.text)})` : "";
    return `${parent.expression.getText(file)}${title} callback`;
  }
  return "<anonymous>";
}

/** Every function in a source file with its reader's length. */
export function measureFunctions(fileName: string, text: string): FunctionLength[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const code = codeLines(file);
  const sourceLines = text.split("\n");
  const results: FunctionLength[] = [];

  /** Collects the functions directly inside `node` (not inside a nested function), measuring each on the way. */
  const directFunctions = (node: ts.Node, found: FunctionNode[]): void => {
    ts.forEachChild(node, (child) => {
      if (isFunctionWithBody(child)) {
        found.push(child);
        measure(child);
      } else {
        directFunctions(child, found);
      }
    });
  };

  const measure = (fn: FunctionNode): void => {
    const nested: FunctionNode[] = [];
    directFunctions(fn.body, nested);
    const first = lineOf(file, fn.getStart(file));
    const last = lineOf(file, fn.end);
    const folded = new Set<number>();
    for (const inner of nested) {
      const bodyEnd = lineOf(file, inner.body.end);
      for (let line = lineOf(file, inner.body.getStart(file)) + 1; line <= bodyEnd; line++) folded.add(line);
    }
    let lines = 0;
    for (let line = first; line <= last; line++) if (code.has(line) && !folded.has(line)) lines++;
    const exempt = first > 0 && EXEMPTION.test(sourceLines[first - 1] ?? "");
    results.push({ line: first + 1, name: nameOf(file, fn), lines, exempt });
  };

  directFunctions(file, []);
  return results.sort((a, b) => a.line - b.line);
}
