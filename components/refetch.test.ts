import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refetchAfterChange } from "./refetch";

/** A query whose loads the test answers by hand, as a server that read its data before or after a change. */
function slowList() {
  const loads: Array<(rows: string[]) => void> = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: ["members"],
    queryFn: () => new Promise<string[]>((resolve) => loads.push(resolve)),
  });
  const unsubscribe = observer.subscribe(() => undefined); // on screen: an active query
  return { queryClient, observer, loads, unsubscribe };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("refetchAfterChange", () => {
  it("loads again when a change lands while the first load is in flight", async () => {
    const { queryClient, observer, loads, unsubscribe } = slowList();
    await tick();
    expect(loads).toHaveLength(1); // the first load, answered from before the change
    const refetched = refetchAfterChange(queryClient, { queryKey: ["members"] });
    await tick();
    loads[0]!(["owner"]);
    await tick();
    expect(loads).toHaveLength(2);
    loads[1]!(["owner", "editor (invited)"]);
    await refetched;
    expect(observer.getCurrentResult().data).toEqual(["owner", "editor (invited)"]);
    unsubscribe();
  });

  it("shows the stale first load with invalidateQueries alone (why the helper exists)", async () => {
    const { queryClient, observer, loads, unsubscribe } = slowList();
    await tick();
    const invalidated = queryClient.invalidateQueries({ queryKey: ["members"] });
    await tick();
    loads[0]!(["owner"]);
    await invalidated;
    expect(loads).toHaveLength(1);
    expect(observer.getCurrentResult().data).toEqual(["owner"]);
    unsubscribe();
  });

  it("refetches a loaded query once", async () => {
    const { queryClient, observer, loads, unsubscribe } = slowList();
    await tick();
    loads[0]!(["owner"]);
    await tick();
    const refetched = refetchAfterChange(queryClient, { queryKey: ["members"] });
    await tick();
    expect(loads).toHaveLength(2);
    loads[1]!(["owner", "viewer (invited)"]);
    await refetched;
    expect(observer.getCurrentResult().data).toEqual(["owner", "viewer (invited)"]);
    unsubscribe();
  });

  it("leaves a one-off fetchQuery in flight alone", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer!: (ids: string[]) => void;
    const ids = queryClient.fetchQuery({
      queryKey: ["members", "ids"],
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    await tick();
    await refetchAfterChange(queryClient, { queryKey: ["members"] });
    answer(["u1", "u2"]);
    await expect(ids).resolves.toEqual(["u1", "u2"]);
  });
});
