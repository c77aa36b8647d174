// The local `mcpServers` file `stockroom mcp --servers FILE` reads: the format Claude Desktop and Cursor use,
// `{ "mcpServers": { "<name>": { "command", "args", "env" } | { "url", "headers" } } }`. Values may name this
// machine's environment as `${VAR}` or `${env:VAR}` (Cursor's and VS Code's spelling), so secrets stay out of the file.
import { readFileSync } from "node:fs";
import { z } from "zod";

const stringMap = z.record(z.string(), z.string());

const stdioEntry = z.object({
  type: z.literal("stdio").optional(),
  command: z.string().min(1, "command must not be empty"),
  args: z.array(z.string()).default([]),
  env: stringMap.default({}),
  cwd: z.string().optional(),
});

const httpEntry = z.object({
  type: z.enum(["http", "streamable-http", "streamableHttp"]).optional(),
  url: z.url({ protocol: /^https?$/, error: "url must be an http(s) URL" }),
  headers: stringMap.default({}),
});

/** One server of the file; anything else Claude Desktop or Cursor keep there (`disabled`, …) is ignored. */
const serverEntry = z.union([stdioEntry, httpEntry], {
  error: 'each server needs either "command" (stdio) or "url" (Streamable HTTP)',
});

const serversFile = z.object({ mcpServers: z.record(z.string().min(1), serverEntry) });

export type StdioServerEntry = z.infer<typeof stdioEntry>;
export type HttpServerEntry = z.infer<typeof httpEntry>;
export type ServerEntry = StdioServerEntry | HttpServerEntry;
export type ServersConfig = Map<string, ServerEntry>;

export const isStdioEntry = (entry: ServerEntry): entry is StdioServerEntry => "command" in entry;

export class ServersConfigError extends Error {}

/** Parses the file's text; a problem names the file, the server and the field to fix. */
export function parseServersConfig(text: string, where: string): ServersConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ServersConfigError(`${where}: not JSON (${(error as Error).message})`);
  }
  const parsed = serversFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ServersConfigError(`${where}${at}: ${issue.message}`);
  }
  return new Map(Object.entries(parsed.data.mcpServers));
}

export function readServersConfig(file: string): ServersConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ServersConfigError(`${file}: ${(error as Error).message}`);
  }
  return parseServersConfig(text, file);
}

/** `${VAR}` / `${env:VAR}` replaced from `env`; a variable that is not set is an error naming it. */
export function expandEnvironment(
  values: Record<string, string>,
  env: Readonly<Record<string, string | undefined>>,
  server: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = value.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const found = env[name];
      if (found === undefined)
        throw new ServersConfigError(`MCP server "${server}": ${key} names \${${name}}, which is not set here`);
      return found;
    });
  }
  return out;
}
