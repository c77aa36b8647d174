import { Playground } from "@/components/playground/playground";
import { load } from "@/server/page-guard";

export default async function PlaygroundPage({ params, searchParams }: { params: Promise<{ team: string; catalog: string }>; searchParams: Promise<{ q?: string }> }) {
  const { team, catalog } = await params;
  const { q } = await searchParams;
  const [sources, teams] = await Promise.all([load((api) => api.playground.sources({ team, catalog })), load((api) => api.team.mine())]);
  const role = teams.find((t) => t.slug === team)?.role;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Playground</h2>
        <p className="text-sm text-stone-600">
          Rank the deferred tools the way an agent&apos;s <span className="font-mono">tool_search</span> will — same snapshot index, same profile — before anything is
          published.
        </p>
      </div>
      <Playground
        team={team}
        catalog={catalog}
        defaultProfile={sources.profile}
        defaultLimit={sources.defaultLimit}
        versions={sources.snapshots.map((s) => s.version)}
        canEdit={role === "owner" || role === "editor"}
        initialQuery={typeof q === "string" ? q.slice(0, 500) : ""}
      />
    </div>
  );
}
