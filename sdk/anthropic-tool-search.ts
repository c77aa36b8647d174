// Client-side tool search for Anthropic Messages: a `tool_result` whose content is `tool_reference` blocks.

/** The `tool_result` answering a search `tool_use`; `toolNames` are the names turn one listed (see `flatToolNames`). */
export function toolReferenceResult(
  toolUseId: string,
  toolNames: readonly string[],
): { type: "tool_result"; tool_use_id: string; content: Array<{ type: "tool_reference"; tool_name: string }> } {
  return { type: "tool_result", tool_use_id: toolUseId, content: toolNames.map((name) => ({ type: "tool_reference", tool_name: name })) };
}
