import type { PrismaClient } from "@prisma/client";
import { createTRPCClient, httpLink } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { stockroomTransformer } from "@/domain/trpc-transformer";
import type { ContextUser } from "../context";
import { appRouter, type AppRouter } from "../routers/root";
import { contextFor } from "./factories";

/**
 * The tRPC endpoint as a browser or agent meets it: requests serialized by the real transformer, answered by
 * tRPC's fetch adapter with the app's router (in-process, no socket), responses parsed from their JSON text.
 * What a `createCaller` test cannot see — the wire format — is exercised here.
 */
export function trpcOverHttp(db: PrismaClient, user: ContextUser | null, headers: Record<string, string> = {}) {
  const handle = (request: Request) =>
    fetchRequestHandler({
      endpoint: "/api/trpc",
      req: request,
      router: appRouter,
      createContext: () => contextFor(db, user, headers),
      onError: ({ error }) => {
        if (error.code === "INTERNAL_SERVER_ERROR")
          console.error("tRPC over HTTP (test) failed:", error.cause ?? error);
      },
    });
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://stockroom.test/api/trpc",
        transformer: stockroomTransformer,
        headers,
        fetch: async (input, init) => {
          const response = await handle(new Request(input as string, init as RequestInit));
          // A real wire: the text, exactly as a client reads it.
          return new Response(await response.text(), { status: response.status, headers: response.headers });
        },
      }),
    ],
  });
}
