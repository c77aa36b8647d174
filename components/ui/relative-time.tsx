"use client";

import { Tooltip } from "radix-ui";
import { exactTime, timeAgo } from "@/components/tokens/format-time";

/** The one date format: relative ("3 minutes ago"), the exact UTC time on hover and focus. */
export function RelativeTime({ date }: { date: Date }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        {/* The server's "now" differs from the browser's by the time the page takes to arrive. */}
        <time dateTime={date.toISOString()} tabIndex={0} suppressHydrationWarning className="cursor-help underline decoration-stone-300 decoration-dotted underline-offset-2">
          {timeAgo(date)}
        </time>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={4} className="z-50 rounded bg-stone-900 px-2 py-1 text-xs text-white shadow">
          {exactTime(date)}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
