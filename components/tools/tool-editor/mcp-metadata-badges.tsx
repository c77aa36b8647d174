import type { McpToolMetadata } from "@/domain/snapshot/verify";
import { mcpHints } from "@/domain/tool-rules/mcp-metadata";
import { plural } from "@/components/ui/plural";

const HINT_STYLE = { true: "bg-amber-100 text-amber-900", false: "bg-stone-100 text-stone-600" } as const;

/**
 * What the MCP server said about the tool beyond its schema: the behaviour hints as badges (a hint set to false
 * is shown struck through: the server said so explicitly), plus whether it declares an output schema, icons,
 * task support and _meta. Read-only: these come from the server and go back to MCP clients as received.
 */
export function McpMetadataBadges({ metadata }: { metadata: McpToolMetadata | null }) {
  if (!metadata) return null;
  const hints = mcpHints(metadata);
  const displayTitle = typeof metadata.annotations?.title === "string" ? metadata.annotations.title : null;
  const taskSupport = typeof metadata.execution?.taskSupport === "string" ? metadata.execution.taskSupport : null;
  const extras = [
    metadata.outputSchema ? "output schema" : null,
    metadata.icons?.length ? plural(metadata.icons.length, "icon") : null,
    taskSupport ? `tasks: ${taskSupport}` : null,
    metadata._meta ? "_meta" : null,
  ].filter((label): label is string => label !== null);
  return (
    <div aria-label="MCP metadata" className="space-y-1">
      <p className="text-sm font-medium text-stone-800">MCP metadata</p>
      <ul className="flex flex-wrap gap-1.5">
        {hints.map((hint) => (
          <li
            key={hint.key}
            title={`${hint.key}: ${hint.value}`}
            className={`rounded px-2 py-0.5 text-xs ${HINT_STYLE[String(hint.value) as "true" | "false"]} ${hint.value ? "" : "line-through"}`}
          >
            {hint.label}
          </li>
        ))}
        {extras.map((label) => (
          <li key={label} className="rounded bg-sky-50 px-2 py-0.5 text-xs text-sky-900">
            {label}
          </li>
        ))}
      </ul>
      {displayTitle && <p className="text-xs text-stone-500">Display title (annotations.title): {displayTitle}</p>}
    </div>
  );
}
