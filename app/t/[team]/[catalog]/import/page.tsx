import { forbidden, notFound } from "next/navigation";
import { ImportWizard } from "@/components/catalog/import/import-wizard";
import { load } from "@/server/page-guard";

export default async function ImportPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const teams = await load((api) => api.team.mine());
  const role = teams.find((t) => t.slug === team)?.role;
  if (!role) notFound();
  if (role === "viewer") forbidden();
  return (
    <div>
      <h2 className="mb-1 text-lg font-semibold">Import tools</h2>
      <p className="mb-4 text-sm text-stone-600">Nothing is written until you import; the preview shows exactly what will change.</p>
      <ImportWizard team={team} catalog={catalog} />
    </div>
  );
}
