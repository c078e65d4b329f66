export const PRODUCT_NAME = 'HamLog';

/** Every API call goes to this base path on the same origin. */
export const API_BASE = '/api';

/** Keys under which the browser remembers things (localStorage unless noted). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  subscription: 'subscription',
  refId: 'ref_id',
  darkMode: 'darkMode',
  /** sessionStorage: the highest log position this tab has seen. */
  minPosition: 'hamlog.minPosition',
} as const;

export const LOGBOOK_PAGE_SIZE = 500;
