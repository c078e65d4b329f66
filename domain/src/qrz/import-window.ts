/** The QRZ Logbook import's reach (community spec §2 'Import and export', §9: the last 2 weeks, new QSOs only). */

export const QRZ_IMPORT_DAYS = 14;

const DAY_MS = 86_400_000;

/** UTC calendar days, both included, as QRZ's FETCH BETWEEN takes them (yyyy-mm-dd). */
export interface QrzImportWindow {
  from: string;
  to: string;
}

/**
 * The days an import asks QRZ for: from the UTC day 14 days before `now` to `now`'s UTC day. QRZ
 * selects by QSO date, so the whole first day is included rather than cut at this time of day.
 */
export function qrzImportWindow(now: Date): QrzImportWindow {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(now.getTime() - QRZ_IMPORT_DAYS * DAY_MS), to: day(now.getTime()) };
}
