import { GoldenPanel } from "@/components/golden/golden-panel";
import { load } from "@/server/page-guard";

export const metadata = { title: "Golden queries" };

export default async function GoldenQueriesPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Golden queries</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          What users ask and which tools should answer. Every review and publish ranks them with the catalog&apos;s engine profile — the way agents will — and
          reports success@1, recall@K, MRR and nDCG@10.
        </p>
      </div>
      <GoldenPanel team={team} catalog={catalog} canEdit={role === "owner" || role === "editor"} />
    </div>
  );
}
