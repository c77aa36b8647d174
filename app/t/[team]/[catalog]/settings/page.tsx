import { CatalogSettingsForm } from "@/components/catalog/catalog-settings-form";
import { NamespacesPanel } from "@/components/catalog/namespaces-panel";
import { load } from "@/server/page-guard";

export default async function CatalogSettingsPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [teams, settings] = await Promise.all([load((api) => api.team.mine()), load((api) => api.catalog.get({ team, catalog }))]);
  const role = teams.find((t) => t.slug === team)?.role ?? "viewer";
  return (
    <div>
      <h2 className="mb-4 text-lg font-semibold">Settings</h2>
      <div className="grid gap-6 xl:grid-cols-2">
        <CatalogSettingsForm team={team} settings={settings} canEdit={role !== "viewer"} isOwner={role === "owner"} />
        <NamespacesPanel team={team} catalog={catalog} canEdit={role !== "viewer"} />
      </div>
    </div>
  );
}
