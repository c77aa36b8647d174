// Output of `stockroom check`: JSON lines, readable text, GitHub workflow commands or SARIF 2.1.0.
import { type CheckTool, type Finding, RULES } from "../../domain/catalog-check/index";

export const OUTPUT_FORMATS = ["text", "github", "sarif"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface CheckedTool {
  tool: CheckTool;
  /** The tool's line in a --tools file. */
  line?: number;
}

type FindingsOf = (tool: CheckTool) => Finding[];

function jsonLines(tools: readonly CheckedTool[], findingsOf: FindingsOf): string {
  return tools
    .map(({ tool }) =>
      JSON.stringify({
        id: tool.id,
        findings: findingsOf(tool).map((f) => ({
          rule: f.rule,
          severity: f.severity,
          category: f.category,
          ...(f.component ? { component: f.component } : {}),
          message: f.message,
        })),
      }),
    )
    .join("\n");
}

function text(tools: readonly CheckedTool[], findingsOf: FindingsOf): string {
  const counts = { error: 0, warning: 0, info: 0 };
  const blocks = tools.flatMap(({ tool }) => {
    const findings = findingsOf(tool);
    if (findings.length === 0) return [];
    for (const f of findings) counts[f.severity]++;
    return [`${tool.id}\n${findings.map((f) => `  ${f.severity.padEnd(7)} ${f.rule}: ${f.message}`).join("\n")}`];
  });
  const summary = `${tools.length} tools checked: ${counts.error} errors, ${counts.warning} warnings, ${counts.info} notes`;
  return [...blocks, summary].join("\n");
}

/** GitHub Actions workflow commands; data escaped as the runner expects (%, CR, LF; and , : in properties). */
function github(tools: readonly CheckedTool[], findingsOf: FindingsOf, file?: string): string {
  const data = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const property = (s: string) => data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  const level = { error: "error", warning: "warning", info: "notice" } as const;
  return tools
    .flatMap(({ tool, line }) =>
      findingsOf(tool).map((f) => {
        const where = file ? `file=${property(file)},${line ? `line=${line},` : ""}` : "";
        return `::${level[f.severity]} ${where}title=${property(`${f.rule} ${tool.id}`)}::${data(f.message)}`;
      }),
    )
    .join("\n");
}

function sarif(tools: readonly CheckedTool[], findingsOf: FindingsOf, file?: string): string {
  const level = { error: "error", warning: "warning", info: "note" } as const;
  const results = tools.flatMap(({ tool, line }) =>
    findingsOf(tool).map((f) => ({
      ruleId: f.rule,
      level: level[f.severity],
      message: { text: f.message },
      locations: [
        {
          ...(file
            ? {
                physicalLocation: { artifactLocation: { uri: file }, ...(line ? { region: { startLine: line } } : {}) },
              }
            : {}),
          logicalLocations: [{ fullyQualifiedName: tool.id, kind: "function" }],
        },
      ],
    })),
  );
  const rules = RULES.map((r) => ({
    id: r.id,
    shortDescription: { text: r.summary },
    defaultConfiguration: { level: level[r.severity] },
    properties: { category: r.category, ...("component" in r ? { component: r.component } : {}) },
  }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "stockroom check", rules } }, results }],
  };
  return JSON.stringify(log, null, 2);
}

export function formatFindings(
  format: OutputFormat | "json",
  tools: readonly CheckedTool[],
  findingsOf: FindingsOf,
  file?: string,
): string {
  const body =
    format === "json"
      ? jsonLines(tools, findingsOf)
      : format === "github"
        ? github(tools, findingsOf, file)
        : format === "sarif"
          ? sarif(tools, findingsOf, file)
          : text(tools, findingsOf);
  return body.length > 0 ? `${body}\n` : "";
}
