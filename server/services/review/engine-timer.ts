/**
 * Collects where publishing spends its time, for the publish benchmark: `engineMs` inside the ranking
 * engine (index builds, searches, metrics), `phases` per named step of the publishing transaction.
 */
export interface EngineTimer {
  engineMs: number;
  phases?: Record<string, number>;
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

export async function phase<T>(timer: EngineTimer | undefined, name: string, work: () => Promise<T> | T): Promise<T> {
  if (!timer?.phases) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    timer.phases[name] = (timer.phases[name] ?? 0) + performance.now() - start;
  }
}
