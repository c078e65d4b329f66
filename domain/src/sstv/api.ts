/**
 * The public SSTV archive (/sstv, decision 0051): the newest SSTV images attached to QSOs that are
 * not deleted, newest attachment first. GET /api/vsstv?before={cursor}&size={n} pages by keyset:
 * the cursor is the attachment's place in the log (its global position, which is unique and grows
 * in the order images are attached), so a page costs the same however deep it is, and an image
 * attached while someone reads never shifts the next page.
 */

/** The page's address (the header's link). */
export const SSTV_ARCHIVE_PATH = '/sstv';
/** The read call's path under /api. */
export const SSTV_ARCHIVE_API_PATH = '/vsstv';

export const SSTV_ARCHIVE_PAGE_SIZE = 24;
export const SSTV_ARCHIVE_MAX_PAGE_SIZE = 60;

export interface SstvArchiveImage {
  /** Served at /media/{file_name}. */
  file_name: string;
  /** The QSO it is attached to (its page is /qso/{qdo_id}). */
  qdo_id: string;
  /** Who logged the QSO, and whom they worked. */
  station_callsign: string;
  call: string;
  /** QSO time, ISO 8601 UTC. */
  qso_at: string;
  band: string;
  mode: string;
}

export interface SstvArchiveAnswer {
  images: SstvArchiveImage[];
  /** The `before` of the next (older) page; null when this page is the last. */
  next: string | null;
}

/** A cursor as the call takes it: a whole number above 0 (an attachment's log position). */
export function parseSstvCursor(text: string): number | null {
  if (!/^[1-9]\d{0,17}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

export const sstvCursor = (position: number): string => String(position);

export const SSTV_ARCHIVE_CURSOR_INVALID = 'The before field must be a cursor from a previous page of the SSTV archive.';
export const sstvArchiveSizeInvalid = (max: number): string => `The size field must be a whole number from 1 to ${max}.`;

/** What the page says to people. */
export const SSTV_ARCHIVE_TITLE = 'SSTV archive';
export const SSTV_ARCHIVE_INTRO = 'The newest slow-scan TV pictures received and sent by HamLog stations, attached to their QSOs.';
export const SSTV_ARCHIVE_EMPTY = 'No SSTV images yet. Images attached to QSOs appear here.';
export const SSTV_ARCHIVE_LOADING = 'Loading SSTV images...';
export const SSTV_ARCHIVE_LOAD_FAILED = 'The SSTV archive could not be loaded. Please try again.';
export const SSTV_ARCHIVE_MORE = 'Older images';
export const SSTV_ARCHIVE_END = 'That is every SSTV image.';
export const sstvImageAlt = (image: Pick<SstvArchiveImage, 'station_callsign' | 'call'>): string => `SSTV image from the QSO of ${image.station_callsign} with ${image.call}`;
