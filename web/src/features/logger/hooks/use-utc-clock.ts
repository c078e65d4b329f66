import { useEffect, useState } from 'react';
import { utcMinuteValue } from '@/utils/time';

/** The current UTC minute ('YYYY-MM-DDTHH:MM'), checked every second (spec: clock tick 1 s). */
export function useUtcMinute(enabled = true): string {
  const [value, setValue] = useState(() => utcMinuteValue(new Date()));
  useEffect(() => {
    if (!enabled) return;
    const tick = () => setValue(utcMinuteValue(new Date()));
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [enabled]);
  return value;
}
