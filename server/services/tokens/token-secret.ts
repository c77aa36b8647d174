import { createHash, randomBytes } from "node:crypto";
import { boundedCache } from "../../cache/bounded-cache";

/** Every agent token starts with this, so a leaked secret is recognisable (and secret scanners can match it). */
export const TOKEN_PREFIX = "srk_";
/** How much of the secret the UI shows to tell tokens apart: the prefix plus 8 random characters. */
const VISIBLE_LENGTH = TOKEN_PREFIX.length + 8;
const SECRET_PATTERN = /^srk_[A-Za-z0-9_-]{40}$/;

/** A new secret: `srk_` + 30 random bytes in base64url (240 bits). */
export function generateTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(30).toString("base64url");
}

/** Recent secret → hash, so an agent's repeated requests hash once. A pure function: never stale, nothing clears it. */
const recentHashes = boundedCache<string>({ name: "token-hashes", max: 10_000 });

/** Only this hash is stored; a fast hash is enough because the secret has 240 bits of entropy. */
export function hashTokenSecret(secret: string): string {
  return recentHashes.getOrSet(secret, () => createHash("sha256").update(secret).digest("hex"));
}

export function visiblePrefixOf(secret: string): string {
  return secret.slice(0, VISIBLE_LENGTH);
}

/** Cheap shape check that spares the database a lookup for strings that cannot be tokens. */
export function looksLikeTokenSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}
