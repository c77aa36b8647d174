/** An entry of the History list: one event, or the events of one change made at once (an import) under its head. */
export interface HistoryEntry<E> {
  head: E;
  members: E[];
}

/**
 * Folds the events that share a group id (newest first, as listed) into one entry, headed by the group's
 * summary event (`catalog.imported`, `catalog.bulk_changed`, `catalog.draft_reset`, `catalog.change_reverted`: a
 * catalog event) when the page has it, else its newest event.
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
    const head = entry.members.find((e) => e.action.startsWith("catalog.")) ?? entry.members[0]!;
    return { head, members: entry.members.filter((e) => e !== head) };
  });
}
