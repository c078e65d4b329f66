/** How long contacts take: seconds from the callsign search to Log, kept locally, averaged. */

/** Only the most recent durations are kept, so the stored list stays small. */
export const DURATIONS_KEPT = 200;

/** Seconds between two instants (ms), rounded, never negative. */
export function qsoDurationSeconds(startedAt: number | null, loggedAt: number): number {
  if (startedAt === null || !Number.isFinite(startedAt)) return 0;
  return Math.max(0, Math.round((loggedAt - startedAt) / 1000));
}

/** The stored list (JSON text), keeping only whole non-negative numbers. */
export function parseDurations(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((n): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0).map(Math.round);
  } catch {
    return [];
  }
}

export function addDuration(list: readonly number[], seconds: number): number[] {
  return [...list, Math.max(0, Math.round(seconds))].slice(-DURATIONS_KEPT);
}

/** The rounded mean in seconds; 0 without durations. */
export function averageDuration(list: readonly number[]): number {
  if (list.length === 0) return 0;
  return Math.round(list.reduce((sum, n) => sum + n, 0) / list.length);
}

/** '42 s', '3 min 05 s'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
