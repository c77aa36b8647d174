import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { AppError } from "../../errors";

/**
 * Secret header values of a source, sealed at rest with AES-256-GCM under the operator's STOCKROOM_SECRETS_KEY
 * (32 bytes, base64 or hex). A sealed value names the key it was sealed with (the first 8 hex digits of the key's
 * SHA-256), so a changed key is a clear refusal, not garbage; the additional data binds it to one source and
 * header, so a sealed value copied to another source or header does not open.
 */
const VERSION = "v1";

/** The key from STOCKROOM_SECRETS_KEY, or null when unset; a malformed key throws with the variable's name. */
export function readSecretsKey(raw: string | undefined = process.env.STOCKROOM_SECRETS_KEY): Buffer | null {
  const text = raw?.trim();
  if (!text) return null;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32)
    throw new Error("STOCKROOM_SECRETS_KEY must be 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)");
  return key;
}

const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 8);

function requireKey(key: Buffer | null): Buffer {
  if (key) return key;
  throw new AppError(
    "UNPROCESSABLE",
    "This Stockroom server cannot store secret header values: the operator has not set STOCKROOM_SECRETS_KEY. " +
      "Leave the header out, or ask the operator to set the key.",
    { fields: { headers: "Secret values need STOCKROOM_SECRETS_KEY on the server." } },
  );
}

/** Seals `value` for the header `binding` names (e.g. source id and header name). */
export function sealSecret(value: string, binding: string, key = readSecretsKey()): string {
  const k = requireKey(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", k, iv);
  cipher.setAAD(Buffer.from(binding, "utf8"));
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
  return [VERSION, keyIdOf(k), ...parts].join(":");
}

/** Opens a sealed value; refuses (4xx, says what to do) without the key, with another key, or when tampered with. */
export function openSecret(sealed: string, binding: string, key = readSecretsKey()): string {
  const k = requireKey(key);
  const [version, keyId, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new AppError("UNPROCESSABLE", "A stored secret header is unreadable; enter its value again.");
  if (keyId !== keyIdOf(k))
    throw new AppError(
      "UNPROCESSABLE",
      "A secret header was stored under another STOCKROOM_SECRETS_KEY than the one set now; enter its value again.",
    );
  try {
    const decipher = createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(binding, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new AppError("UNPROCESSABLE", "A stored secret header does not open with this key; enter its value again.");
  }
}
