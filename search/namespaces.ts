/** Groups hits by namespace in order of first appearance (a tool_search_output lists one entry per namespace). */
export function mergeHitsByNamespace<T extends { namespace?: string | null }>(
  items: T[],
): Array<{ namespace: string | null; items: T[] }> {
  const groups = new Map<string | null, { namespace: string | null; items: T[] }>();
  for (const item of items) {
    const namespace = item.namespace ?? null;
    let group = groups.get(namespace);
    if (!group) groups.set(namespace, (group = { namespace, items: [] }));
    group.items.push(item);
  }
  return [...groups.values()];
}
