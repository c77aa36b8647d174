import ipaddr from "ipaddr.js";

// The operator's proxy list and the header that carries a request's client address: configuration that
// env.ts validates at start-up, auth reads and http/client-address.ts applies. Nothing here does I/O.

/** The header `scripts/serve.mjs` sets on every request from the socket (any value a client sent is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-stockroom-client-ip";

export type TrustedRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** IPs and CIDR ranges, comma-separated (`STOCKROOM_TRUSTED_PROXIES`); throws naming the first bad entry. */
export function parseTrustedProxies(text: string): TrustedRange[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      if (entry.includes("/")) {
        if (!ipaddr.isValidCIDR(entry)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
        return ipaddr.parseCIDR(entry);
      }
      if (!ipaddr.isValid(entry)) throw new Error(`"${entry}" is not an IP address or CIDR range`);
      const address = ipaddr.parse(entry);
      return [address, address.kind() === "ipv4" ? 32 : 128] as TrustedRange;
    });
}
