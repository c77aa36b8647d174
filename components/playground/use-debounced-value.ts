"use client";

import { useEffect, useState } from "react";

/** `value`, once it has stopped changing for `delay` ms (typing does not send a request per keystroke). */
export function useDebouncedValue<T>(value: T, delay = 200): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
