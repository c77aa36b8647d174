import { EventsList } from "@/components/insights/events-list";
import { parseInsightsParams } from "@/components/insights/links";

export const metadata = { title: "Agent events" };

type Params = {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The events behind one number of the Insights page (the catalog layout already checked membership). */
export default async function AgentEventsPage({ params, searchParams }: Params) {
  const { team, catalog } = await params;
  const { scope, filters } = parseInsightsParams(await searchParams);
  return (
    <div>
      <h2 className="mb-2 text-lg font-semibold">Agent events</h2>
      <EventsList team={team} catalog={catalog} scope={scope} filters={filters} />
    </div>
  );
}
