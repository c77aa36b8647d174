import { GoldenPanel } from "@/components/golden/golden-panel";
import { NoToolsNotice } from "@/components/tools/no-tools-notice";
import { loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Golden queries" };

export default async function GoldenQueriesPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, summary] = await Promise.all([loadTeamRole(team), loadCatalogSummary(team, catalog)]);
  const canEdit = role === "owner" || role === "editor";
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Golden queries</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          What users ask and which tools should answer. Every review and publish ranks them with the catalog&apos;s
          engine profile — the way agents will — and reports success@1, recall@K, MRR and nDCG@10.
        </p>
      </div>
      {summary?.counts.total === 0 && (
        <div className="mb-4">
          <NoToolsNotice team={team} catalog={catalog} canEdit={canEdit}>
            A golden query names the tools that should answer, so add tools first; then add queries below, import a
            JSONL file, or save them from the Playground.
          </NoToolsNotice>
        </div>
      )}
      <GoldenPanel team={team} catalog={catalog} canEdit={canEdit} />
    </div>
  );
}
