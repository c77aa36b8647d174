import { Prose } from "./prose";

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  description?: string;
  additionalProperties?: unknown;
  $ref?: string;
};

/** A one-line type: `string`, `"latest" | integer ≥ 1`, `array of object`, … */
export function typeLabel(schema: Schema): string {
  if (schema.$ref) return schema.$ref.split("/").at(-1)!;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeLabel).join(" | ");
  const types = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (schema.type === "array" && schema.items) return `array of ${typeLabel(schema.items)}`;
  if (schema.type === "object" && !schema.properties) return "object (any keys)";
  const bounds = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : null,
    schema.pattern ? `matching ${schema.pattern}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  return bounds ? `${types} ${bounds}` : types;
}

function childObject(schema: Schema): Schema | null {
  if (schema.properties) return schema;
  if (schema.type === "array" && schema.items?.properties) return schema.items;
  return null;
}

/** An object schema as nested field lists: name, type, required, description. */
export function SchemaTree({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const object = childObject(schema);
  if (!object?.properties) return null;
  const required = new Set(object.required ?? []);
  return (
    <ul className={depth === 0 ? "divide-y divide-stone-100" : "mt-2 border-l border-stone-200 pl-4"}>
      {Object.entries(object.properties).map(([name, child]) => (
        <li key={name} className="py-2">
          <div className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono text-sm font-semibold text-stone-900">{name}</code>
            <span className="font-mono text-xs text-sky-800">{typeLabel(child)}</span>
            {!required.has(name) && <span className="text-xs text-stone-500">optional</span>}
          </div>
          {child.description && <Prose text={child.description} className="block text-sm text-stone-600" />}
          <SchemaTree schema={child} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

export type { Schema };
