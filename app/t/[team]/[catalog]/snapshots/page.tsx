import { HistoryPanel } from "@/components/snapshots/history-panel";
import { load } from "@/server/page-guard";

export const metadata = { title: "Snapshots" };

export default async function SnapshotsPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Snapshots</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          Published versions are immutable: agents fetch one by number or as latest and verify it by its content hash. To undo a release, roll back — the old
          content is published again as a new version.
        </p>
      </div>
      <HistoryPanel team={team} catalog={catalog} canPublish={role === "owner" || role === "editor"} />
    </div>
  );
}
