import { describe, expect, it } from 'vitest';
import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { newestCard } from './newest-card';

/** Only what the rule reads (the report's time) and a field to tell the cards apart. */
const at = (iso: string | null, freq: number) => ({ rig_reported_at: iso, freq }) as FeedUserCard;

describe('the card the live station page shows', () => {
  it('takes the later rig report when both cards name one, whichever arrived last', () => {
    const older = { card: at('2025-06-01T18:30:00Z', 14230), at: 2_000 };
    const newer = { card: at('2025-06-01T18:31:00Z', 7040), at: 1_000 };
    expect(newestCard(older, newer)?.freq).toBe(7040);
    expect(newestCard(newer, older)?.freq).toBe(7040);
  });

  it('takes the one received last when a card has no report (gone off the air) or both name the same', () => {
    const offAir = { card: at(null, 0), at: 3_000 };
    const fetched = { card: at('2025-06-01T18:30:00Z', 14230), at: 2_000 };
    expect(newestCard(fetched, offAir)?.freq).toBe(0);
    expect(newestCard({ ...fetched, at: 4_000 }, offAir)?.freq).toBe(14230);
    // A card found in the feed on arrival (time 0) only stands in until the page's own fetch answers.
    expect(newestCard(null, { card: at(null, 1), at: 0 })?.freq).toBe(1);
    expect(newestCard({ card: at(null, 2), at: 5 }, { card: at(null, 1), at: 0 })?.freq).toBe(2);
    expect(newestCard(null, null)).toBeNull();
  });
});
