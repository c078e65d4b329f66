/** Where a callsign is looked up: the log bar call and the external lookup page. */

/** POST /vlogbar/{callsign}: '/' in the callsign travels as '_'. */
export function logbarPath(call: string): string {
  return `/vlogbar/${encodeURIComponent(call.trim().toUpperCase().replace(/\//g, '_'))}`;
}

/** The external lookup page for a callsign (opens in a new tab). */
export function externalLookupUrl(call: string): string {
  return `https://www.qrz.com/db/${encodeURIComponent(call.trim().toUpperCase())}`;
}

/** Where an anonymous visitor goes to log in and come back to the logger with the call searched. */
export function loggerUrlFor(call: string): string {
  const c = call.trim();
  return c ? `/logger?log_callsign=${encodeURIComponent(c)}` : '/logger';
}
