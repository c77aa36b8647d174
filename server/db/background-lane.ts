/**
 * Statements that may wait (agent-event ingest) run here, behind everyone else's: at most `slots` at once, each
 * started only once the database has had no other work for `idleMs` (so a request's next statement, a few
 * milliseconds after its last, does not find one of these in its way), or after waiting `maxWaitMs` whatever runs
 * (so steady traffic slows this work down but never stops it). Another user's statement then waits at most for
 * the background statement already running, never for a queue of them.
 */
export interface BackgroundLaneOptions {
  slots: number;
  /** True while statements other than this lane's run or wait (read on each check). */
  busy: () => boolean;
  idleMs?: number;
  maxWaitMs?: number;
  /**
   * While other work was seen within the last `recentMs`, the lane takes at most this share of the time: after a
   * statement of d ms it rests d × (1 − share) / share before the next. Alone, it runs back to back.
   */
  share?: number;
  recentMs?: number;
}

interface Waiting {
  start: () => void;
  since: number;
}

export class BackgroundLane {
  readonly #options: Required<BackgroundLaneOptions>;
  readonly #queue: Waiting[] = [];
  #running = 0;
  #lastBusyAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #restUntil = 0;

  constructor(options: BackgroundLaneOptions) {
    this.#options = { idleMs: 5, maxWaitMs: 200, share: 0.5, recentMs: 1000, ...options };
  }

  /** Statements of this lane running now. */
  get running(): number {
    return this.#running;
  }

  /** Runs `task` when the lane lets it (see above); its result or error as it is. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        since: performance.now(),
        start: () => {
          this.#running++;
          const started = performance.now();
          task()
            .then(resolve, reject)
            .finally(() => {
              this.#running--;
              this.#rest(performance.now() - started);
              this.check();
            });
        },
      });
      this.check();
    });
  }

  /** After a statement of `tookMs`: rest, while others use the database, so this lane keeps to its share. */
  #rest(tookMs: number): void {
    const { share, recentMs } = this.#options;
    const now = performance.now();
    if (this.#options.busy()) this.#lastBusyAt = now;
    if (now - this.#lastBusyAt < recentMs)
      this.#restUntil = Math.max(this.#restUntil, now + (tookMs * (1 - share)) / share);
  }

  /** Starts what may start now; otherwise looks again when it could. Call it when other work ends, to be prompt. */
  check(): void {
    const now = performance.now();
    if (this.#options.busy()) this.#lastBusyAt = now;
    while (this.#running < this.#options.slots && this.#queue.length > 0) {
      const idleFor = now - this.#lastBusyAt;
      const waited = now - this.#queue[0]!.since;
      const resting = this.#restUntil - now;
      if (resting > 0 || (idleFor < this.#options.idleMs && waited < this.#options.maxWaitMs)) {
        const wait = Math.min(this.#options.idleMs - idleFor, this.#options.maxWaitMs - waited);
        const inMs = Math.max(resting, wait);
        if (!this.#timer) this.#timer = setTimeout(() => ((this.#timer = null), this.check()), Math.max(1, inMs));
        return;
      }
      this.#queue.shift()!.start();
    }
  }
}
