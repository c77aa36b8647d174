import { URL_ENV, type ExampleRequest, type ExampleVariant } from "./example-request";

const ts = (text: string) => JSON.stringify(text);
const env = (name: string) => `process.env.${name}`;

function headersObject(request: ExampleRequest, extra: Record<string, string>): string {
  const entries = request.headers.map((h) =>
    h.env ? `${ts(h.name)}: \`${h.prefix ?? ""}\${${env(h.env)}}\`` : `${ts(h.name)}: ${ts(h.value)}`,
  );
  if (request.body !== undefined) entries.push(`"Content-Type": "application/json"`);
  for (const [name, value] of Object.entries(extra)) entries.push(`${ts(name)}: ${value}`);
  return `{ ${entries.join(", ")} }`;
}

function init(request: ExampleRequest, headers: string): string {
  const parts = [...(request.method === "GET" ? [] : [`method: ${ts(request.method)}`]), `headers: ${headers}`];
  if (request.body !== undefined) parts.push(`body: JSON.stringify(${JSON.stringify(request.body)})`);
  return `{ ${parts.join(", ")} }`;
}

const urlLine = (request: ExampleRequest) => `const url = \`\${${env(URL_ENV)}}${request.path}\`;`;
const FAIL = "if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);";

/**
 * `fetch` (Node 18+, Deno, Bun). Node's fetch decodes gzip and br itself; browsers pick the encoding and do not
 * let a page set Accept-Encoding, so the compressed variants are for server-side agents.
 */
export function fetchExample(request: ExampleRequest, variant: ExampleVariant): string {
  if (variant === "revalidate") {
    return [
      urlLine(request),
      `const headers = ${headersObject(request, {})};`,
      "// Keep the ETag of the copy you hold (here: fetched now)...",
      "const first = await fetch(url, { headers });",
      'const etag = first.headers.get("etag") ?? "";',
      "// ...and send it back: 304 (no body) while it is current, 200 with the new one after a publish.",
      'const again = await fetch(url, { headers: { ...headers, "If-None-Match": etag } });',
      "console.log(again.status);",
    ].join("\n");
  }
  // Node's fetch asks for gzip by default; identity says so explicitly where the endpoint negotiates.
  const negotiates = request.variants.includes("gzip");
  const encoding: Record<string, string> =
    variant === "identity"
      ? negotiates
        ? { "Accept-Encoding": ts("identity") }
        : {}
      : { "Accept-Encoding": ts(variant) };
  const lines = [
    urlLine(request),
    `const response = await fetch(url, ${init(request, headersObject(request, encoding))});`,
    FAIL,
  ];
  if (variant !== "identity")
    lines.push('console.error("Content-Encoding:", response.headers.get("content-encoding"));');
  lines.push("console.log(JSON.stringify(await response.json(), null, 2));");
  return lines.join("\n");
}

/** The @stockroom/sdk call an operation names in `x-sdk`, or null when the SDK has none for it. */
export function sdkExample(request: ExampleRequest, variant: ExampleVariant): string | null {
  const call =
    variant === "identity" ? request.sdk?.call : variant === "revalidate" ? request.sdk?.revalidate : undefined;
  if (!request.sdk || !call) return null;
  const functions = [
    ...new Set([request.sdk.call, request.sdk.revalidate ?? ""].flatMap((text) => /^\s*(\w+)\(/.exec(text)?.[1] ?? [])),
  ];
  const token = request.headers.find((h) => h.env)?.env;
  const fields = [`url: ${env(URL_ENV)}!`, ...(token ? [`token: ${env(token)}!`] : [])];
  for (const [name, value] of Object.entries(request.pathParams))
    if (name === "team" || name === "catalog") fields.push(`${name}: ${ts(value)}`);
  const lines = [
    `import { ${functions.join(", ")} } from "@stockroom/sdk";`,
    "",
    `const target = { ${fields.join(", ")} };`,
  ];
  if (variant === "revalidate") {
    lines.push("// The SDK verifies the content hash; keep the verified snapshot and revalidate with its hash.");
    lines.push(
      `const fetched = await ${request.sdk.call};`,
      'if (fetched.status !== "ok") throw new Error("expected a snapshot");',
    );
    lines.push(
      "const held = fetched.snapshot;",
      `const result = await ${call};`,
      'console.log(result.status); // "not-modified" while current',
    );
  } else {
    lines.push(`const result = await ${call};`, "console.log(result);");
  }
  return lines.join("\n");
}
