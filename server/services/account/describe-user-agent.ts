/** Browser families, most specific first (Edge and Opera say "Chrome" too, Chrome says "Safari"). */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bFirefox\/(\d+)/, "Firefox"],
  [/\bFxiOS\/(\d+)/, "Firefox"],
  [/\bCriOS\/(\d+)/, "Chrome"],
  [/\bHeadlessChrome\/(\d+)/, "Headless Chrome"],
  [/\bChrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/\bcurl\/(\d+)/, "curl"],
  [/\bnode(?:-fetch)?\b|\bundici\b/i, "Node.js"],
  [/\bpython-requests\/(\d+)|\bPython-urllib\/(\d+)/, "Python"],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows NT\b/, "Windows"],
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * "Firefox 128 on Linux" from a User-Agent header: a label for a person to recognise their own devices by, not
 * an identification (any client can send any string). Unknown agents are "Unknown browser".
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text));
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  let name = "Unknown browser";
  if (browser) {
    const match = browser[0].exec(text)!;
    const version = match.slice(1).find(Boolean);
    name = version ? `${browser[1]} ${version}` : browser[1];
  }
  return system ? `${name} on ${system}` : name;
}
