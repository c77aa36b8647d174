// The real MCP server packages the contract test imports (devDependencies), each started over stdio with
// `node` on its package's bin: no npx, no network, nothing downloaded. Environment values are placeholders
// where a server wants a key at start-up; listing tools never uses them.
import { readFileSync } from "node:fs";
import path from "node:path";

// Read from node_modules directly: some packages' `exports` do not expose their package.json.
const dirOf = (pkg: string) => path.join(process.cwd(), "node_modules", pkg);
const manifestOf = (pkg: string) =>
  JSON.parse(readFileSync(path.join(dirOf(pkg), "package.json"), "utf8")) as {
    version: string;
    bin: string | Record<string, string>;
  };

export interface RealMcpServer {
  /** The npm package. */
  pkg: string;
  args: string[];
  env: Record<string, string>;
}

/** The path of a package's bin script (its package.json `bin`, first or only entry). */
export function binOf(pkg: string): string {
  const { bin } = manifestOf(pkg);
  return path.join(dirOf(pkg), typeof bin === "string" ? bin : Object.values(bin)[0]!);
}

export const versionOf = (pkg: string) => manifestOf(pkg).version;

export function realMcpServers(workDir: string): RealMcpServer[] {
  return [
    { pkg: "@modelcontextprotocol/server-everything", args: ["stdio"], env: {} },
    { pkg: "@modelcontextprotocol/server-filesystem", args: [workDir], env: {} },
    {
      pkg: "@modelcontextprotocol/server-memory",
      args: [],
      env: { MEMORY_FILE_PATH: path.join(workDir, "memory.jsonl") },
    },
    { pkg: "@modelcontextprotocol/server-sequential-thinking", args: [], env: { DISABLE_THOUGHT_LOGGING: "true" } },
    // Lists its tools without starting a browser (it launches one on the first browser tool call only).
    { pkg: "@playwright/mcp", args: ["--headless", "--isolated"], env: {} },
    { pkg: "@notionhq/notion-mcp-server", args: [], env: { NOTION_TOKEN: "ntn_placeholder" } },
    { pkg: "@antv/mcp-server-chart", args: [], env: {} },
    { pkg: "@amap/amap-maps-mcp-server", args: [], env: { AMAP_MAPS_API_KEY: "placeholder" } },
  ];
}
