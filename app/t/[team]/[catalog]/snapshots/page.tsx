import { SnapshotList } from "@/components/snapshots/snapshot-list";
import { NoToolsNotice } from "@/components/tools/no-tools-notice";
import { loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Snapshots" };

export default async function SnapshotsPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, summary] = await Promise.all([loadTeamRole(team), loadCatalogSummary(team, catalog)]);
  const canPublish = role === "owner" || role === "editor";
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Snapshots</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          Published versions are immutable: agents fetch one by number or as latest and verify it by its content hash.
          To undo a release, roll back — the old content is published again as a new version.
        </p>
      </div>
      {summary?.counts.total === 0 && summary.latestVersion === null ? (
        <NoToolsNotice team={team} catalog={catalog} canEdit={canPublish} title="Nothing published yet">
          Agents read published versions, and a version needs tools: add tools first, then review the draft and publish
          version 1.
        </NoToolsNotice>
      ) : (
        <SnapshotList team={team} catalog={catalog} canPublish={canPublish} />
      )}
    </div>
  );
}
