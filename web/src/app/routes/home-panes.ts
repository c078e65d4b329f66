import { PRODUCT_NAME } from '@/config/app';

/** The home page's panes, selected by number (core.md §2); -1 is the home pane itself. */
export const HOME_PANES = [
  { id: -1, slug: 'home', label: 'Home' },
  { id: 2, slug: 'yesterday', label: 'Yesterday' },
  { id: 1, slug: 'today', label: 'Today' },
  { id: 3, slug: 'week', label: 'This Week' },
  { id: 4, slug: 'month', label: 'This Month' },
  { id: 10, slug: 'awards', label: `${PRODUCT_NAME} Awards` },
  { id: 11, slug: 'globe', label: 'Globe' },
] as const;

export type HomePane = (typeof HOME_PANES)[number];
export type HomePaneId = HomePane['id'];

export const HOME_PANE: HomePane = HOME_PANES[0];

/** The pane an address asks for (?pane=N); anything else is the home pane. */
export function paneFromParam(value: string | null): HomePane {
  if (value === null || !/^-?\d+$/.test(value.trim())) return HOME_PANE;
  const id = Number(value.trim());
  return HOME_PANES.find((pane) => pane.id === id) ?? HOME_PANE;
}

/** The search string for a pane: the home pane leaves ?pane out; other parameters stay. */
export function paramsForPane(params: URLSearchParams, pane: HomePane): URLSearchParams {
  const next = new URLSearchParams(params);
  if (pane.id === HOME_PANE.id) next.delete('pane');
  else next.set('pane', String(pane.id));
  return next;
}

/** Where the arrow keys, Home and End move the selection in the tab list; null for other keys. */
export function paneIndexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
