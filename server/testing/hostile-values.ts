import fc from "fast-check";
import type { z } from "zod";

/**
 * Values of the input classes issue #17 found 500s with: lone surrogates, NULs (raw and JSON-escaped inside
 * pasted text), numbers past Postgres `integer` and past safe integers, LIKE wildcards, prototype names.
 */
export const HOSTILE_STRINGS = [
  "\ud800",
  "lone \udc00 low",
  "nul \u0000 inside",
  '{"tools":[{"name":"x\\u0000y","inputSchema":{"type":"object"}}]}',
  '{"query":"esc\\u0000aped","gold":[]}\n{"query":"\\ud800","gold":[]}',
  '{"tools":[{"name":"s\\ud800","inputSchema":{"type":"object"}}]}',
  "%",
  "_",
  "\\",
  "100%_off\\",
  "__proto__",
  "constructor",
  "",
  "x".repeat(5_000),
] as const;

export const HOSTILE_NUMBERS = [2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, -1, 0, 0.5] as const;

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** An arbitrary input that fits `schema`'s shape, with hostile values at its leaves. */
export function hostileFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => hostileFor(def[key], depth + 1);
  if (depth > 6) return fc.constantFrom(...HOSTILE_STRINGS);
  switch (def.type) {
    case "string":
      return fc.constantFrom(...HOSTILE_STRINGS);
    case "number":
    case "int":
      return fc.constantFrom(...HOSTILE_NUMBERS);
    case "boolean":
      return fc.boolean();
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return fc.oneof(inner("innerType"), fc.constant(undefined));
    case "pipe":
      return inner("in");
    case "array":
      return fc.array(inner("element"), { maxLength: 3 });
    case "object":
      return fc.record(
        Object.fromEntries(
          Object.entries(def.shape as Record<string, unknown>).map(([key, child]) => [
            key,
            hostileFor(child, depth + 1),
          ]),
        ),
      );
    case "record":
      return fc.dictionary(fc.constantFrom(...HOSTILE_STRINGS), inner("valueType"), { maxKeys: 3 });
    case "union":
      return fc.oneof(...(def.options as unknown[]).map((option) => hostileFor(option, depth + 1)));
    default: // unknown, any, custom (JSON the services validate themselves)
      return fc.oneof(
        fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS),
        fc.constant({
          type: "object",
          properties: { "\ud800": { type: "string" }, n: { type: "string", description: "\u0000" } },
        }),
      );
  }
}

/** The object shape a procedure's chained `.input()`s merge into. */
export function mergedInputShape(inputs: readonly unknown[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const input of inputs) {
    const def = defOf(input);
    if (def.type === "object") Object.assign(shape, def.shape);
  }
  return shape;
}
