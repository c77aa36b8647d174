import Link from "next/link";
import { HistoryFiltersForm } from "@/components/history/history-filters-form";
import { HistoryList } from "@/components/history/history-list";
import { historyTypeSchema } from "@/server/services/history/history-filters";
import { load, loadTeamRole } from "@/server/page-guard";

/** "History", or "History of <tool>" with links to the tool and back to the whole catalog. */
function HistoryTitle({
  team,
  catalog,
  targetId,
  toolKey: key,
}: {
  team: string;
  catalog: string;
  targetId: string | null;
  toolKey: string | null;
}) {
  const base = `/t/${team}/${catalog}/history`;
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h2 className="text-lg font-semibold">
        {targetId ? (
          <>
            History of <span className="font-mono">{key ?? "this tool"}</span>
          </>
        ) : (
          "History"
        )}
      </h2>
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
  );
}

type Search = { tool?: string; cursor?: string; actor?: string; type?: string; toolKey?: string };

export default async function HistoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<Search>;
}) {
  const { team, catalog } = await params;
  const search = await searchParams;
  const targetId = search.tool?.slice(0, 64) || null;
  const actor = search.actor?.slice(0, 200) || null;
  const toolKey = search.toolKey?.trim().slice(0, 300) || null;
  // An unknown type in a hand-edited URL shows everything rather than an error page.
  const type = historyTypeSchema.safeParse(search.type).data ?? null;
  const filters = { targetId, actor, toolKey, type };
  const [page, role] = await Promise.all([
    load((api) =>
      api.history.list({ team, catalog, ...filters, cursor: search.cursor?.slice(0, 64) || null, limit: 50 }),
    ),
    loadTeamRole(team),
  ]);
  const base = `/t/${team}/${catalog}/history`;
  const key = targetId
    ? (page.events
        .map((e) => (e.after as { key?: string } | null)?.key ?? (e.before as { key?: string } | null)?.key)
        .find(Boolean) ?? null)
    : null;
  const query = Object.fromEntries(
    Object.entries({ tool: targetId, actor, toolKey, type }).filter((entry): entry is [string, string] =>
      Boolean(entry[1]),
    ),
  );
  return (
    <div>
      <HistoryTitle team={team} catalog={catalog} targetId={targetId} toolKey={key} />
      {/* Keyed on the filters: its fields are uncontrolled, and a client-side navigation (Clear filters) must reset them. */}
      {!targetId && (
        <HistoryFiltersForm
          key={`${actor}|${type}|${toolKey}`}
          base={base}
          people={page.people}
          actor={actor}
          type={type}
          toolKey={toolKey}
        />
      )}
      <HistoryList
        team={team}
        catalog={catalog}
        events={page.events}
        isFiltered={Boolean(actor || type || toolKey)}
        canRevert={role === "owner" || role === "editor"}
      />
      {page.nextCursor && (
        <Link
          href={`${base}?${new URLSearchParams({ ...query, cursor: page.nextCursor })}`}
          className="mt-4 inline-block text-sm text-stone-700 hover:underline"
        >
          Older changes →
        </Link>
      )}
    </div>
  );
}
