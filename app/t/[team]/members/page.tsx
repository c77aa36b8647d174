import { MembersPanel } from "@/components/members-panel";
import { load } from "@/server/page-guard";

export default async function MembersPage({ params }: { params: Promise<{ team: string }> }) {
  const { team } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
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
