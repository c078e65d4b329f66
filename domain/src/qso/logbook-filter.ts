/**
 * The logbook's filters (band, mode, DXCC, date range, confirmed or not, by which service), read
 * from a request body the way clients send them (strings or numbers, blanks for "any").
 */
import { normaliseBandName } from '../bands';
import { CONFIRMATION_SERVICES, type ConfirmationService } from './confirmations';

export interface LogbookFilter {
  band?: string;
  /** A mode or a submode (FT8 finds MFSK/FT4 too: whichever the QSO names). */
  mode?: string;
  dxcc?: number;
  /** First and last UTC day, 'YYYY-MM-DD', both included. */
  from?: string;
  to?: string;
  /** Confirmed (by `service`, or by any) or not. */
  confirmed?: boolean;
  service?: ConfirmationService;
  /** The QSL queue: QSOs whose paper card is queued or requested (QSL_SENT Q or R). */
  queue?: 'paper';
}

export const LOGBOOK_FILTER_KEYS = ['band', 'mode', 'dxcc', 'from', 'to', 'confirmed', 'service', 'queue'] as const;

export type LogbookFilterResult = { ok: true; filter: LogbookFilter } | { ok: false; errors: Record<string, string[]> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export function isFiltered(filter: LogbookFilter): boolean {
  return Object.keys(filter).length > 0;
}

export function readLogbookFilter(body: Record<string, unknown>): LogbookFilterResult {
  const filter: LogbookFilter = {};
  const errors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => (errors[key] = [message]);
  const text = (key: string) => (blank(body[key]) ? undefined : String(body[key]).trim());

  const band = text('band');
  if (band !== undefined) {
    const name = normaliseBandName(band);
    if (name) filter.band = name;
    else fail('band', 'The band must be an ADIF band such as 20m.');
  }
  const mode = text('mode');
  if (mode !== undefined) {
    if (/^[A-Z0-9-]{1,20}$/i.test(mode)) filter.mode = mode.toUpperCase();
    else fail('mode', 'The mode must be a mode such as FT8 or SSB.');
  }
  const dxcc = text('dxcc');
  if (dxcc !== undefined) {
    if (/^\d{1,4}$/.test(dxcc)) filter.dxcc = Number(dxcc);
    else fail('dxcc', 'The DXCC field must be an entity number such as 291.');
  }
  for (const key of ['from', 'to'] as const) {
    const day = text(key);
    if (day === undefined) continue;
    if (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))) filter[key] = day;
    else fail(key, `The ${key} date must be a date (YYYY-MM-DD).`);
  }
  if (filter.from && filter.to && filter.from > filter.to) fail('to', 'The to date must not be before the from date.');
  const confirmed = text('confirmed');
  if (confirmed !== undefined) {
    const value = confirmed.toLowerCase();
    if (['yes', 'true', '1'].includes(value)) filter.confirmed = true;
    else if (['no', 'false', '0'].includes(value)) filter.confirmed = false;
    else fail('confirmed', "The confirmed field must be 'yes' or 'no'.");
  }
  const service = text('service');
  if (service !== undefined) {
    const value = service.toLowerCase();
    if ((CONFIRMATION_SERVICES as readonly string[]).includes(value)) filter.service = value as ConfirmationService;
    else fail('service', `The service must be one of ${CONFIRMATION_SERVICES.join(', ')}.`);
  }
  const queue = text('queue');
  if (queue !== undefined) {
    if (queue.toLowerCase() === 'paper') filter.queue = 'paper';
    else fail('queue', "The queue must be 'paper' (the QSL cards to send).");
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, filter };
}
