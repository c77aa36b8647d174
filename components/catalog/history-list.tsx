import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { asRecord, describeEvent } from "./history-sentence";

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

const show = (v: unknown) => (v === undefined ? "—" : v === null || v === "" ? "(empty)" : typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** Who changed what, with each changed field before → after; long values fold away. */
export function HistoryList({ team, catalog, events }: { team: string; catalog: string; events: HistoryEvent[] }) {
  const shown = events.flatMap((event) => {
    const sentence = describeEvent(event.action, event.before, event.after);
    return sentence ? [{ event, sentence }] : [];
  });
  if (shown.length === 0) return <p className="rounded border border-dashed border-stone-300 p-8 text-center text-stone-600">No changes recorded yet.</p>;
  return (
    <ol className="space-y-3" aria-label="History">
      {shown.map(({ event, sentence }) => {
        const after = asRecord(event.after);
        const fields = sentence.fields.map((f) => f.field);
        const before = asRecord(event.before);
        return (
          <li key={event.id} className="rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-sm">
            <p>
              <span className="font-medium">{event.actorLabel || "system"}</span> {sentence.text}{" "}
              {sentence.subject &&
                (event.targetType === "tool" ? (
                  <Link href={`/t/${team}/${catalog}/history?tool=${event.targetId}`} className="font-mono hover:underline">
                    {sentence.subject}
                  </Link>
                ) : (
                  <span className="font-mono">{sentence.subject}</span>
                ))}
              <span className="ml-2 text-xs text-stone-500">
                <RelativeTime date={event.at} />
                {typeof after.revision === "number" && ` · revision ${after.revision}`}
              </span>
            </p>
            {sentence.details.map((d) => (
              <p key={d} className="mt-1 text-xs text-stone-600">
                {d}
              </p>
            ))}
            {fields.length > 0 && (
              <dl className="mt-2 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs sm:grid-cols-[10rem_minmax(0,1fr)]">
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
