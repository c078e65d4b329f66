import { useCallback, useState } from 'react';
import { readStored, writeStored } from './storage';

/**
 * A choice remembered in localStorage under `key`: the stored value when it is one of `allowed`,
 * else `fallback`. Setting it stores it at once, so the next visit (or a re-mount) starts from it.
 */
export function useStoredChoice<T extends string>(key: string, fallback: T, allowed: readonly T[]): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStored(key);
    return stored !== null && (allowed as readonly string[]).includes(stored) ? (stored as T) : fallback;
  });
  const set = useCallback(
    (next: T) => {
      writeStored(key, next);
      setValue(next);
    },
    [key],
  );
  return [value, set];
}

const FLAG_VALUES = ['true', 'false'] as const;

/** An on/off setting remembered in localStorage as 'true' or 'false'. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useStoredChoice(key, fallback ? 'true' : 'false', FLAG_VALUES);
  const set = useCallback((next: boolean) => setValue(next ? 'true' : 'false'), [setValue]);
  return [value === 'true', set];
}
