import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { awardCardSvg, type AwardCard } from '../src/awards/award-card-svg';
import { renderAwardCardPng } from '../src/awards/render-award-card';

const card = (over: Partial<AwardCard> = {}): AwardCard => ({
  name: 'Most CW QSOs of the day',
  shortName: 'CW',
  callsign: 'W1AW',
  countText: '42 QSOs',
  day: '2025-01-31',
  final: true,
  ...over,
});

describe('the award card', () => {
  it('shows the award, the winner, the count and the day; a provisional one says so', () => {
    const svg = awardCardSvg(card());
    for (const text of ['Most CW QSOs of the day', '>CW<', '>W1AW<', '42 QSOs', '31 January 2025 (UTC)', 'HAMLOG AWARD']) expect(svg).toContain(text);
    expect(svg).not.toContain('Provisional');
    expect(awardCardSvg(card({ final: false }))).toContain('Provisional until the 48-hour upload window closes');
  });

  it('escapes every text it is given', () => {
    const svg = awardCardSvg(card({ callsign: '<script>x</script>', name: 'a & "b"' }));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('a &amp; &quot;b&quot;');
  });

  it('renders a PNG of the width asked for, in the card’s 3:2 shape', async () => {
    for (const width of [100, 300, 1200]) {
      const meta = await sharp(await renderAwardCardPng(card({ callsign: 'VP2E/DL1ABCDEFGH/P' }), width)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', width, Math.round((width * 2) / 3)]);
    }
  });
});
