/** The text with every case-insensitive occurrence of `needle` marked (the tool list's search matches). */
export function Highlight({ text, needle }: { text: string; needle?: string }) {
  const term = needle?.trim();
  if (!term) return <>{text}</>;
  const lower = text.toLowerCase();
  const target = term.toLowerCase();
  const parts: Array<{ text: string; isMatch: boolean }> = [];
  let from = 0;
  for (let at = lower.indexOf(target); at >= 0; at = lower.indexOf(target, at + target.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), isMatch: false });
    parts.push({ text: text.slice(at, at + target.length), isMatch: true });
    from = at + target.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), isMatch: false });
  return (
    <>
      {parts.map((part, i) =>
        part.isMatch ? (
          <mark key={i} className="rounded-sm bg-amber-200 text-stone-900">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
