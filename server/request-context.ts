import "server-only";
import { getSessionUser } from "./auth";
import { bearerTokenOf, type Context } from "./context";
import { getDb } from "./db";

/** The tRPC context of one HTTP request or server-component render. */
export async function createRequestContext(headers: Headers): Promise<Context> {
  const db = await getDb();
  const bearerToken = bearerTokenOf(headers.get("authorization"));
  const user = bearerToken ? null : await getSessionUser(headers);
  return { db, user, bearerToken, headers };
}
