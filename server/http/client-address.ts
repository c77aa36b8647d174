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

/** What a connection's peer is: its address as the client address header writes it, and whether it is a listed proxy. */
interface PeerView {
  remoteAddress: string | undefined;
  trusted: readonly TrustedRange[];
  address: string;
  isProxy: boolean;
}

// A keep-alive connection sends many requests from one peer: its address is parsed and checked against the
// proxy list once per connection, not per request (that parse was a tenth of a snapshot revalidation's CPU time).
const peerViews = new WeakMap<object, PeerView>();

function peerViewOf(socket: NodeRequestLike["socket"], trusted: readonly TrustedRange[]): PeerView {
  const known = peerViews.get(socket);
  if (known && known.remoteAddress === socket.remoteAddress && known.trusted === trusted) return known;
  const { remoteAddress } = socket;
  const direct = remoteAddress ? parseAddress(remoteAddress) : null;
  const view: PeerView = {
    remoteAddress,
    trusted,
    address: direct ? direct.toString() : (remoteAddress ?? "unknown"),
    isProxy: direct !== null && isTrusted(direct, trusted),
  };
  peerViews.set(socket, view);
  return view;
}

/** Replaces any client-sent CLIENT_ADDRESS_HEADER with the real one. */
function setClientAddressFrom(req: NodeRequestLike, peer: PeerView, trusted: readonly TrustedRange[]): void {
  const forwarded = req.headers["x-forwarded-for"];
  req.headers[CLIENT_ADDRESS_HEADER] =
    peer.isProxy && forwarded
      ? clientAddressOf(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(",") : forwarded, trusted)
      : peer.address;
}

/**
 * Headers that name the host, scheme or port a client asked for. Next.js builds `request.url` from them and the
 * CSRF check (guards.ts) compares origins with X-Forwarded-Host, so like X-Forwarded-For they are believed only
 * from a proxy the operator listed.
 */
export const PROXY_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"] as const;

/**
 * What every request goes through before anything reads it (the node:http front of `npm start`, and
 * `scripts/serve.mjs` until the front is attached): the client's address from the socket (or X-Forwarded-For from
 * a listed proxy), and the proxy host headers dropped unless a listed proxy sent them.
 */
export function applyProxyHeaders(req: NodeRequestLike, trusted: readonly TrustedRange[]): void {
  const peer = peerViewOf(req.socket, trusted);
  setClientAddressFrom(req, peer, trusted);
  if (peer.isProxy) return;
  for (const name of PROXY_HOST_HEADERS) if (req.headers[name] !== undefined) delete req.headers[name];
}
