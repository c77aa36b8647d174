import { describe, expect, it } from "vitest";
import { BackgroundLane } from "./background-lane";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("BackgroundLane", () => {
  it("runs at most its slots at once, in arrival order, and passes on results and errors", async () => {
    const lane = new BackgroundLane({ slots: 2, busy: () => false, idleMs: 0 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      order.push(n);
      most = Math.max(most, ++running);
      await tick();
      running--;
      if (n === 3) throw new Error("task 3 failed");
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => lane.run(task(n))));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      1,
      2,
      "task 3 failed",
      4,
      5,
    ]);
  });

  it("holds its work while other work runs, starts it once that ends, and never holds it for good", async () => {
    let busy = true;
    const lane = new BackgroundLane({ slots: 1, busy: () => busy, idleMs: 1, maxWaitMs: 60_000 });
    let ran = false;
    const done = lane.run(async () => (ran = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
    busy = false;
    lane.check();
    await done;
    expect(ran).toBe(true);

    // Under steady other work, a task still runs once it has waited maxWaitMs.
    const starved = new BackgroundLane({ slots: 1, busy: () => true, maxWaitMs: 5 });
    expect(await starved.run(async () => "ran anyway")).toBe("ran anyway");
  });
});
