import type { CheckSeverity } from "@/domain/catalog-check/index";

const STYLE: Record<CheckSeverity, string> = {
  error: "bg-red-100 text-red-800",
  warning: "bg-amber-100 text-amber-900",
  info: "bg-stone-200 text-stone-700",
};

export function SeverityBadge({ severity }: { severity: CheckSeverity }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${STYLE[severity]}`}>{severity}</span>;
}
