import { APIError, createAuthMiddleware } from "better-auth/api";
import { CLIENT_ADDRESS_HEADER } from "../trusted-proxies";
import { describeUnstorableText, findUnstorableText } from "@/domain/storable-text";
import { passwordProblem } from "./password-policy";
import type { AddressLimiter } from "./address-limiter";
import type { SignInThrottle } from "./sign-in-throttle";

/** Where better-auth takes a new password, and the body field it is in. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
};
/** Free text an account carries; the same caps as team names. */
const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;

type Body = Record<string, unknown>;
const addressOf = (headers: Headers | undefined) => headers?.get(CLIENT_ADDRESS_HEADER) ?? "unknown";

/** Refuses what the database cannot store or what is too long, naming the field, before better-auth writes. */
function checkAccountText(body: Body): void {
  const unstorable = findUnstorableText(body);
  if (unstorable)
    throw new APIError("BAD_REQUEST", { message: describeUnstorableText(unstorable), code: "INVALID_INPUT" });
  if (typeof body.name === "string" && body.name.length > MAX_NAME_LENGTH) {
    throw new APIError("BAD_REQUEST", {
      message: `name: at most ${MAX_NAME_LENGTH} characters.`,
      code: "INVALID_INPUT",
    });
  }
  if (typeof body.email === "string" && body.email.length > MAX_EMAIL_LENGTH) {
    throw new APIError("BAD_REQUEST", {
      message: `email: at most ${MAX_EMAIL_LENGTH} characters.`,
      code: "INVALID_INPUT",
    });
  }
}

function checkNewPassword(path: string, body: Body): void {
  const field = NEW_PASSWORD_FIELDS[path];
  const password = field ? body[field] : undefined;
  if (typeof password !== "string") return;
  const context = [body.email, body.name].filter((value): value is string => typeof value === "string");
  const problem = passwordProblem(password, context);
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
}

function checkAddress(limiter: AddressLimiter | undefined, headers: Headers | undefined): void {
  const wait = limiter?.attempt(addressOf(headers)) ?? 0;
  if (wait === 0) return;
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: `Too many sign-in attempts from your address; try again in ${wait} s.`, code: "RATE_LIMITED" },
    { "Retry-After": String(wait) },
  );
}

/**
 * better-auth's before/after hooks: account text and password rules on every write of them, and the
 * per-(account, address) failed sign-in throttle (better-auth's own limit counts per address only).
 */
export function createAuthHooks({
  throttle,
  addressLimiter,
  onAccountChange,
}: {
  throttle: SignInThrottle;
  /** Sign-in and sign-up attempts per address, oversized refusals included (address-limiter.ts). */
  addressLimiter?: AddressLimiter;
  /** After any endpoint but get-session (sign-out, revocations, profile and password changes…). */
  onAccountChange?: () => Promise<void>;
}) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body ?? {}) as Body;
      checkAccountText(body);
      checkNewPassword(ctx.path, body);
      if (ctx.path === "/sign-in/email" || ctx.path === "/sign-up/email") checkAddress(addressLimiter, ctx.headers);
      if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
        const wait = throttle.retryAfter(body.email, addressOf(ctx.headers));
        if (wait > 0) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            {
              message: `Too many wrong passwords for this account from your address; try again in ${wait} s.`,
              code: "RATE_LIMITED",
            },
            { "Retry-After": String(wait) },
          );
        }
      }
      // A new password ends every other session of the account, whatever the client asked (issue 33, item 5).
      if (ctx.path === "/change-password") return { context: { body: { ...body, revokeOtherSessions: true } } };
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/get-session") await onAccountChange?.();
      const body = (ctx.body ?? {}) as Body;
      if (ctx.path !== "/sign-in/email" || typeof body.email !== "string") return;
      const returned = ctx.context.returned;
      const failed = returned instanceof APIError && returned.statusCode === 401;
      if (failed) throttle.recordFailure(body.email, addressOf(ctx.headers));
      else if (!(returned instanceof APIError)) throttle.recordSuccess(body.email, addressOf(ctx.headers));
    }),
  };
}
