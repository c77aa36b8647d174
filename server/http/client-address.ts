import ipaddr from "ipaddr.js";
import { CLIENT_ADDRESS_HEADER, type TrustedRange } from "../trusted-proxies";

export { CLIENT_ADDRESS_HEADER, parseTrustedProxies, type TrustedRange } from "../trusted-proxies";

/** IPv4-mapped IPv6 (`::ffff:10.0.0.1`, how Node reports IPv4 peers on a dual-stack socket) as plain IPv4. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.parse(text);
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, trusted: readonly TrustedRange[]): boolean {
  return trusted.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

/**
 * Who sent a request: the socket's peer, unless that peer is a proxy the operator listed — then the nearest
 * `X-Forwarded-For` hop (from the right) that is not one of those proxies. A client cannot choose its own
 * address by sending the header: from an unlisted peer it is ignored.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: readonly TrustedRange[],
): string {
  const direct = peer ? parseAddress(peer) : null;
  if (!direct) return peer ?? "unknown";
  if (!isTrusted(direct, trusted) || !forwardedFor) return direct.toString();
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  let nearest = direct;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!);
    if (!hop) break; // a garbled hop: trust nothing to its left
    nearest = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return nearest.toString();
}

interface NodeRequestLike {
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
}

/** Replaces any client-sent CLIENT_ADDRESS_HEADER with the real one. */
export function setClientAddressHeader(req: NodeRequestLike, trusted: readonly TrustedRange[]): void {
  const forwarded = req.headers["x-forwarded-for"];
  const forwardedFor = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req.socket.remoteAddress, forwardedFor, trusted);
}

/**
 * Headers that name the host, scheme or port a client asked for. Next.js builds `request.url` from them and the
 * CSRF check (guards.ts) compares origins with X-Forwarded-Host, so like X-Forwarded-For they are believed only
 * from a proxy the operator listed.
 */
export const PROXY_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"] as const;

/** True when the socket's peer is one of the operator's proxies (STOCKROOM_TRUSTED_PROXIES). */
export function isTrustedPeer(peer: string | undefined, trusted: readonly TrustedRange[]): boolean {
  const address = peer ? parseAddress(peer) : null;
  return address !== null && isTrusted(address, trusted);
}

/**
 * What `scripts/serve.mjs` runs on every request before anything reads it: the client's address from the socket
 * (or X-Forwarded-For from a listed proxy), and the proxy host headers dropped unless a listed proxy sent them.
 */
export function applyProxyHeaders(req: NodeRequestLike, trusted: readonly TrustedRange[]): void {
  setClientAddressHeader(req, trusted);
  if (isTrustedPeer(req.socket.remoteAddress, trusted)) return;
  for (const name of PROXY_HOST_HEADERS) delete req.headers[name];
}
