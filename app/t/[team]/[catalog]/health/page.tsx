import { HealthPanel } from "@/components/health/health-panel";
import { parseHealthParams } from "@/components/health/links";

export const metadata = { title: "Health" };

type Params = {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function HealthPage({ params, searchParams }: Params) {
  const { team, catalog } = await params;
  const view = parseHealthParams(await searchParams);
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Health</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          The catalog check over the draft: what would make an agent pick the wrong tool, miss the right one, or do
          something the user did not ask for. Each finding says what to change; open the tool to fix it, or the
          Playground to see the request that shows it.
        </p>
      </div>
      <HealthPanel team={team} catalog={catalog} view={view} />
    </div>
  );
}
