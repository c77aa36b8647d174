import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createCaller } from "./routers/root";
import { createRequestContext } from "./request-context";

/** A tRPC caller for server components, bound to the current request's session. */
export const api = cache(async () => createCaller(await createRequestContext(new Headers(await headers()))));
