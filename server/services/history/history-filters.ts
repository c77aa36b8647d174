import { z } from "zod";

/** The kinds of change the History tab filters by, each the action prefix its events share. */
export const HISTORY_TYPES = ["tools", "namespaces", "golden", "publishing", "catalog", "tokens", "members"] as const;
export const historyTypeSchema = z.enum(HISTORY_TYPES);
export type HistoryType = (typeof HISTORY_TYPES)[number];

export const HISTORY_TYPE_LABELS: Record<HistoryType, string> = {
  tools: "Tools",
  namespaces: "Namespaces",
  golden: "Golden queries",
  publishing: "Publishing",
  catalog: "Catalog settings and imports",
  tokens: "Agent tokens",
  members: "Members",
};

export const HISTORY_TYPE_PREFIXES: Record<HistoryType, string> = {
  tools: "tool.",
  namespaces: "namespace.",
  golden: "golden.",
  publishing: "snapshot.",
  catalog: "catalog.",
  tokens: "agent_token.",
  members: "member.",
};
