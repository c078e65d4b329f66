/**
 * Errors meaning PostgreSQL is not there right now (restarting, failing over, shutting down)
 * rather than that the statement was wrong: the caller may try again shortly.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '08000', '08001', '08003', '08004', '08006', // connection exceptions
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT',
  'ENOENT', // the Unix socket is gone while the server is down
]);

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (UNAVAILABLE_MESSAGES.some((m) => e instanceof Error && e.message.startsWith(m))) return true;
  }
  return false;
}
