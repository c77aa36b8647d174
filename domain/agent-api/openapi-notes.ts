// Descriptions the OpenAPI document adds to the snapshot schema's fields (openapi.ts attaches them by path).
/** Field notes for the snapshot format (docs/design.md, "Snapshot format"), attached by path without touching the shared schema. */
export const SNAPSHOT_NOTES: Record<string, string> = {
  format:
    "`stockroom.snapshot/v2` (contentHash over the RFC 8785 canonical form) for new versions; versions published " +
    "before are `stockroom.snapshot/v1` (integer-like keys first in the hashed form). The shape is the same.",
  engine: "The ranking settings the playground used: build the index with these to rank identically.",
  "engine.profile": "`stockroom` (default) or `codex-bm25` (reproduces Codex's bm25 crate).",
  "engine.defaultLimit": "Hits returned when tool_search gives no limit.",
  namespaces: "Namespaces that hold at least one tool, sorted by name.",
  tools: "Direct and deferred tools, sorted by id; hidden tools are left out.",
  "tools.id": "`namespace.name`, or `name` without a namespace; the id golden queries and rankings use.",
  "tools.exposure": "`direct`: sent on turn one. `deferred`: found through tool_search (only these are indexed).",
  "tools.fallback":
    "Deferred tools only: what a client without tool_search does (`direct` = send it, `hidden` = leave it out).",
  "tools.searchText": "The effective search text BM25 indexes; never shown to the model.",
  "tools.spec": "The model-facing function definition.",
  version: "Increments by one per publish; never reused.",
  publishedAt: "ISO 8601, UTC.",
  contentHash:
    "`sha256-<hex>` of the canonical JSON (keys sorted at every depth, no whitespace) of everything except contentHash. Also the ETag.",
};
