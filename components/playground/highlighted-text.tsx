"use client";

import { useState } from "react";

export interface Segment {
  text: string;
  term?: string;
}

/** The effective search text with matched words marked; long texts are clamped until expanded. */
export function HighlightedText({ segments, label }: { segments: Segment[]; label: string }) {
  const [isOpen, setOpen] = useState(false);
  const length = segments.reduce((sum, s) => sum + s.text.length, 0);
  const isLong = length > 320;
  return (
    <div>
      <p
        aria-label={label}
        className={`font-mono text-xs leading-relaxed whitespace-pre-wrap text-stone-600 ${isLong && !isOpen ? "line-clamp-3" : ""}`}
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
          className="mt-1 text-xs text-stone-500 underline hover:text-stone-800"
        >
          {isOpen ? "Show less" : "Show the whole search text"}
        </button>
      )}
    </div>
  );
}
