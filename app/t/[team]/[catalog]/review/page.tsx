import { ReviewPanel } from "@/components/review/review-panel";
import { NoToolsNotice } from "@/components/tools/no-tools-notice";
import { loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Review & publish" };

export default async function ReviewPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, summary] = await Promise.all([loadTeamRole(team), loadCatalogSummary(team, catalog)]);
  const canPublish = role === "owner" || role === "editor";
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Review &amp; publish</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          The draft (the catalog as it is now) against the latest published version: how every golden query&apos;s top K
          moves, the metrics, and each changed tool. A published version never changes; agents fetch it by number or as
          latest.
        </p>
      </div>
      {summary?.counts.total === 0 && (
        <div className="mb-6">
          <NoToolsNotice team={team} catalog={catalog} canEdit={canPublish} title="The draft has no tools">
            Add some before publishing version 1: agents that fetch it would find nothing.
          </NoToolsNotice>
        </div>
      )}
      <ReviewPanel team={team} catalog={catalog} canPublish={canPublish} />
    </div>
  );
}
