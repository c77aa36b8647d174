/** What an example needs to know about an operation (a subset of the OpenAPI operation object). */
export interface ExampleOperation {
  parameters: Array<{ name: string; in: string }>;
  requestBody?: unknown;
}

/** Values the examples put into path parameters: the demo catalog, so they run as written against `npm start`. */
const SAMPLE: Record<string, string> = { team: "demo", catalog: "mcp-tools", version: "1" };

export const ENCODINGS = [
  { value: "br", note: "brotli: the smallest body (about half of gzip on snapshots); preferred when both are accepted" },
  { value: "gzip", note: "gzip: understood by every HTTP client" },
  { value: "identity", note: "no compression (what you get without Accept-Encoding)" },
] as const;

export function samplePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE[name] ?? `<${name}>`);
}

const hasHeader = (operation: ExampleOperation, name: string) => operation.parameters.some((p) => p.in === "header" && p.name === name);

/** curl, Python (requests) and TypeScript (fetch) for one operation; the token and base URL come from the environment. */
export function examplesFor(method: string, path: string, operation: ExampleOperation) {
  const url = samplePath(path);
  const verb = method.toUpperCase();
  const hasBody = operation.requestBody !== undefined;
  const conditional = hasHeader(operation, "If-None-Match");
  const curl = [
    `curl -sS --compressed${verb === "GET" ? "" : ` -X ${verb}`} \\`,
    `  -H "Authorization: Bearer $STOCKROOM_TOKEN" \\`,
    ...(hasBody ? [`  -H "Content-Type: application/json" -d '{}' \\`] : []),
    `  "$STOCKROOM_URL${url}"`,
  ].join("\n");
  const python = [
    "import os",
    "import requests  # decodes gzip itself, and br when the brotli package is installed",
    "",
    `response = requests.${method.toLowerCase()}(`,
    `    f"{os.environ['STOCKROOM_URL']}${url}",`,
    `    headers={"Authorization": f"Bearer {os.environ['STOCKROOM_TOKEN']}"},`,
    ...(hasBody ? ["    json={},"] : []),
    "    timeout=30,",
    ")",
    "response.raise_for_status()",
    "data = response.json()",
    ...(conditional ? ["etag = response.headers['ETag']  # send back as If-None-Match: 304 when unchanged"] : []),
  ].join("\n");
  const typescript = [
    `const response = await fetch(\`\${process.env.STOCKROOM_URL}${url}\`, {`,
    ...(verb === "GET" ? [] : [`  method: "${verb}",`]),
    `  headers: { authorization: \`Bearer \${process.env.STOCKROOM_TOKEN}\`${hasBody ? ', "content-type": "application/json"' : ""} },`,
    ...(hasBody ? ["  body: JSON.stringify({}),"] : []),
    "});",
    'if (!response.ok) throw new Error(`${response.status}: ${(await response.json()).error.message}`);',
    "const data = await response.json(); // fetch decodes br and gzip",
    ...(conditional ? ['const etag = response.headers.get("etag"); // send back as If-None-Match: 304 when unchanged'] : []),
  ].join("\n");
  const encodings = ENCODINGS.map(
    (e) => `# ${e.note}\ncurl -sS -H "Authorization: Bearer $STOCKROOM_TOKEN" -H "Accept-Encoding: ${e.value}" -o body.${e.value === "identity" ? "json" : `json.${e.value === "br" ? "br" : "gz"}`} "$STOCKROOM_URL${url}"`,
  ).join("\n\n");
  const revalidate = conditional
    ? `# A second request with the ETag of the first: 304 Not Modified, no body, while nothing changed\ncurl -sS -o /dev/null -w "%{http_code}\\n" -H "Authorization: Bearer $STOCKROOM_TOKEN" \\\n  -H 'If-None-Match: "sha256-…"' "$STOCKROOM_URL${url}"`
    : null;
  return { curl, python, typescript, encodings, revalidate };
}
