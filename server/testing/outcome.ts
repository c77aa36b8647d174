import { TRPCError } from "@trpc/server";

/** How a call ended: "OK", the tRPC error code, or "THROWN: …" for anything that is not a TRPCError. */
export async function outcomeCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return error instanceof TRPCError ? error.code : `THROWN: ${(error as Error)?.message ?? String(error)}`;
  }
}
