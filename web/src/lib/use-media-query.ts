import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => globalThis.matchMedia?.(query).matches ?? false, () => false);
}

/** Phones: the width below which the shell and the lists take their narrow shapes (layout.css). */
export const NARROW_SCREEN = '(max-width: 640px)';
