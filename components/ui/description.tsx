"use client";

import { useState } from "react";
import { firstParagraph, hasMoreThanFirstParagraph } from "./description-text";
import { Highlight } from "./highlight";

/**
 * A tool description as lists show it: the first paragraph, clamped to two lines, the whole text on demand.
 * 105 of the demo's 724 descriptions start with a newline, so "the first line" would be blank.
 */
export function Description({
  text,
  highlight,
  className = "",
}: {
  text: string;
  highlight?: string;
  className?: string;
}) {
  const [isOpen, setOpen] = useState(false);
  const summary = firstParagraph(text);
  const hasMore = hasMoreThanFirstParagraph(text);
  if (!summary) return <span className={`text-sm text-stone-500 italic ${className}`}>No description</span>;
  return (
    <div className={`text-sm ${className}`}>
      {isOpen ? (
        <p className="whitespace-pre-line break-words">
          <Highlight text={text.trim()} needle={highlight} />
        </p>
      ) : (
        <p className="line-clamp-2 break-words">
          <Highlight text={summary} needle={highlight} />
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={() => setOpen(!isOpen)}
          aria-expanded={isOpen}
          className="mt-0.5 text-xs text-stone-500 underline-offset-2 hover:text-stone-900 hover:underline"
        >
          {isOpen ? "Show less" : "Show all"}
        </button>
      )}
    </div>
  );
}
