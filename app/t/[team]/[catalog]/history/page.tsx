import Link from "next/link";
import { HistoryList } from "@/components/catalog/history-list";
import { inputClass, secondaryButtonClass } from "@/components/catalog/ui";
import { AUDIT_TYPE_LABELS, AUDIT_TYPES, type AuditType } from "@/server/services/audit/audit-types";
import { load } from "@/server/page-guard";

interface HistorySearch {
  tool?: string;
  person?: string;
  type?: string;
  cursor?: string;
}

export default async function HistoryPage({ params, searchParams }: { params: Promise<{ team: string; catalog: string }>; searchParams: Promise<HistorySearch> }) {
  const { team, catalog } = await params;
  const { tool, person, type, cursor } = await searchParams;
  const targetId = tool?.slice(0, 64) || null;
  const actor = person?.slice(0, 320) || null;
  const kind = (AUDIT_TYPES as readonly string[]).includes(type ?? "") ? (type as AuditType) : null;
  const [page, actors] = await Promise.all([
    load((api) => api.audit.list({ team, catalog, targetId, actor, type: kind, cursor: cursor?.slice(0, 64) || null, limit: 50 })),
    load((api) => api.audit.actors({ team, catalog })),
  ]);
  const base = `/t/${team}/${catalog}/history`;
  const key = targetId ? (page.events.map((e) => (e.after as { key?: string } | null)?.key ?? (e.before as { key?: string } | null)?.key).find(Boolean) ?? null) : null;
  const filters = { ...(targetId ? { tool: targetId } : {}), ...(actor ? { person: actor } : {}), ...(kind ? { type: kind } : {}) };
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{targetId ? <>History of <span className="font-mono">{key ?? "this tool"}</span></> : "History"}</h2>
        {targetId && (
          <span className="flex gap-3 text-sm">
            <Link href={`/t/${team}/${catalog}/tools/${targetId}`} className="text-stone-600 hover:underline">
              Open tool
            </Link>
            <Link href={base} className="text-stone-600 hover:underline">
              Whole catalog
            </Link>
          </span>
        )}
      </div>
      {/* A plain GET form: filters are in the URL, so a filtered history can be shared and works before scripts load. */}
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3 text-xs text-stone-600" aria-label="Filter the history">
        {targetId && <input type="hidden" name="tool" value={targetId} />}
        <label>
          Person
          <select name="person" defaultValue={actor ?? ""} className={`${inputClass} mt-1 block w-56`}>
            <option value="">Everyone</option>
            {actors.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind of change
          <select name="type" defaultValue={kind ?? ""} className={`${inputClass} mt-1 block w-56`}>
            <option value="">All changes</option>
            {AUDIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {AUDIT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButtonClass}>
          Apply
        </button>
        {(actor || kind) && (
          <Link href={targetId ? `${base}?tool=${targetId}` : base} className="self-center text-sm underline">
            Clear filters
          </Link>
        )}
      </form>
      <HistoryList team={team} catalog={catalog} events={page.events} />
      {page.nextCursor && (
        <Link href={`${base}?${new URLSearchParams({ ...filters, cursor: page.nextCursor })}`} className="mt-4 inline-block text-sm text-stone-700 hover:underline">
          Older changes →
        </Link>
      )}
    </div>
  );
}
