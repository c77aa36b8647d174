import "server-only";
import type { McpImportSettings } from "../../env";
import { AppError } from "../../errors";

/** How to import from a local stdio server without the Stockroom host running anything (shown in refusals and the UI). */
export const CLI_IMPORT_HINT =
  "Import from your own machine instead: `npm run -s stockroom -- import --url <Stockroom URL> --team <team> --catalog <catalog> -- <command> <args…>` " +
  "with an agent token that has the import scope (Agent tokens tab).";

/**
 * Variables that change what an allowed program loads or runs (a preload library, Node's --import/--require,
 * a module path), so an allowed command name would no longer bound what starts.
 */
const LOADER_ENV =
  /^(LD_|DYLD_|NODE_OPTIONS$|NODE_PATH$|PATH$|PYTHONPATH$|PYTHONSTARTUP$|PERL5OPT$|PERL5LIB$|RUBYOPT$|BASH_ENV$|ENV$)/i;

/**
 * The gate before the server starts a user-given command: stdio import is off unless the operator lists the
 * exact command name in STOCKROOM_STDIO_COMMANDS (run without a shell), and its environment may not redirect
 * what that command loads.
 */
export function assertStdioAllowed(command: string, env: Record<string, string>, settings: McpImportSettings): void {
  if (settings.stdioCommands.length === 0) {
    throw new AppError(
      "FORBIDDEN",
      "This Stockroom server does not start MCP server commands (it would run them on the server's host). " +
        `${CLI_IMPORT_HINT} An operator can allow chosen commands with STOCKROOM_STDIO_COMMANDS (e.g. npx,uvx).`,
    );
  }
  if (!settings.stdioCommands.includes(command)) {
    throw new AppError(
      "FORBIDDEN",
      `"${command}" is not one of the commands this server may start (${settings.stdioCommands.join(", ")}). ${CLI_IMPORT_HINT}`,
      { fields: { command: `Allowed here: ${settings.stdioCommands.join(", ")}.` } },
    );
  }
  const loader = Object.keys(env).find((name) => LOADER_ENV.test(name));
  if (loader !== undefined) {
    const message = `${loader} cannot be set for a command started on the server: it changes what the command loads.`;
    throw new AppError("FORBIDDEN", message, { fields: { env: message } });
  }
}

/** The one message for every network failure of an HTTP import, so open, closed and silent ports read alike. */
export function unreachableMessage(url: string, timeoutMs: number): string {
  return (
    `Could not reach an MCP server at ${url} (the connection failed, or nothing answered as an MCP server within ` +
    `${timeoutMs / 1000} s). Check the URL: it is the server's Streamable HTTP endpoint, often ending in /mcp.`
  );
}

export const BLOCKED_ADDRESS_MESSAGE =
  "Stockroom does not connect to loopback, private, link-local or other non-public addresses, and this URL leads to one. " +
  "An operator can allow them with STOCKROOM_ALLOW_PRIVATE_NETWORKS=1; or import from your own machine with `stockroom import`.";
