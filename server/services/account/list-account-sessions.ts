import type { PrismaClient } from "@prisma/client";
import { describeAddress } from "./describe-address";
import { describeUserAgent } from "./describe-user-agent";

export interface AccountSession {
  id: string;
  createdAt: Date;
  /** When the session was last renewed or changed (better-auth touches it at most daily while in use). */
  lastActiveAt: Date;
  expiresAt: Date;
  /** Where it signed in from: an IPv4 address or an IPv6 /64 network (describe-address.ts). */
  ipAddress: string | null;
  /** "Chrome 131 on macOS", from the User-Agent it signed in with. */
  browser: string;
  current: boolean;
}

/** The person's unexpired sessions, newest activity first, the one of this request marked `current`. */
export async function listAccountSessions({
  db,
  userId,
  currentSessionId,
}: {
  db: PrismaClient;
  userId: string;
  currentSessionId: string | null;
}): Promise<AccountSession[]> {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { id: true, createdAt: true, updatedAt: true, expiresAt: true, ipAddress: true, userAgent: true },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: 200,
  });
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    lastActiveAt: row.updatedAt,
    expiresAt: row.expiresAt,
    ipAddress: describeAddress(row.ipAddress),
    browser: describeUserAgent(row.userAgent),
    current: row.id === currentSessionId,
  }));
}
