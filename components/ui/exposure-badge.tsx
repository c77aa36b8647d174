export const EXPOSURE_STYLE = {
  direct: "bg-emerald-100 text-emerald-800",
  deferred: "bg-sky-100 text-sky-800",
  hidden: "bg-stone-200 text-stone-700",
} as const;

export function ExposureBadge({ exposure }: { exposure: keyof typeof EXPOSURE_STYLE }) {
  return <span className={`rounded px-2 py-0.5 text-xs ${EXPOSURE_STYLE[exposure]}`}>{exposure}</span>;
}
