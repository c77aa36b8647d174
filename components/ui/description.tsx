"use client";

import { useState } from "react";
import { firstParagraph, hasMoreThanFirstParagraph } from "./description-text";

/**
 * A tool description as lists show it: the first paragraph, clamped to two lines, the whole text on demand.
 * 105 of the demo's 724 descriptions start with a newline, so "the first line" would be blank.
 */
export function Description({ text, className = "" }: { text: string; className?: string }) {
  const [isOpen, setOpen] = useState(false);
  const summary = firstParagraph(text);
  const hasMore = hasMoreThanFirstParagraph(text);
  if (!summary) return <span className={`text-sm text-muted italic ${className}`}>No description</span>;
  return (
    <div className={`text-sm ${className}`}>
      {isOpen ? (
        <p className="whitespace-pre-line break-words">{text.trim()}</p>
      ) : (
        <p className="line-clamp-2 break-words">{summary}</p>
      )}
      {hasMore && (
        <button type="button" onClick={() => setOpen(!isOpen)} aria-expanded={isOpen} className="mt-0.5 text-xs text-muted underline-offset-2 hover:text-fg hover:underline">
          {isOpen ? "Show less" : "Show all"}
        </button>
      )}
    </div>
  );
}
