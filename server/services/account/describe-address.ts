import ipaddr from "ipaddr.js";

/**
 * A session's address as a person reads it. better-auth keeps an IPv6 client's /64 network only (its rate limits
 * count per network), stored fully expanded: that is shown compressed with its prefix (`2001:db8:1:2::/64`);
 * IPv4 and anything else as stored.
 */
export function describeAddress(stored: string | null): string | null {
  if (!stored || !ipaddr.IPv6.isValid(stored)) return stored;
  const address = ipaddr.IPv6.parse(stored);
  const lowHalfEmpty = address.parts.slice(4).every((part) => part === 0);
  return lowHalfEmpty ? `${address.toString()}/64` : address.toString();
}
