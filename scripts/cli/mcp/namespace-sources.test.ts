// A namespace's recorded source as an upstream server of `stockroom mcp` (the command's test runs one end to end).
import { describe, expect, it } from "vitest";
import type { Source } from "../../../domain/sources";
import { entryOfSource } from "./namespace-sources";
import { resolveUpstream, sourcesResolver } from "./upstream-routes";

const source = (fields: Partial<Source>): Source => ({
  namespaceId: "ns_1",
  namespace: "crm",
  kind: "mcp-stdio",
  url: null,
  headers: [],
  command: null,
  args: [],
  env: [],
  file: null,
  tagsAsNamespaces: false,
  mcpServer: null,
  exposure: "deferred",
  revision: 1,
  lastSyncedAt: null,
  syncIntervalMinutes: null,
  nextSyncAt: null,
  lastCheckedAt: null,
  lastCheckError: null,
  changed: null,
  ...fields,
});

describe("entryOfSource", () => {
  it("starts a stdio source here, passing the variables it names from this machine's environment", () => {
    const entry = entryOfSource(source({ command: "npx", args: ["-y", "crm-mcp"], env: ["CRM_KEY"] }));
    expect(entry).toEqual({ command: "npx", args: ["-y", "crm-mcp"], env: { CRM_KEY: "${CRM_KEY}" } });
  });

  it("reaches an HTTP source by URL with its headers, and says why one with a secret header cannot be used", () => {
    const header = { name: "X-Team", secret: false, value: "blue", set: true };
    const http = source({ kind: "mcp-http", url: "https://mcp.example.com/crm", headers: [header] });
    expect(entryOfSource(http)).toEqual({ url: "https://mcp.example.com/crm", headers: { "X-Team": "blue" } });
    const sealed = { name: "Authorization", secret: true, value: null, set: true };
    expect(entryOfSource({ ...http, headers: [header, sealed] })).toMatch(
      /secret header Authorization, which never leaves the Stockroom server: add "crm" to the servers file/,
    );
  });

  it("ignores sources that are not MCP servers", () => {
    expect(entryOfSource(source({ kind: "openapi", url: "https://api.example.com/openapi.json" }))).toBeNull();
    expect(entryOfSource(source({ kind: "file", file: "tools.json" }))).toBeNull();
  });
});

describe("sourcesResolver", () => {
  it("routes a tool by its namespace's source, after the resolvers before it", () => {
    const entry = { command: "crm-mcp", args: [], env: {} };
    const tool = { id: "crm.find", namespace: "crm", spec: { name: "find" } } as Parameters<
      ReturnType<typeof sourcesResolver>
    >[0];
    const resolvers = [sourcesResolver(new Map([["crm", entry]]))];
    expect(resolveUpstream(tool, resolvers)).toEqual({ key: "source:crm", name: "crm", entry, toolName: "find" });
    expect(resolveUpstream({ ...tool, namespace: "billing" }, resolvers)).toBeNull();
    const local = { key: "local:crm", name: "crm", entry, toolName: "find" };
    expect(resolveUpstream(tool, [() => local, ...resolvers])).toBe(local);
  });
});
