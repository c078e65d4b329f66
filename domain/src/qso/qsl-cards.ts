/** Paper QSL cards marked in bulk from the logbook: POST /vqso/qslcards. */
import { canonicalDetail, qsoDetailField, type QsoDetails } from './details';

export const QSL_CARDS_PATH = '/vqso/qslcards';
/** QSOs one call marks at most (a logbook page). */
export const QSL_CARDS_MAX = 500;

export interface QslCardsRequest {
  qdo_ids: string[];
  /** QSL_SENT: Y sent, Q queued (the QSL queue), R requested, N not sent. */
  sent?: string;
  /** QSL_RCVD: Y received, R requested, N not received. */
  rcvd?: string;
  /** The day it happened (YYYY-MM-DD); today when left out. */
  date?: string;
  /** QSL_SENT_VIA / QSL_RCVD_VIA: B bureau, D direct. */
  via?: string;
}

export interface QslCardsAnswer {
  /** QSOs changed; the rest already said so (or are not the caller's). */
  changed: number;
}

export interface QslCardMarks {
  qdoIds: string[];
  change: (details: QsoDetails | undefined) => QsoDetails;
}

export type QslCardsRead = { ok: true; value: QslCardMarks } | { ok: false; errors: Record<string, string[]> };

/** The request checked whole: the ids, and what it does to each QSO's paper card fields. */
export function readQslCardsRequest(body: Record<string, unknown>, today: string): QslCardsRead {
  const errors: Record<string, string[]> = {};
  const ids = body.qdo_ids;
  const qdoIds = Array.isArray(ids) ? [...new Set(ids.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64))] : [];
  if (qdoIds.length === 0 || !Array.isArray(ids) || qdoIds.length !== new Set(ids).size) errors.qdo_ids = ['Choose the QSOs to mark.'];
  else if (qdoIds.length > QSL_CARDS_MAX) errors.qdo_ids = [`At most ${QSL_CARDS_MAX} QSOs can be marked at once.`];
  const value = (key: string, adif: string): string | undefined => {
    const raw = body[key];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const field = qsoDetailField(adif)!;
    const canonical = typeof raw === 'string' ? canonicalDetail(field, raw) : null;
    if (!canonical) errors[key] = [`${field.label}: ${field.values?.map(([v, meaning]) => `${v} (${meaning})`).join(', ')}.`];
    return canonical ?? undefined;
  };
  const sent = value('sent', 'QSL_SENT');
  const rcvd = value('rcvd', 'QSL_RCVD');
  const via = value('via', 'QSL_SENT_VIA');
  const dateRaw = typeof body.date === 'string' && body.date.trim() !== '' ? body.date : today;
  const date = canonicalDetail(qsoDetailField('QSLSDATE')!, dateRaw);
  if (!date) errors.date = ['The date must be a date (YYYY-MM-DD).'];
  if (sent === undefined && rcvd === undefined && !errors.sent && !errors.rcvd) errors.sent = ['Say whether the cards were sent or received.'];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      qdoIds,
      change: (details) => {
        const next: Record<string, string> = { ...details };
        if (sent !== undefined) {
          next.QSL_SENT = sent;
          if (sent === 'Y') next.QSLSDATE = date!;
          if (sent === 'Y' && via) next.QSL_SENT_VIA = via;
        }
        if (rcvd !== undefined) {
          next.QSL_RCVD = rcvd;
          if (rcvd === 'Y') next.QSLRDATE = date!;
          if (rcvd === 'Y' && via) next.QSL_RCVD_VIA = via;
        }
        return next;
      },
    },
  };
}
