/** The logbook's paper-card actions: what each sends to /vqso/qslcards, and what it says afterwards. */
import type { QslCardsRequest } from '@hamlog/domain/qso/qsl-cards';

export type QslCardMark = 'sent' | 'queued' | 'received';

export const QSL_CARD_BUTTONS: readonly { mark: QslCardMark; label: string }[] = [
  { mark: 'sent', label: 'Mark card sent' },
  { mark: 'queued', label: 'Queue card' },
  { mark: 'received', label: 'Mark card received' },
];

export const VIA_OPTIONS = [
  { value: '', label: 'Not said' },
  { value: 'B', label: 'Bureau' },
  { value: 'D', label: 'Direct' },
];

/** Today in UTC (YYYY-MM-DD), as every date of the log. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The request for `mark` on these QSOs: the day and the route only where the card went or came (a queued card has neither). */
export function qslCardsRequest(mark: QslCardMark, qdoIds: string[], date: string, via: string): QslCardsRequest {
  const when = { ...(date.trim() ? { date: date.trim() } : {}), ...(via ? { via } : {}) };
  if (mark === 'queued') return { qdo_ids: qdoIds, sent: 'Q' };
  return mark === 'sent' ? { qdo_ids: qdoIds, sent: 'Y', ...when } : { qdo_ids: qdoIds, rcvd: 'Y', ...when };
}

const cards = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'card' : 'cards'}`;
const DONE: Readonly<Record<QslCardMark, string>> = { sent: 'marked sent', queued: 'queued to send', received: 'marked received' };

/** '2 cards marked sent.' and, when some already said so, how many. */
export function markedMessage(mark: QslCardMark, changed: number, chosen: number): string {
  if (changed === 0) return `Nothing changed: ${chosen === 1 ? 'that card was' : 'those cards were'} already ${DONE[mark]}.`;
  const already = chosen - changed;
  return `${cards(changed)} ${DONE[mark]}.${already > 0 ? ` ${cards(already)} already ${already === 1 ? 'was' : 'were'}.` : ''}`;
}
