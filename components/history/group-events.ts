/** An entry of the History list: one event, or the events of one change made at once (an import) under its head. */
export interface HistoryEntry<E> {
  head: E;
  members: E[];
}

/**
 * Folds the events that share a group id (newest first, as listed) into one entry, headed by the group's
 * summary event (`catalog.imported`, `catalog.bulk_changed`, `catalog.draft_reset`, `catalog.change_reverted`: a
 * catalog event) when the page has it, else its newest event (the upstream bases it kept only when alone).
 */
export function groupEvents<E extends { action: string; groupId?: string | null }>(events: E[]): HistoryEntry<E>[] {
  const entries: HistoryEntry<E>[] = [];
  const byGroup = new Map<string, E[]>();
  for (const event of events) {
    if (!event.groupId) {
      entries.push({ head: event, members: [] });
      continue;
    }
    const group = byGroup.get(event.groupId);
    if (group) {
      group.push(event);
      continue;
    }
    const members = [event];
    byGroup.set(event.groupId, members);
    entries.push({ head: event, members });
  }
  return entries.map((entry) => {
    if (entry.members.length === 0) return entry;
    // The upstream bases a group kept are bookkeeping: a deletion's entry is headed by the deletion, not by them.
    const shown = entry.members.filter((e) => e.action !== "catalog.upstream_replaced");
    const head = shown.find((e) => e.action.startsWith("catalog.")) ?? shown[0] ?? entry.members[0]!;
    return { head, members: entry.members.filter((e) => e !== head) };
  });
}
