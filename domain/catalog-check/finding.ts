import { ruleInfo, type RuleId } from "./rules";
import type { Finding, FindingEvidence, FindingFix } from "./types";

/** A finding of `rule` (category, severity and component come from the rule table). */
export function makeFinding(
  rule: RuleId,
  toolId: string,
  message: string,
  evidence: FindingEvidence,
  fix?: FindingFix,
): Finding {
  const info = ruleInfo(rule);
  return {
    toolId,
    rule,
    category: info.category,
    severity: info.severity,
    ...(info.component ? { component: info.component } : {}),
    message,
    evidence,
    ...(fix ? { fix } : {}),
  };
}
