export const PRODUCT_NAME = 'HamLog';

/** Every API call goes to this base path on the same origin. */
export const API_BASE = '/api';

/** Keys under which the browser remembers things (localStorage unless noted). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  subscription: 'subscription',
  refId: 'ref_id',
  /** While switched into a sub-account: the main account's session, to go back to. */
  mainSession: 'main_session',
  /** 'light' or 'dark' when chosen; absent follows the system (public/theme.js reads it too). */
  theme: 'theme',
  /** The former Dark Mode flag ('true'), read once as a choice of 'dark'. */
  legacyDarkMode: 'darkMode',
  /** A random id per browser, sent as session_id with page views. */
  userTrackingId: 'user_tracking_id',
  /** sessionStorage: the highest log position this tab has seen. */
  minPosition: 'hamlog.minPosition',
} as const;

export const LOGBOOK_PAGE_SIZE = 500;

// --- Timers and limits of the screens (spec section 9); the rules' own limits are the domain's ---
/** /vsr (unread count, subscription, following) is polled this often while signed in. */
export const STATUS_POLL_MS = 10_000;
/** Desktop notifications are shown only on windows wider than this. */
export const DESKTOP_NOTIFICATION_MIN_WIDTH = 550;
export const CALLSIGN_SEARCH_MIN = 3;
export const QR_CODE_WIDTH = 200;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'] as const;
/** Uploaded files are served here (infra file storage). */
export const MEDIA_BASE = '/media';

/** Where the upgrade buttons go: /support-us starts the free trial or the subscription (features/payments). */
export const UPGRADE_PATH = '/support-us';
/** Where a page that needs a subscription sends those without one (the shell shows the upgrade or register notice). */
export const UPGRADE_REQUIRED_URL = '/?upgrade-required=1';
/** The small advert shown to non-subscribers beside UPGRADE FREE. */
export const AD_LINK = { href: '/download', label: 'Get the desktop app' } as const;
export const FAQ_PATH = '/post/74/Help-and-Support';

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/hamlog' },
  { label: 'YouTube', href: 'https://www.youtube.com/@hamlog' },
  { label: 'Instagram', href: 'https://www.instagram.com/hamlog' },
  { label: 'X (Twitter)', href: 'https://x.com/hamlog' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@hamlog' },
] as const;
