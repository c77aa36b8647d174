import { ExampleTabs } from "./example-tabs";
import type { CodeExample } from "./examples";
import { Prose } from "./prose";
import { typeLabel, type Schema } from "./schema-tree";

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema; description: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { description: string }>;
      content?: Record<string, { schema: Schema }>;
    }
  >;
}

const STATUS_STYLE = (status: string) =>
  status.startsWith("2")
    ? "bg-emerald-100 text-emerald-800"
    : status.startsWith("3")
      ? "bg-sky-100 text-sky-800"
      : "bg-amber-100 text-amber-900";

/** One endpoint: path, request examples (curl, Python, TypeScript; each encoding it negotiates), parameters, every response. */
export function OperationCard({
  method,
  path,
  operation,
  examples,
}: {
  method: string;
  path: string;
  operation: Operation;
  examples: CodeExample[];
}) {
  return (
    <section
      id={operation.operationId}
      aria-label={operation.summary}
      className="scroll-mt-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-stone-900 px-2 py-0.5 font-mono text-xs font-semibold text-white uppercase">
          {method}
        </span>
        <code className="font-mono text-sm break-all">{path}</code>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      <Prose text={operation.description} className="block text-sm text-stone-600" />
      <ExampleTabs examples={examples} operationId={operation.operationId} />

      <h4 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">Parameters</h4>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <tbody>
            {operation.parameters.map((p) => (
              <tr key={`${p.in}-${p.name}`} className="border-t border-stone-100 align-top">
                <td className="py-1.5 pr-3 font-mono whitespace-nowrap">{p.name}</td>
                <td className="py-1.5 pr-3 text-xs whitespace-nowrap text-stone-500">
                  {p.in}
                  {p.required ? ", required" : ""}
                </td>
                <td className="py-1.5 pr-3 font-mono text-xs whitespace-nowrap text-sky-800">{typeLabel(p.schema)}</td>
                <td className="py-1.5 text-stone-600">
                  <Prose text={p.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {operation.requestBody && (
        <p className="mt-3 text-sm">
          <span className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Body</span>{" "}
          <span className="font-mono text-xs text-sky-800">
            {typeLabel(operation.requestBody.content["application/json"]!.schema)}
          </span>
        </p>
      )}

      <h4 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">Responses</h4>
      <ul className="space-y-1.5 text-sm">
        {Object.entries(operation.responses).map(([status, response]) => {
          const body = response.content?.["application/json"]?.schema;
          return (
            <li key={status} className="flex gap-3">
              <span className={`h-fit rounded px-1.5 py-0.5 font-mono text-xs ${STATUS_STYLE(status)}`}>{status}</span>
              <div>
                <Prose text={response.description} className="text-stone-700" />
                {body && <span className="ml-2 font-mono text-xs text-sky-800">{typeLabel(body)}</span>}
                {response.headers && (
                  <ul className="mt-0.5 text-xs text-stone-500">
                    {Object.entries(response.headers).map(([name, header]) => (
                      <li key={name}>
                        <code className="font-mono">{name}</code>: <Prose text={header.description} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export type { Operation };
