import "server-only";
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";

/** Decides whether an outgoing connection to `address` (an IP, never a name) on `port` may be made. */
export type AddressPolicy = (address: string, port: number) => boolean;

/** Thrown (as a connection error) when a host resolves to an address the policy refuses. */
export class BlockedAddressError extends Error {
  readonly code = "STOCKROOM_BLOCKED_ADDRESS";
  constructor(readonly address: string) {
    super(`refused to connect to ${address}: not a public address`);
  }
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * True only for public unicast addresses: not loopback, RFC 1918, CGNAT (100.64/10), link-local (169.254/16,
 * where cloud metadata lives; fe80::/10), unique-local (fc00::/7), unspecified, multicast, broadcast or reserved.
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is; other IPv6 must be global (2000::/3),
 * which also leaves out NAT64, 6to4 and Teredo forms that could wrap a private IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== "unicast") return false;
  return parsed.kind() === "ipv4" || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export const publicOnly: AddressPolicy = (address) => isPublicAddress(address);
export const anyAddress: AddressPolicy = () => true;

type Connector = ReturnType<typeof buildConnector>;

function lookupAll(hostname: string): Promise<dns.LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dns.lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

/**
 * A connector that resolves the host itself, refuses the connection when any resolved address fails the policy,
 * then connects to the address it checked (so a DNS answer cannot change between the check and the connection)
 * and checks the socket's peer address once more. Every connection goes through it: redirects and retries too.
 */
function guardedConnector(policy: AddressPolicy, base: Connector): Connector {
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, "");
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    const connect = (address: string) =>
      base({ ...options, hostname: address }, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error("no socket"), null);
        const peer = socket.remoteAddress ?? "";
        if (!policy(peer, port)) {
          socket.destroy();
          return callback(new BlockedAddressError(peer), null);
        }
        callback(null, socket);
      });
    if (net.isIP(host)) {
      if (!policy(host, port)) return callback(new BlockedAddressError(host), null);
      connect(host);
      return;
    }
    lookupAll(host).then(
      (addresses) => {
        const blocked = addresses.find((a) => !policy(a.address, port));
        if (blocked) return callback(new BlockedAddressError(blocked.address), null);
        if (!addresses[0]) return callback(new Error(`${host} has no address`), null);
        connect(addresses[0].address);
      },
      (error: Error) => callback(error, null),
    );
  };
}

/**
 * A fetch whose every connection obeys `policy`, with a bounded connect time, for the MCP SDK's HTTP transport;
 * `close` releases its sockets.
 */
export function createGuardedFetch(
  policy: AddressPolicy,
  connectTimeoutMs: number,
): { fetch: typeof fetch; close: () => Promise<void> } {
  const dispatcher = new Agent({ connect: guardedConnector(policy, buildConnector({ timeout: connectTimeoutMs })) });
  type Init = Parameters<typeof undiciFetch>[1];
  const guarded = (input: string | URL, init?: RequestInit) => undiciFetch(input, { ...(init as Init), dispatcher });
  return { fetch: guarded as unknown as typeof fetch, close: () => dispatcher.destroy() };
}

/** True when `error` (or a cause of it) is a refused address. */
export function isBlockedAddress(error: unknown): boolean {
  for (
    let e = error as { cause?: unknown; code?: unknown } | undefined, depth = 0;
    e && depth < 6;
    e = e.cause as typeof e, depth++
  ) {
    if (e instanceof BlockedAddressError || e.code === "STOCKROOM_BLOCKED_ADDRESS") return true;
  }
  return false;
}
