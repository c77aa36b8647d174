/** Text with `inline code` spans, as the OpenAPI descriptions write them. */
export function Prose({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null;
  return (
    <span className={className}>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith("`") && part.endsWith("`") ? (
          <code key={i} className="rounded bg-stone-100 px-1 font-mono text-[0.85em] text-stone-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </span>
  );
}
