import type { CATEGORY_FIELDS } from '@hamlog/domain/contests/rules/api';

/** The category fields' names on the contest pages (Cabrillo's CATEGORY-* tags). */
export const CATEGORY_LABELS: Record<(typeof CATEGORY_FIELDS)[number], string> = {
  operator: 'Operator',
  assisted: 'Assisted',
  band: 'Band',
  power: 'Power',
  mode: 'Mode',
  transmitter: 'Transmitter',
  overlay: 'Overlay',
};
