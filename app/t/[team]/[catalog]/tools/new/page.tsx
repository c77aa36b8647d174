import { forbidden } from "next/navigation";
import { ToolEditor } from "@/components/tools/tool-editor/tool-editor";
import { load, loadTeamRole } from "@/server/page-guard";

export default async function NewToolPage({ params }: { params: Promise<{ team: string; catalog: string }> }) {
  const { team, catalog } = await params;
  const [role, settings] = await Promise.all([loadTeamRole(team), load((api) => api.catalog.get({ team, catalog }))]);
  if (role === "viewer") forbidden();
  return <ToolEditor team={team} catalog={catalog} initialTool={null} profile={settings.engineProfile} canEdit />;
}
