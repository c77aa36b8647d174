"use client";

import { useState } from "react";

export interface Segment {
  text: string;
  term?: string;
}

/**
 * The effective search text with matched words marked; long texts are clamped until expanded (to one line, the
 * button beside it, when compact: a result card).
 */
export function HighlightedText({
  segments,
  label,
  isCompact = false,
}: {
  segments: Segment[];
  label: string;
  isCompact?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const length = segments.reduce((sum, s) => sum + s.text.length, 0);
  const isLong = length > (isCompact ? 90 : 320);
  const isClamped = isLong && !isOpen;
  return (
    <div className={isCompact && isClamped ? "flex items-baseline gap-2" : ""}>
      <p
        aria-label={label}
        className={`font-mono text-xs leading-relaxed text-stone-600 ${isClamped ? (isCompact ? "line-clamp-1 min-w-0 flex-1 break-all" : "line-clamp-3 whitespace-pre-wrap") : "whitespace-pre-wrap"}`}
      >
        {segments.map((segment, i) =>
          segment.term ? (
            <mark key={i} title={`matches “${segment.term}”`} className="rounded-sm bg-amber-200 px-0.5 text-stone-900">
              {segment.text}
            </mark>
          ) : (
            <span key={i}>{segment.text}</span>
          ),
        )}
      </p>
      {isLong && (
        <button
          type="button"
          onClick={() => setOpen(!isOpen)}
          className={`${isCompact && isClamped ? "shrink-0" : "mt-1"} text-xs text-stone-500 underline hover:text-stone-800`}
        >
          {isOpen ? "Show less" : isCompact ? "Whole search text" : "Show the whole search text"}
        </button>
      )}
    </div>
  );
}
