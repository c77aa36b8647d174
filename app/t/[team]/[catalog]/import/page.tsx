import { forbidden } from "next/navigation";
import { ImportWizard } from "@/components/import/import-wizard";
import { loadTeamRole } from "@/server/page-guard";
import exampleTools from "@/prisma/seed-data/example-helpdesk-tools.json";

export default async function ImportPage({
  params,
  searchParams,
}: {
  params: Promise<{ team: string; catalog: string }>;
  searchParams: Promise<{ source?: string; example?: string }>;
}) {
  const { team, catalog } = await params;
  const { source, example } = await searchParams;
  const role = await loadTeamRole(team);
  if (role === "viewer") forbidden();
  // An empty catalog's "Load example tools" arrives with the example pasted in, ready to preview.
  const initial =
    example === "helpdesk" ? { text: JSON.stringify(exampleTools, null, 2), namespace: "helpdesk" } : undefined;
  return (
    <div>
      <h2 className="mb-1 text-lg font-semibold">Import tools</h2>
      <p className="mb-4 text-sm text-stone-600">
        Nothing is written until you import; the preview shows exactly what will change.
      </p>
      <ImportWizard
        team={team}
        catalog={catalog}
        initialSource={source === "live" ? "live" : "paste"}
        initial={initial}
      />
    </div>
  );
}
