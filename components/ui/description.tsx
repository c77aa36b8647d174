"use client";

import { useEffect, useRef, useState } from "react";
import { firstParagraph, hasMoreParagraphs, hasMoreThanFirstParagraph } from "./description-text";
import { Highlight } from "./highlight";

/** Whether the clamped paragraph cuts text off at its current width; null until measured (the server guesses). */
function useIsClamped(summary: string) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [isClamped, setClamped] = useState<boolean | null>(null);
  useEffect(() => {
    const paragraph = ref.current;
    if (!paragraph) return;
    const measure = () => setClamped(paragraph.scrollHeight > paragraph.clientHeight + 1);
    // The observer reports the paragraph's first size itself, after the browser's own layout: measuring here as
    // well forced a layout per description mounted, the costliest step of a fast scroll through the tool list.
    const observer = new ResizeObserver(measure);
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [summary]);
  return { ref, isClamped };
}

/**
 * A tool description as lists show it: the first paragraph, clamped to two lines (one when compact), the whole text
 * on demand.
 * 105 of the demo's 724 descriptions start with a newline, so "the first line" would be blank.
 */
export function Description({
  text,
  highlight,
  className = "",
  compact = false,
}: {
  text: string;
  highlight?: string;
  className?: string;
  /** One line with "Show all" beside it (dense tables), instead of two lines with it below. */
  compact?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const summary = firstParagraph(text);
  const { ref, isClamped } = useIsClamped(isOpen ? "" : summary);
  // Before measuring, guess from the length; then "Show all" appears exactly when the clamp hides something.
  const hasMore = isOpen || hasMoreParagraphs(text) || (isClamped ?? hasMoreThanFirstParagraph(text));
  if (!summary) return <span className={`text-sm text-stone-500 italic ${className}`}>No description</span>;
  return (
    <div className={`text-sm ${compact && !isOpen ? "flex items-baseline gap-2" : ""} ${className}`}>
      {isOpen ? (
        <p className="whitespace-pre-line break-words">
          <Highlight text={text.trim()} needle={highlight} />
        </p>
      ) : (
        <p ref={ref} className={compact ? "line-clamp-1 min-w-0 flex-1 break-words" : "line-clamp-2 break-words"}>
          <Highlight text={summary} needle={highlight} />
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={() => setOpen(!isOpen)}
          aria-expanded={isOpen}
          className={`${compact && !isOpen ? "shrink-0" : "mt-0.5"} text-xs text-stone-500 underline-offset-2 hover:text-stone-900 hover:underline`}
        >
          {isOpen ? "Show less" : "Show all"}
        </button>
      )}
    </div>
  );
}
