import { Playground } from "@/components/playground/playground";
import { NoToolsNotice } from "@/components/tools/no-tools-notice";
import { load, loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export default async function PlaygroundPage({
  params,
  searchParams,
}: {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<{ q?: string }>;
}) {
  const { team, catalog } = await params;
  const { q } = await searchParams;
  const [sources, role, summary] = await Promise.all([
    load((api) => api.playground.sources({ team, catalog })),
    loadTeamRole(team),
    loadCatalogSummary(team, catalog),
  ]);
  const canEdit = role === "owner" || role === "editor";
  // Nothing to rank in the draft nor in any published version.
  const isEmpty = summary?.counts.total === 0 && sources.snapshots.length === 0;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Playground</h2>
        <p className="text-sm text-stone-600">
          Rank the deferred tools the way an agent&apos;s <span className="font-mono">tool_search</span> will — same
          snapshot index, same profile — before anything is published.
        </p>
      </div>
      {isEmpty ? (
        <NoToolsNotice team={team} catalog={catalog} canEdit={canEdit}>
          Once it has some, type what a user would ask and see the tools an agent&apos;s{" "}
          <span className="font-mono">tool_search</span> would return, ranked, with the reasons.
        </NoToolsNotice>
      ) : (
        <Playground
          team={team}
          catalog={catalog}
          defaultProfile={sources.profile}
          defaultLimit={sources.defaultLimit}
          versions={sources.snapshots.map((s) => s.version)}
          canEdit={canEdit}
          initialQuery={typeof q === "string" ? q.slice(0, 500) : ""}
        />
      )}
    </div>
  );
}
