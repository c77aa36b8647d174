import type { ReactNode } from "react";

export const EXPOSURE_STYLE = {
  direct: "bg-emerald-100 text-emerald-800",
  deferred: "bg-sky-100 text-sky-800",
  hidden: "bg-stone-200 text-stone-700",
} as const;

export function ExposureBadge({ exposure }: { exposure: keyof typeof EXPOSURE_STYLE }) {
  return <span className={`rounded px-2 py-0.5 text-xs ${EXPOSURE_STYLE[exposure]}`}>{exposure}</span>;
}

export const inputClass =
  "w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm focus:border-stone-500 focus:outline-none";
export const buttonClass = "rounded bg-stone-900 px-3 py-1.5 text-sm text-white hover:bg-stone-700 disabled:opacity-50";
export const secondaryButtonClass =
  "rounded border border-stone-300 bg-white px-3 py-1.5 text-sm text-stone-800 hover:bg-stone-100 disabled:opacity-50";
/** The native "Choose file" button styled like the others, so it reads as a button in both themes. */
export const fileInputClass =
  "block text-sm text-stone-700 file:mr-3 file:rounded file:border file:border-stone-300 file:bg-white file:px-3 file:py-1 file:text-sm file:text-stone-800 hover:file:bg-stone-100";

/** A labelled form field with its error (role=alert so screen readers and tests find it next to the field). */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-stone-500">{hint}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700" data-field-error={htmlFor}>
          {error}
        </p>
      )}
    </div>
  );
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5 shadow-sm" aria-label={title}>
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h3 className="text-base font-semibold">{title}</h3>
        {aside}
      </div>
      <div className="space-y-4">{children}</div>
    </section>
  );
}
