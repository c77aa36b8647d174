import Link from "next/link";
import { CatalogSettingsForm } from "@/components/settings/catalog-settings-form";
import { load, loadTeamRole } from "@/server/page-guard";

export default async function CatalogSettingsPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, settings] = await Promise.all([loadTeamRole(team), load((api) => api.catalog.get({ team, catalog }))]);
  return (
    <div className="max-w-3xl">
      <h2 className="mb-1 text-lg font-semibold">Settings</h2>
      <p className="mb-4 text-sm text-stone-600">
        Namespace names and descriptions are on the{" "}
        <Link href={`/t/${team}/${catalog}/namespaces`} className="underline">
          Namespaces
        </Link>{" "}
        page.
      </p>
      <CatalogSettingsForm team={team} settings={settings} canEdit={role !== "viewer"} isOwner={role === "owner"} />
    </div>
  );
}
