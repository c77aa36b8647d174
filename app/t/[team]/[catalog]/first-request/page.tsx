import { FirstRequestPreview } from "@/components/first-request/first-request-preview";
import { NoToolsNotice } from "@/components/tools/no-tools-notice";
import { load, loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export default async function FirstRequestPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [sources, role, summary] = await Promise.all([
    load((api) => api.playground.sources({ team, catalog })),
    loadTeamRole(team),
    loadCatalogSummary(team, catalog),
  ]);
  const isEmpty = summary?.counts.total === 0 && sources.snapshots.length === 0;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">First request</h2>
        <p className="text-sm text-stone-600">
          What the model sees on turn one for a client profile: the exact <span className="font-mono">tools</span>{" "}
          array, and what deferring saves against sending every tool.
        </p>
      </div>
      {isEmpty ? (
        <NoToolsNotice team={team} catalog={catalog} canEdit={role === "owner" || role === "editor"}>
          So the first request carries none. Add tools to see the exact <span className="font-mono">tools</span> array
          for each client and what deferring saves.
        </NoToolsNotice>
      ) : (
        <FirstRequestPreview
          team={team}
          catalog={catalog}
          versions={sources.snapshots.map((s) => s.version)}
          defaultLimit={sources.defaultLimit}
        />
      )}
    </div>
  );
}
