"use client";

import { useSyncExternalStore } from "react";

/** Tailwind's `md` breakpoint: below it a phone, where wide tables show fewer columns. */
const NARROW = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True on a screen narrower than `md` (false on the server and until hydrated). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
