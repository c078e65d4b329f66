/**
 * A `redirect` query value is followed only when it is a path on this site
 * (starts with one slash, not `//` or `/\`), so links cannot send users elsewhere.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters (a tab or newline can smuggle in another host) is the point
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginUrlFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
