import { useCallback, useMemo, useState } from 'react';

export interface PageSelection {
  /** The chosen QSOs of this page, in the page's order. */
  ids: string[];
  has: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Every QSO of the page, or none when all were chosen. */
  togglePage: () => void;
  clear: () => void;
  /** Whether the page's box is ticked, half-ticked or empty. */
  page: 'none' | 'some' | 'all';
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The QSOs chosen on the logbook's page. Another page or other filters (`scope`) start again with
 * none; a QSO that left the page (marked out of the QSL queue) is no longer chosen.
 */
export function usePageSelection(pageIds: readonly string[], scope: string): PageSelection {
  const [chosen, setChosen] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: NONE });
  const current = chosen.scope === scope ? chosen.ids : NONE;
  const ids = useMemo(() => pageIds.filter((id) => current.has(id)), [pageIds, current]);
  const all = pageIds.length > 0 && ids.length === pageIds.length;

  const toggle = useCallback(
    (id: string) =>
      setChosen((c) => {
        const next = new Set(c.scope === scope ? c.ids : NONE);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return { scope, ids: next };
      }),
    [scope],
  );
  const togglePage = useCallback(() => setChosen({ scope, ids: all ? NONE : new Set(pageIds) }), [scope, all, pageIds]);
  const clear = useCallback(() => setChosen({ scope, ids: NONE }), [scope]);

  return { ids, has: (id) => current.has(id), toggle, togglePage, clear, page: all ? 'all' : ids.length > 0 ? 'some' : 'none' };
}
