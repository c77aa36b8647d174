import { URL_ENV, type ExampleRequest, type ExampleVariant } from "./example-request";

/** A Python string literal (JSON's escapes are valid Python). */
const py = (text: string) => JSON.stringify(text);

function headersDict(request: ExampleRequest, extra: Record<string, string>): string {
  const entries = request.headers.map((h) =>
    h.env ? `${py(h.name)}: ${py(h.prefix ?? "")} + os.environ[${py(h.env)}]` : `${py(h.name)}: ${py(h.value)}`,
  );
  if (request.body !== undefined) entries.push(`"Content-Type": "application/json"`);
  for (const [name, value] of Object.entries(extra)) entries.push(`${py(name)}: ${py(value)}`);
  return `{${entries.join(", ")}}`;
}

function preamble(request: ExampleRequest, imports: string[]): string[] {
  const lines = [...new Set(["json", "os", "urllib.request", ...imports])].sort().map((name) => `import ${name}`);
  lines.push("", `url = os.environ[${py(URL_ENV)}] + ${py(request.path)}`);
  if (request.body !== undefined) lines.push(`data = ${py(JSON.stringify(request.body))}.encode()`);
  return lines;
}

function requestCall(request: ExampleRequest, headers: string): string {
  const data = request.body !== undefined ? ", data=data" : "";
  const method = request.method === "GET" ? "" : `, method=${py(request.method)}`;
  return `urllib.request.Request(url${data}, headers=${headers}${method})`;
}

/**
 * Python 3 with the standard library only (urllib), except Brotli, which it cannot decode. urllib raises
 * HTTPError for any status outside 2xx, 304 included, so the revalidation example catches it.
 */
export function pythonExample(request: ExampleRequest, variant: ExampleVariant): string {
  if (variant === "revalidate") {
    return [
      ...preamble(request, ["urllib.error"]),
      `headers = ${headersDict(request, {})}`,
      "# Keep the ETag of the copy you hold (here: fetched now)...",
      "with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:",
      '    etag = response.headers["ETag"]',
      "# ...and send it back: 304 (no body) while it is current, 200 with the new one after a publish.",
      "try:",
      '    with urllib.request.urlopen(urllib.request.Request(url, headers={**headers, "If-None-Match": etag})) as response:',
      "        print(response.status)",
      "except urllib.error.HTTPError as error:",
      "    if error.code != 304:",
      "        raise",
      "    print(error.code)",
    ].join("\n");
  }
  const compressed = variant === "gzip" || variant === "br";
  const decoder =
    variant === "br"
      ? ["brotli  # pip install brotli: the standard library has no Brotli decoder"]
      : variant === "gzip"
        ? ["gzip"]
        : [];
  const lines = [...preamble(request, [...decoder, ...(compressed ? ["sys"] : [])]), ""];
  lines.push(
    `request = ${requestCall(request, headersDict(request, compressed ? { "Accept-Encoding": variant } : {}))}`,
  );
  lines.push("with urllib.request.urlopen(request) as response:", "    body = response.read()");
  if (compressed) {
    const decode = variant === "br" ? "brotli.decompress(body)" : "gzip.decompress(body)";
    lines.push('    encoding = response.headers.get("Content-Encoding")');
    lines.push('    print("Content-Encoding:", encoding, file=sys.stderr)');
    lines.push(`    if encoding == ${py(variant)}:`, `        body = ${decode}`);
  }
  lines.push("print(json.dumps(json.loads(body), indent=2))");
  return lines.join("\n");
}
