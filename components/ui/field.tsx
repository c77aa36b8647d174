import type { ReactNode } from "react";

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
