import { randomBytes } from "node:crypto";
import { getAuth } from "../auth";

const ORIGIN = "http://localhost:3000"; // STOCKROOM_URL's default, which better-auth trusts

/** A new account through the app's own better-auth handler (what /api/auth serves); its session Cookie header and its id. */
export async function signUpThroughAuthRoute(): Promise<{ cookie: string; userId: string; email: string }> {
  const name = `person-${randomBytes(4).toString("hex")}`;
  const email = `${name}@example.test`;
  const response = await (await getAuth()).handler(
    new Request(`${ORIGIN}/api/auth/sign-up/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        // Its own address: better-auth's per-address sign-up limit must not couple tests.
        "x-stockroom-client-ip": `198.51.100.${randomBytes(1)[0]}`,
      },
      body: JSON.stringify({ email, name, password: `a-long-passphrase-${randomBytes(6).toString("hex")}` }),
    }),
  );
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  return { cookie, userId: user.id, email };
}

/** POSTs a better-auth endpoint (`/sign-out`, `/update-user`…) as the holder of `cookie`. */
export async function postAuth(path: string, cookie: string, body: unknown = {}): Promise<Response> {
  const auth = await getAuth();
  return auth.handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, cookie },
      body: JSON.stringify(body),
    }),
  );
}
