import { MembersPanel } from "@/components/members-panel";
import { loadTeamRole } from "@/server/page-guard";

export default async function MembersPage({ params }: { params: Promise<{ team: string }> }) {
  const { team } = await params;
  const role = await loadTeamRole(team);
  return (
    <div>
      <h1 className="mb-1 text-2xl font-semibold">Members</h1>
      <p className="mb-6 text-sm text-stone-600">
        Viewers read, editors edit catalogs, owners also manage members and agent tokens.
      </p>
      <MembersPanel team={team} canManage={role === "owner"} />
    </div>
  );
}
