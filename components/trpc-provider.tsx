"use client";

import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, loggerLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import { stockroomTransformer } from "@/domain/trpc-transformer";
import type { AppRouter } from "@/server/routers/root";
import { toastMutationError, toastMutationSuccess } from "./ui/toast-meta";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false } },
    // Every mutation confirms or reports itself through its meta (components/ui/toast-meta.ts).
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => toastMutationSuccess(data, variables, mutation),
      onError: (error, _variables, _context, mutation) => toastMutationError(error, mutation),
    }),
  });
}

/** React Query + tRPC for client components. */
export function TrpcReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        loggerLink({
          enabled: (op) =>
            process.env.NODE_ENV === "development" && op.direction === "down" && op.result instanceof Error,
        }),
        httpBatchLink({ url: "/api/trpc", transformer: stockroomTransformer }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
