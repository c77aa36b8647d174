import Link from "next/link";
import { ContentHash } from "@/components/ui/content-hash";
import { RelativeTime } from "@/components/ui/relative-time";
import { describeEvent, type DescribedEvent, type FieldChange } from "./describe-event";
import { groupEvents } from "./group-events";
import { RevertButton } from "./revert-button";

export interface HistoryEvent {
  id: string;
  at: Date;
  actorLabel: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  /** Shared by the events of one change made at once (an import): History shows them as one entry. */
  groupId?: string | null;
}

const MUTED = "text-stone-500";

function Subject({ subject, href }: { subject: NonNullable<DescribedEvent["subject"]>; href: string | null }) {
  if (!subject.text) return null;
  const text = subject.style === "quote" ? `“${subject.text}”` : subject.text;
  const className = subject.style === "code" ? "font-mono" : "font-medium";
  return href ? (
    <Link href={href} className={`${className} hover:underline`}>
      {text}
    </Link>
  ) : (
    <span className={className}>{text}</span>
  );
}

function Change({ change, kind }: { change: FieldChange; kind: "created" | "deleted" | "changed" }) {
  const b = change.before ?? "";
  const a = change.after ?? "";
  const long = b.length + a.length > 160 || b.includes("\n") || a.includes("\n");
  if (long) {
    return (
      <details>
        <summary className="cursor-pointer text-stone-600">show before / after</summary>
        <div className="mt-1 grid gap-2 md:grid-cols-2">
          <pre className="overflow-auto rounded bg-red-50 p-2 whitespace-pre-wrap">{b}</pre>
          <pre className="overflow-auto rounded bg-emerald-50 p-2 whitespace-pre-wrap">{a}</pre>
        </div>
      </details>
    );
  }
  if (kind === "created") return <span className="font-mono">{a}</span>;
  if (kind === "deleted") return <span className={`font-mono ${MUTED}`}>{b}</span>;
  return (
    <span className="font-mono">
      <span className="bg-red-50 text-red-800 line-through">{b}</span> →{" "}
      <span className="bg-emerald-50 text-emerald-800">{a}</span>
    </span>
  );
}

/** One event as a sentence, with each changed field before → after. */
function EventLine({
  team,
  catalog,
  event,
  description,
}: {
  team: string;
  catalog: string;
  event: HistoryEvent;
  description: DescribedEvent;
}) {
  const toolHref = description.subject?.toolId
    ? `/t/${team}/${catalog}/history?tool=${description.subject.toolId}`
    : null;
  const kind = event.action.endsWith(".created")
    ? "created"
    : event.action.endsWith(".deleted")
      ? "deleted"
      : "changed";
  const revision = (event.after as { revision?: unknown } | null)?.revision;
  return (
    <>
      <p>
        <span className="font-medium">{event.actorLabel || "Stockroom"}</span> {description.verb}{" "}
        {description.subject && <Subject subject={description.subject} href={toolHref} />}
        {description.details}
        {description.hash && <ContentHash hash={description.hash} className="ml-2" />}
        <span className={`ml-2 text-xs ${MUTED}`}>
          <RelativeTime date={event.at} />
          {typeof revision === "number" && ` · revision ${revision}`}
        </span>
      </p>
      {description.changes.length > 0 && (
        <dl className="mt-2 grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 sm:grid-cols-[10rem_minmax(0,1fr)] gap-y-1 text-xs">
          {description.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="font-medium text-stone-600">{change.label}</dt>
              <dd className="min-w-0">
                <Change change={change} kind={kind} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

type Described = { event: HistoryEvent; description: DescribedEvent };

/**
 * A group with tool or namespace edits, or with upstream bases it replaced (a sync that changed only what upstream
 * sends); publishing and settings are not reverted from History.
 */
const isRevertable = (entries: Described[]) =>
  entries.some(
    ({ event }) =>
      event.targetType === "tool" || event.targetType === "namespace" || event.action === "catalog.upstream_replaced",
  );

/**
 * The line that opens an entry's folded events: how many tool and namespace changes it made. The upstream copies
 * an import records (catalog.upstream_replaced) are listed under it but are not changes of their own.
 */
function foldSummary(head: { event: { action: string } }, members: Array<{ event: { action: string } }>): string {
  const changes = members.filter((m) => m.event.action !== "catalog.upstream_replaced").length;
  if (changes === 0) return "Details";
  const where = head.event.action === "catalog.imported" ? "in this import" : "made with it";
  return `${changes === 1 ? "1 change" : `${changes} changes`} ${where}`;
}

/** Who changed what, as a sentence, with each changed field before → after; long values fold away; no-ops are left out. */
export function HistoryList({
  team,
  catalog,
  events,
  isFiltered = false,
  canRevert = false,
}: {
  team: string;
  catalog: string;
  events: HistoryEvent[];
  isFiltered?: boolean;
  /** Editors and owners get a Revert on each change made at once (an import, a bulk edit, a reset, a deletion). */
  canRevert?: boolean;
}) {
  const described = events.flatMap((event): Described[] => {
    const description = describeEvent(event);
    return description ? [{ event, description }] : [];
  });
  if (described.length === 0) {
    return (
      <p className="rounded border border-dashed border-stone-300 p-8 text-center text-stone-600">
        {isFiltered
          ? "No changes match these filters."
          : "No changes recorded yet: edits, imports and publishes will show here."}
      </p>
    );
  }
  // The events of one import are one entry: its summary, with the tool and namespace changes folded under it.
  const entries = groupEvents(described.map((d) => ({ ...d, action: d.event.action, groupId: d.event.groupId })));
  const scope = { team, catalog };
  return (
    <ol className="space-y-3" aria-label="History">
      {entries.map(({ head, members }) => (
        <li key={head.event.id} className="rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <EventLine {...scope} {...head} />
            </div>
            {canRevert && head.event.groupId && isRevertable([head, ...members]) && (
              <RevertButton {...scope} groupId={head.event.groupId} summary={head.description.verb} />
            )}
          </div>
          {members.length > 0 && (
            <details className="mt-2">
              <summary className="cursor-pointer text-xs text-stone-600">{foldSummary(head, members)}</summary>
              <ol className="mt-2 space-y-2 border-l border-stone-200 pl-3">
                {members.map((member) => (
                  <li key={member.event.id}>
                    <EventLine {...scope} {...member} />
                  </li>
                ))}
              </ol>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
