import { exactTime, timeAgo } from "./format-time";

/**
 * A time as the app shows every time: relative, the absolute UTC time on hover and to assistive tech.
 * Server and client may render a minute apart; the server's text is kept (suppressHydrationWarning).
 */
export function RelativeTime({ date, className = "" }: { date: Date; className?: string }) {
  const exact = exactTime(date);
  return (
    <time
      dateTime={date.toISOString()}
      title={exact}
      className={`cursor-help underline decoration-stone-300 decoration-dotted underline-offset-2 ${className}`}
      suppressHydrationWarning
    >
      {timeAgo(date)}
    </time>
  );
}
