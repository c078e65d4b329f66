import { useEffect, type KeyboardEvent, type RefObject } from 'react';

/** A modal's focus on open: on `start`; on close, back where it was (if that is still in the page). */
export function useModalFocus(start: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    start.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [start]);
}

/** Tab and Shift+Tab wrap around the `focusable` elements inside `modal`, so focus never leaves it. */
export function keepTabInside(event: KeyboardEvent, modal: HTMLElement | null, focusable: string): void {
  const items = Array.from(modal?.querySelectorAll<HTMLElement>(focusable) ?? []);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
