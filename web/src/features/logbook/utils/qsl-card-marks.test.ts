import { describe, expect, it } from 'vitest';
import { markedMessage, qslCardsRequest, utcToday } from './qsl-card-marks';

describe('paper QSL card marks', () => {
  it('sends the day and the route only where a card went or came', () => {
    expect(qslCardsRequest('sent', ['a', 'b'], '2026-11-20', 'B')).toEqual({ qdo_ids: ['a', 'b'], sent: 'Y', date: '2026-11-20', via: 'B' });
    expect(qslCardsRequest('received', ['a'], '2026-11-20', 'D')).toEqual({ qdo_ids: ['a'], rcvd: 'Y', date: '2026-11-20', via: 'D' });
    expect(qslCardsRequest('sent', ['a'], ' ', '')).toEqual({ qdo_ids: ['a'], sent: 'Y' });
    expect(qslCardsRequest('queued', ['a'], '2026-11-20', 'B')).toEqual({ qdo_ids: ['a'], sent: 'Q' });
  });

  it('says what changed, and what already was', () => {
    expect(markedMessage('sent', 2, 2)).toBe('2 cards marked sent.');
    expect(markedMessage('queued', 1, 3)).toBe('1 card queued to send. 2 cards already were.');
    expect(markedMessage('received', 2, 3)).toBe('2 cards marked received. 1 card already was.');
    expect(markedMessage('sent', 0, 1)).toBe('Nothing changed: that card was already marked sent.');
    expect(markedMessage('received', 0, 4)).toBe('Nothing changed: those cards were already marked received.');
  });

  it('dates in UTC', () => {
    expect(utcToday(new Date('2026-11-20T23:30:00-05:00'))).toBe('2026-11-21');
  });
});
