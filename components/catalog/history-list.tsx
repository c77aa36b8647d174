import Link from "next/link";

export interface HistoryEvent {
  id: string;
  at: Date;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

type Json = Record<string, unknown>;
const asRecord = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const show = (v: unknown) => (v === undefined ? "—" : v === null || v === "" ? "(empty)" : typeof v === "string" ? v : JSON.stringify(v, null, 2));
const SKIP = new Set(["id", "revision", "import", "bulk"]);

const ACTIONS: Record<string, string> = {
  "tool.created": "created tool",
  "tool.updated": "changed tool",
  "tool.deleted": "deleted tool",
  "namespace.created": "created namespace",
  "namespace.updated": "changed namespace",
  "namespace.deleted": "deleted namespace",
  "catalog.created": "created the catalog",
  "catalog.updated": "changed catalog settings",
  "catalog.archived": "archived the catalog",
  "catalog.imported": "imported tools",
};

/** Who changed what, with each changed field before → after; long values fold away. */
export function HistoryList({ team, catalog, events }: { team: string; catalog: string; events: HistoryEvent[] }) {
  if (events.length === 0) return <p className="rounded border border-dashed border-stone-300 p-8 text-center text-stone-600">No changes recorded yet.</p>;
  return (
    <ol className="space-y-3" aria-label="History">
      {events.map((event) => {
        const before = asRecord(event.before);
        const after = asRecord(event.after);
        const label = (after.key ?? before.key ?? after.name ?? before.name) as string | undefined;
        const isUpdate = event.action.endsWith(".updated");
        const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !SKIP.has(f) && !(isUpdate && f === "key" && before.key === after.key));
        const via = after.import ? ` (import from ${String(after.import)})` : after.bulk ? " (bulk change)" : "";
        return (
          <li key={event.id} className="rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-sm">
            <p>
              <span className="font-medium">{event.actorLabel || "system"}</span> {ACTIONS[event.action] ?? event.action}{" "}
              {event.targetType === "tool" && label ? (
                <Link href={`/t/${team}/${catalog}/history?tool=${event.targetId}`} className="font-mono hover:underline">
                  {label}
                </Link>
              ) : (
                label && <span className="font-mono">{label}</span>
              )}
              {via}
              <span className="ml-2 text-xs text-stone-500">
                <time dateTime={event.at.toISOString()}>{event.at.toISOString().replace("T", " ").slice(0, 19)} UTC</time>
                {typeof after.revision === "number" && ` · revision ${after.revision}`}
              </span>
            </p>
            {fields.length > 0 && (
              <dl className="mt-2 grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1 text-xs">
                {fields.map((field) => {
                  const b = show(before[field]);
                  const a = show(after[field]);
                  const long = b.length + a.length > 160 || b.includes("\n") || a.includes("\n");
                  return (
                    <div key={field} className="contents">
                      <dt className="font-medium text-stone-600">{field}</dt>
                      <dd>
                        {long ? (
                          <details>
                            <summary className="cursor-pointer text-stone-600">show before / after</summary>
                            <div className="mt-1 grid gap-2 md:grid-cols-2">
                              <pre className="overflow-auto rounded bg-red-50 p-2 whitespace-pre-wrap">{b}</pre>
                              <pre className="overflow-auto rounded bg-emerald-50 p-2 whitespace-pre-wrap">{a}</pre>
                            </div>
                          </details>
                        ) : event.action.endsWith(".created") ? (
                          <span className="font-mono">{a}</span>
                        ) : event.action.endsWith(".deleted") ? (
                          <span className="font-mono text-stone-500">{b}</span>
                        ) : (
                          <span className="font-mono">
                            <span className="bg-red-50 text-red-800 line-through">{b}</span> → <span className="bg-emerald-50 text-emerald-800">{a}</span>
                          </span>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
