import { NamespacesTable } from "@/components/namespaces/namespaces-table";
import { SourcesSection } from "@/components/sources/sources-section";
import { loadTeamRole } from "@/server/page-guard";

export const metadata = { title: "Namespaces" };

export default async function NamespacesPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const role = await loadTeamRole(team);
  return (
    <div>
      <h2 className="mb-1 text-lg font-semibold">Namespaces</h2>
      <p className="mb-4 max-w-3xl text-sm text-stone-600">
        On turn one the model sees only a namespace&apos;s name and description for its deferred tools. Click a name or
        description to edit it; Enter saves. Renaming changes its tools&apos; keys; golden queries that name the old
        keys are not rewritten.
      </p>
      <NamespacesTable team={team} catalog={catalog} canEdit={role !== "viewer"} />
      <SourcesSection team={team} catalog={catalog} canEdit={role !== "viewer"} />
    </div>
  );
}
