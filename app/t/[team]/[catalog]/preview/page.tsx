import { FirstRequestPreview } from "@/components/playground/first-request-preview";
import { load } from "@/server/page-guard";

export default async function FirstRequestPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const sources = await load((api) => api.playground.sources({ team, catalog }));
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">First request</h2>
        <p className="text-sm text-stone-600">
          What the model sees on turn one for a client profile: the exact <span className="font-mono">tools</span> array, and what deferring saves against sending every
          tool.
        </p>
      </div>
      <FirstRequestPreview team={team} catalog={catalog} versions={sources.snapshots.map((s) => s.version)} defaultLimit={sources.defaultLimit} />
    </div>
  );
}
