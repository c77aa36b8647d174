import { CodeTabs } from "./code-tabs";
import { examplesFor } from "./examples";
import { Prose } from "./prose";
import { typeLabel, type Schema } from "./schema-tree";

interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Schema; description: string }>;
  responses: Record<string, { description: string; headers?: Record<string, { description: string }>; content?: Record<string, { schema: Schema }> }>;
  requestBody?: unknown;
}

const STATUS_STYLE = (status: string) => (status.startsWith("2") ? "bg-emerald-100 text-emerald-800" : status.startsWith("3") ? "bg-sky-100 text-sky-800" : "bg-amber-100 text-amber-900");

/** One endpoint: path, parameters, request examples (curl, Python, TypeScript, each encoding), every response. */
export function OperationCard({ method, path, operation }: { method: string; path: string; operation: Operation }) {
  const examples = examplesFor(method, path, operation);
  return (
    <section id={operation.operationId} aria-label={operation.summary} className="scroll-mt-6 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 className="flex flex-wrap items-center gap-3">
        <span className="rounded bg-stone-900 px-2 py-0.5 font-mono text-xs font-semibold text-white uppercase">{method}</span>
        <code className="font-mono text-sm break-all">{path}</code>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      <Prose text={operation.description} className="block text-sm text-stone-600" />

      <h4 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">Parameters</h4>
      <div className="overflow-x-auto">
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

      <h4 className="mt-4 mb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase">Request</h4>
      <CodeTabs
        label={`Examples for ${operation.summary}`}
        examples={[
          { name: "curl", code: examples.curl },
          { name: "Python", code: examples.python },
          { name: "TypeScript", code: examples.typescript },
          { name: "Encodings", code: examples.encodings },
          ...(examples.revalidate ? [{ name: "Revalidate (ETag)", code: examples.revalidate }] : []),
        ]}
      />

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
