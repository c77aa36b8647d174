import type { Prisma } from "@prisma/client";

/**
 * A value for a Prisma `Json` column, handed to the engine as JSON text. Prisma's argument serializer copies
 * plain objects key by key (`out[key] = …`), which silently drops an own `__proto__` key (a JSON Schema property
 * of that name vanished while `required` still named it) and reads a nested `$type` key as its own tag; a value
 * with `toJSON` is passed through untouched, and `{ $type: "Json", value }` is the protocol's form for JSON.
 */
export function jsonColumn(value: unknown): Prisma.InputJsonValue {
  const tagged = { $type: "Json", value: JSON.stringify(value) };
  return { toJSON: () => tagged } as unknown as Prisma.InputJsonValue;
}
