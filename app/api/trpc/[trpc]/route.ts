import { handleTrpcRequest } from "@/server/http/trpc-handler";

// Production serves /api/trpc from scripts/serve.mjs's node:http hook (server/http/trpc-node.ts) with the same
// handler; this route answers under `next dev` and for the methods the hook leaves to Next.js.
export { handleTrpcRequest as GET, handleTrpcRequest as POST };
