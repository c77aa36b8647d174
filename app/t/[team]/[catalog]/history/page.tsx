import Link from "next/link";
import { HistoryList } from "@/components/catalog/history-list";
import { load } from "@/server/page-guard";

export default async function HistoryPage({ params, searchParams }: { params: Promise<{ team: string; catalog: string }>; searchParams: Promise<{ tool?: string; cursor?: string }> }) {
  const { team, catalog } = await params;
  const { tool, cursor } = await searchParams;
  const targetId = tool?.slice(0, 64) || null;
  const page = await load((api) => api.audit.list({ team, catalog, targetId, cursor: cursor?.slice(0, 64) || null, limit: 50 }));
  const base = `/t/${team}/${catalog}/history`;
  const key = targetId ? (page.events.map((e) => (e.after as { key?: string } | null)?.key ?? (e.before as { key?: string } | null)?.key).find(Boolean) ?? null) : null;
  return (
    <div>
      <div className="mb-4 flex items-baseline justify-between">
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
      <HistoryList team={team} catalog={catalog} events={page.events} />
      {page.nextCursor && (
        <Link href={`${base}?${new URLSearchParams({ ...(targetId ? { tool: targetId } : {}), cursor: page.nextCursor })}`} className="mt-4 inline-block text-sm text-stone-700 hover:underline">
          Older changes →
        </Link>
      )}
    </div>
  );
}
