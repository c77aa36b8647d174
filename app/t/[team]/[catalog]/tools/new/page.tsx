import { forbidden, notFound } from "next/navigation";
import { ToolEditor } from "@/components/catalog/tool-editor/tool-editor";
import { load } from "@/server/page-guard";

export default async function NewToolPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [teams, settings] = await Promise.all([
    load((api) => api.team.mine()),
    load((api) => api.catalog.get({ team, catalog })),
  ]);
  const role = teams.find((t) => t.slug === team)?.role;
  if (!role) notFound();
  if (role === "viewer") forbidden();
  return <ToolEditor team={team} catalog={catalog} initialTool={null} profile={settings.engineProfile} canEdit />;
}
