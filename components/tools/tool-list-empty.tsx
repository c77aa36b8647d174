import { AddToolsLinks } from "./no-tools-notice";
import { secondaryButtonClass } from "../ui/control-styles";

/** What an empty list says: a filter that matches nothing, or a catalog with no tools and the ways to add some. */
export function ToolListEmpty({
  team,
  catalog,
  canEdit,
  isFiltered,
  onClear,
}: {
  team: string;
  catalog: string;
  canEdit: boolean;
  isFiltered: boolean;
  onClear: () => void;
}) {
  if (isFiltered) {
    return (
      <div className="space-y-2">
        <p>No tool matches these filters.</p>
        <button type="button" onClick={onClear} className={secondaryButtonClass}>
          Clear the filters
        </button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg space-y-3 py-4">
      <p className="text-base font-medium text-stone-900">This catalog has no tools yet</p>
      <p className="text-sm">
        {canEdit
          ? "Bring in the tools your agent uses: read them from an MCP server, paste a tools list, or add one by hand."
          : "An editor of this team adds tools here."}
      </p>
      {canEdit && <AddToolsLinks team={team} catalog={catalog} />}
    </div>
  );
}
