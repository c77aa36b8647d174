// Where a page's main thread spent its time, from a Chrome trace (Playwright's browser.startTracing/stopTracing with
// the devtools.timeline category): the self time of each kind of event, nested events subtracted from their parent.

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** The trace's renderer main threads (pid:tid), by the thread names Chrome records. */
function mainThreads(events: TraceEvent[]): Set<string> {
  return new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
}

/** Self time (ms) by event name on the renderer main thread, largest first; `RunTask` alone is the idle-free rest. */
export function mainThreadSelfTimes(trace: Buffer | string): Array<[string, number]> {
  const parsed = JSON.parse(String(trace)) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const threads = mainThreads(events);
  const complete = events
    .filter((e) => e.ph === "X" && e.dur !== undefined && threads.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stacks = new Map<string, Array<{ end: number; name: string }>>();
  for (const e of complete) {
    const thread = `${e.pid}:${e.tid}`;
    const stack = stacks.get(thread) ?? [];
    stacks.set(thread, stack);
    while (stack.length > 0 && stack.at(-1)!.end <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur!);
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  return [...self].map(([name, us]) => [name, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]);
}
