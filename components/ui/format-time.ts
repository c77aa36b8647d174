// The app's one date format: relative ("3 minutes ago") on screen, the absolute UTC time on hover.

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
];
const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 minutes ago", "yesterday", "in 2 hours"; "just now" within a minute either way. */
export function timeAgo(date: Date, now = Date.now()): string {
  const seconds = Math.round((now - date.getTime()) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return "just now";
  for (const [unit, length] of UNITS) {
    if (size >= length) return RELATIVE.format((seconds > 0 ? -1 : 1) * Math.floor(size / length), unit);
  }
  return "just now";
}

const ABSOLUTE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "1 Dec 2026, 19:40 UTC": the same on server and client, whatever their time zones. */
export const exactTime = (date: Date) => `${ABSOLUTE.format(date)} UTC`;
