/** Collects the time spent inside the ranking engine (index builds, searches, metrics), for the publish benchmark. */
export interface EngineTimer {
  engineMs: number;
}

export function timed<T>(timer: EngineTimer | undefined, work: () => T): T {
  if (!timer) return work();
  const start = performance.now();
  try {
    return work();
  } finally {
    timer.engineMs += performance.now() - start;
  }
}
