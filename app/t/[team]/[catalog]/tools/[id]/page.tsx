import { ToolEditor } from "@/components/catalog/tool-editor/tool-editor";
import { load } from "@/server/page-guard";

export default async function ToolPage({ params }: { params: Promise<{ team: string; catalog: string; id: string }> }) {
  const { team, catalog, id } = await params;
  const [teams, tool] = await Promise.all([
    load((api) => api.team.mine()),
    load((api) => api.tool.get({ team, catalog, id })),
  ]);
  const role = teams.find((t) => t.slug === team)?.role ?? "viewer";
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
