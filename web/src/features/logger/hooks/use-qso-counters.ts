import { useCallback, useState } from 'react';
import { readStored, writeStored } from '@/lib/storage';
import { addDuration, averageDuration, parseDurations } from '../utils/durations';
import { PREFERENCE_KEYS, SESSION_COUNT_KEY } from '../utils/preferences';

export interface LastQso {
  qdo_id: string;
  Call: string;
  TS: string;
}

function storedCount(): number {
  const n = Number(readStored(SESSION_COUNT_KEY, 'session'));
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * The locally kept counters: QSOs logged this browser session and the stored QSO durations with
 * their rounded average. Reset Counters clears them.
 */
export function useQsoCounters() {
  const [durations, setDurations] = useState(() => parseDurations(readStored(PREFERENCE_KEYS.durations)));
  const [sessionCount, setSessionCount] = useState(storedCount);

  const record = useCallback((seconds: number, last: LastQso) => {
    const list = addDuration(parseDurations(readStored(PREFERENCE_KEYS.durations)), seconds);
    writeStored(PREFERENCE_KEYS.durations, JSON.stringify(list));
    writeStored(PREFERENCE_KEYS.averageQsoDuration, String(averageDuration(list)));
    writeStored(PREFERENCE_KEYS.lastQso, JSON.stringify(last));
    const count = storedCount() + 1;
    writeStored(SESSION_COUNT_KEY, String(count), 'session');
    setDurations(list);
    setSessionCount(count);
  }, []);

  const reset = useCallback(() => {
    writeStored(PREFERENCE_KEYS.durations, null);
    writeStored(PREFERENCE_KEYS.averageQsoDuration, null);
    writeStored(SESSION_COUNT_KEY, null, 'session');
    setDurations([]);
    setSessionCount(0);
  }, []);

  return { sessionCount, averageSeconds: averageDuration(durations), record, reset };
}
