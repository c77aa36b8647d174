import { ToolList } from "@/components/tools/tool-list";
import { LEGACY_PAGE_SIZE, PAGE_SIZE, type Exposure, type ToolListFilters } from "@/components/tools/tool-list-filters";
import { SetupChecklist } from "@/components/catalog/setup-checklist";
import { getEnv } from "@/server/env";
import { load, loadTeamRole } from "@/server/page-guard";

const EXPOSURES = new Set(["direct", "deferred", "hidden"]);
const SORTS = new Set(["relevance", "key", "name", "updated", "exposure"]);

export default async function CatalogPage({
  params,
  searchParams,
}: {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<{ q?: string; ns?: string; exp?: string; sort?: string; page?: string }>;
}) {
  const { team, catalog } = await params;
  const query = await searchParams;
  const initial: ToolListFilters = {
    q: query.q?.slice(0, 200) ?? "",
    ns: query.ns === undefined ? null : query.ns.slice(0, 64),
    exp: query.exp && EXPOSURES.has(query.exp) ? (query.exp as Exposure) : null,
    sort: query.sort && SORTS.has(query.sort) ? (query.sort as ToolListFilters["sort"]) : query.q ? "relevance" : "key",
  };
  // The list scrolls instead of paging: an old link's page opens the list scrolled to that page's first tool.
  const page = Math.min(100_000, Math.max(1, Number.parseInt(query.page ?? "1", 10) || 1));
  const renderedAt = Date.now();
  const [role, list, catalogs, golden] = await Promise.all([
    loadTeamRole(team),
    load((api) =>
      api.tool.list({
        team,
        catalog,
        search: initial.q || undefined,
        namespace: initial.ns,
        exposure: initial.exp,
        sort: initial.sort,
        page: 1,
        pageSize: PAGE_SIZE,
      }),
    ),
    load((api) => api.catalog.list({ team })),
    load((api) => api.golden.list({ team, catalog })),
  ]);
  const summary = catalogs.find((c) => c.slug === catalog)!;
  // Tokens are the owner's to see; for others the last two steps count as done (they cannot do them).
  const tokens = role === "owner" ? await load((api) => api.token.list({ team, catalog })) : null;
  const active = tokens?.filter((t) => t.revokedAt === null) ?? [];
  return (
    <>
      {role !== "viewer" && (
        <SetupChecklist
          team={team}
          catalog={catalog}
          origin={getEnv().STOCKROOM_URL}
          tools={summary.counts.total}
          deferred={summary.counts.deferred}
          goldenQueries={golden.total}
          latestVersion={summary.latestVersion}
          activeTokens={tokens ? active.length : 1}
          isConnected={tokens ? active.some((t) => t.lastUsedAt !== null) : true}
        />
      )}
      <ToolList
        team={team}
        catalog={catalog}
        canEdit={role !== "viewer"}
        initial={initial}
        initialData={list}
        startRow={(page - 1) * LEGACY_PAGE_SIZE}
        renderedAt={renderedAt}
      />
    </>
  );
}
