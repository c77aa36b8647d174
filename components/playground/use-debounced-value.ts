"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delay` ms (what should wait for typing to stop, not follow each key). */
export function useDebouncedValue<T>(value: T, delay = 200): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
