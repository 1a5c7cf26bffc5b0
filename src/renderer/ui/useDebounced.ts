import { useEffect, useState } from 'react';

/** 1-attendance §9: searches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The value once it has stopped changing for `delayMs` (1-attendance §9: searches wait 500 ms). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
