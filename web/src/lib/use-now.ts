import { useEffect, useState } from 'react';

/**
 * The current time in ms, renewed every `everyMs` while `active`, so time-based highlights fade on
 * their own (and nothing ticks while none is shown).
 */
export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
