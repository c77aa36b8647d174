import { InsightsPanel } from "@/components/insights/insights-panel";
import { parseInsightsParams } from "@/components/insights/links";
import { loadCatalogSummary, loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Insights" };

type Params = {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function InsightsPage({ params, searchParams }: Params) {
  const { team, catalog } = await params;
  const { scope } = parseInsightsParams(await searchParams);
  const [role, summary] = await Promise.all([loadTeamRole(team), loadCatalogSummary(team, catalog)]);
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Insights</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          What agents searched and called with this catalog, as they reported it: requests that found nothing or the
          wrong tools, the tool the model called in the end and how the call went. Every number opens the events behind
          it; a failing request becomes a golden query, and words of successful requests become search terms, in one
          click (both go through review before agents see them).
        </p>
      </div>
      <InsightsPanel
        team={team}
        catalog={catalog}
        scope={scope}
        canEdit={role === "owner" || role === "editor"}
        isOwner={role === "owner"}
        hasPublished={summary?.latestVersion != null}
      />
    </div>
  );
}
