import { ToolEditor } from "@/components/tools/tool-editor/tool-editor";
import { load, loadTeamRole } from "@/server/page-guard";

export default async function ToolPage({ params }: { params: Promise<{ team: string; catalog: string; id: string }> }) {
  const { team, catalog, id } = await params;
  const [role, tool] = await Promise.all([loadTeamRole(team), load((api) => api.tool.get({ team, catalog, id }))]);
  // Keyed by id and revision: opening another tool (or a fresh copy) starts a fresh form.
  return (
    <ToolEditor
      key={`${tool.id}:${tool.revision}`}
      team={team}
      catalog={catalog}
      initialTool={tool}
      profile={tool.profile}
      canEdit={role !== "viewer"}
    />
  );
}
