import { URL_ENV, type ExampleRequest, type ExampleVariant } from "./example-request";

/** A POSIX shell single-quoted word. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A header as a double-quoted word, so `$STOCKROOM_TOKEN` expands; `"` in an ETag value stays literal. */
function headerArg(name: string, value: string): string {
  return `-H "${name}: ${value.replace(/(["\\`])/g, "\\$1")}"`;
}

function requestLines(request: ExampleRequest, extraHeaders: string[] = []): string[] {
  const lines = [`curl -sS${request.method === "GET" ? "" : ` -X ${request.method}`} "$${URL_ENV}${request.path}"`];
  for (const header of request.headers) lines.push(headerArg(header.name, header.value));
  lines.push(...extraHeaders);
  if (request.body !== undefined) {
    lines.push(headerArg("Content-Type", "application/json"), `--data ${shellQuote(JSON.stringify(request.body))}`);
  }
  return lines;
}

const join = (lines: string[]) => lines.join(" \\\n  ");

/**
 * curl for one variant. Compressed variants pass `--compressed` (curl decodes what it asked for) with the one
 * encoding named, and report the encoding and the bytes on the wire to stderr (`%header{}` needs curl 7.84+).
 */
export function curlExample(request: ExampleRequest, variant: ExampleVariant): string {
  if (variant === "gzip" || variant === "br") {
    const comment = `# Asks for ${variant}; --compressed makes curl decode it. JSON to stdout, the encoding to stderr.`;
    const report = "-w '%{stderr}Content-Encoding: %header{content-encoding}, %{size_download} bytes on the wire\\n'";
    return `${comment}\n${join(requestLines(request, ["--compressed", `-H "Accept-Encoding: ${variant}"`, report]))}`;
  }
  if (variant === "revalidate") {
    const first = join([...requestLines(request), "-o /dev/null -D -"]);
    const again = join([...requestLines(request, ['-H "If-None-Match: $ETAG"']), "-o /dev/null -w '%{http_code}\\n'"]);
    return [
      "# Keep the ETag of the copy you hold (here: fetched now)...",
      `ETAG=$(${first} | sed -n 's/^[Ee][Tt][Aa][Gg]: *//p' | tr -d '\\r')`,
      "# ...and send it back: 304 (no body) while it is current, 200 with the new one after a publish.",
      again,
    ].join("\n");
  }
  return join(requestLines(request));
}
