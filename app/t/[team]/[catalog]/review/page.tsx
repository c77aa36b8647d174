import { ReviewPanel } from "@/components/review/review-panel";
import { load } from "@/server/page-guard";

export const metadata = { title: "Review & publish" };

export default async function ReviewPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  return (
    <div>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Review &amp; publish</h2>
        <p className="max-w-3xl text-sm text-stone-600">
          The draft (the catalog as it is now) against the latest published version: how every golden query&apos;s top K moves, the metrics, and each changed tool. A
          published version never changes; agents fetch it by number or as latest.
        </p>
      </div>
      <ReviewPanel team={team} catalog={catalog} canPublish={role === "owner" || role === "editor"} />
    </div>
  );
}
