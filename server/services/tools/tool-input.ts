import type { Prisma } from "@prisma/client";
import { TOOL, type ToolValues } from "@/domain/tool";
import { AppError } from "../../errors";

/** The editable fields of a tool, in API form (`namespace` is a name; null = none): domain/tool.ts defines them. */
export type ToolInput = ToolValues;

export type ToolPatch = Partial<ToolInput>;

export const EMPTY_PARAMETERS = TOOL.parameters.default;

/** Refuses a key another tool of the catalog already has, with the message at the name field. */
export async function assertKeyFree(
  tx: Prisma.TransactionClient,
  catalogId: string,
  key: string,
  exceptId?: string,
): Promise<void> {
  const clash = await tx.tool.findUnique({ where: { catalogId_key: { catalogId, key } }, select: { id: true } });
  if (clash && clash.id !== exceptId) throw duplicateKey(key);
}

export function duplicateKey(key: string): AppError {
  const dot = key.indexOf(".");
  const message =
    dot === -1
      ? `A tool named "${key}" without a namespace already exists; choose another name or a namespace.`
      : `Namespace "${key.slice(0, dot)}" already has a tool named "${key.slice(dot + 1)}"; choose another name or namespace.`;
  return new AppError("CONFLICT", message, { fields: { name: message } });
}

/** Turns a unique-key violation raised by a race into the same duplicate message. */
export function rethrowDuplicate(error: unknown, key: string): never {
  if ((error as { code?: unknown } | null)?.code === "P2002") throw duplicateKey(key);
  throw error;
}
