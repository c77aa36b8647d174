import "server-only";
import type { NamespaceSource } from "@prisma/client";
import { getMcpImportSettings } from "../../env";
import { AppError } from "../../errors";
import { fetchMcpTools } from "../import/fetch-mcp-tools";
import { BLOCKED_ADDRESS_MESSAGE } from "../import/live-import-policy";
import { anyAddress, createGuardedFetch, isBlockedAddress, publicOnly } from "../import/mcp-network";
import { parseJsonText, parseToolSource, SourceFormatError, type ParsedSource } from "../import/parse-tool-source";
import { isOpenApiDocument, parseOpenApiText, readOpenApiSource } from "./openapi-tools";
import { openHeaders } from "./sources";

/** An OpenAPI document Stockroom reads from a URL may be this large (GitHub's REST description is about 13 MB). */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;

/** What the CLI sends for a source it reads on the user's machine: the document, and the server's own name. */
export interface SentDocument {
  document: unknown;
  serverName?: string | null;
}

export interface Upstream {
  source: ParsedSource;
  /** The MCP server the tools belong to (MCP kinds), as recorded or as the server names itself. */
  mcpServer: string | null;
}

const formatError = (error: unknown) => {
  if (error instanceof SourceFormatError)
    throw new AppError("UNPROCESSABLE", error.message, { fields: { source: error.message } });
  throw error;
};

/** Reads an OpenAPI document from its URL, under the network rules of live MCP imports, at most 32 MB. */
async function fetchDocumentText(url: string): Promise<string> {
  const policy = getMcpImportSettings().allowPrivateNetworks ? anyAddress : publicOnly;
  const guarded = createGuardedFetch(policy, 5_000);
  try {
    const response = await guarded.fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new AppError("UNPROCESSABLE", `${url} answered HTTP ${response.status}; check the URL.`);
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_DOCUMENT_BYTES) throw new AppError("UNPROCESSABLE", `${url} is over 32 MB.`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_DOCUMENT_BYTES) throw new AppError("UNPROCESSABLE", `${url} is over 32 MB.`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isBlockedAddress(error)) throw new AppError("FORBIDDEN", BLOCKED_ADDRESS_MESSAGE);
    throw new AppError("UNPROCESSABLE", `Could not read ${url} (${(error as Error).message}); check the URL.`);
  } finally {
    await guarded.close().catch(() => {});
  }
}

/** A tools file, or an OpenAPI document given as a file. */
async function readDocument(row: NamespaceSource, document: unknown): Promise<ParsedSource> {
  if (row.kind === "openapi" || isOpenApiDocument(document))
    return readOpenApiSource(document, { tagsAsNamespaces: row.tagsAsNamespaces });
  return parseToolSource(parseJsonText(JSON.stringify(document)));
}

function assertSent(row: NamespaceSource, sent: SentDocument | undefined): asserts sent is SentDocument {
  if (sent?.document !== undefined) return;
  const what = row.kind === "mcp-stdio" ? "starts the MCP server on your machine" : "reads the file on your machine";
  throw new AppError(
    "UNPROCESSABLE",
    `This source is synced with the CLI, which ${what}: \`stockroom sync --namespace <namespace>\` (Agent tokens tab for a token).`,
  );
}

/**
 * What the source lists now. Stockroom reads an HTTP MCP server and an OpenAPI URL itself (secret headers opened
 * here, never sent back); a stdio server, a file and an OpenAPI file are read by the CLI, which sends the document.
 */
export async function readUpstream(row: NamespaceSource, sent?: SentDocument): Promise<Upstream> {
  const readsItself = row.kind === "mcp-http" || (row.kind === "openapi" && row.url !== null);
  if (readsItself && sent?.document !== undefined && !(row.kind === "openapi" && row.file))
    throw new AppError("INVALID_INPUT", "Stockroom reads this source from its URL itself; send no document.");
  try {
    if (row.kind === "mcp-http") {
      const listed = await fetchMcpTools({ transport: "http", url: row.url!, headers: openHeaders(row) });
      const source = parseToolSource(parseJsonText(listed.text));
      return { source, mcpServer: row.mcpServer ?? listed.serverName };
    }
    if (row.kind === "openapi" && sent?.document === undefined && row.url) {
      const document = parseOpenApiText(await fetchDocumentText(row.url));
      return { source: await readOpenApiSource(document, { tagsAsNamespaces: row.tagsAsNamespaces }), mcpServer: null };
    }
    assertSent(row, sent);
    const source = await readDocument(row, sent.document);
    return { source, mcpServer: row.kind === "mcp-stdio" ? (row.mcpServer ?? sent.serverName ?? null) : null };
  } catch (error) {
    return formatError(error);
  }
}
