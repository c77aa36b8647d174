import { z } from "zod";

/** The kinds of change a catalog's history can be filtered by: the first part of an event's action. */
export const AUDIT_TYPES = ["tool", "namespace", "golden", "snapshot", "agent_token", "catalog"] as const;
export const auditTypeSchema = z.enum(AUDIT_TYPES);
export type AuditType = (typeof AUDIT_TYPES)[number];
export const AUDIT_TYPE_LABELS: Record<AuditType, string> = {
  tool: "Tools",
  namespace: "Namespaces",
  golden: "Golden queries",
  snapshot: "Publishing",
  agent_token: "Agent tokens",
  catalog: "Catalog settings and imports",
};
