import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the page is server-rendered HTML, true once React has hydrated it. A form rendered on the
 * server keeps its controls disabled until then: a click before hydration would submit natively (a reload
 * that loses what was typed) and typing would be reset by hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
