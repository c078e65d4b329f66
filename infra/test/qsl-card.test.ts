import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qsoFieldsToApi, type Qso } from '@hamlog/domain';
import { qslCardSvg } from '../src/qsl/qsl-card-svg';
import { renderQslCardPng } from '../src/qsl/render-qsl-card';
import { clip, escapeXml } from '../src/qsl/xml-text';

const qso = (over: Partial<Qso> = {}): Qso => ({
  ...qsoFieldsToApi('q-1', 'W1AW', {
    ts: '2025-06-01T18:30:12Z', call: 'DL1ABC', freqHz: 14_074_000, band: '20m', mode: 'FT8', subMode: '', name: 'Hans', snt: '-10', rcv: '-12',
    comment: 'tnx', power: '100', dxcc: 230, continent: 'EU', country: 'Fed. Rep. of Germany', lat: null, lon: null, cqZone: 14, ituZone: 28,
    gridSquare: 'JO62', radioMode: '', qsoDuration: 0, qsoOrigin: '', isRunQso: 0, contestName: '',
  }),
  ...over,
});

describe('the QSL card', () => {
  it('escapes every text from the QSO and drops characters XML cannot hold', () => {
    const svg = qslCardSvg(qso({ Name: '<script>alert(1)</script>', Comment: 'a & b "c" \u0001\u0007 \'d\'' }));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('a &amp; b &quot;c&quot;  &#39;d&#39;');
    // eslint-disable-next-line no-control-regex -- the card must have dropped these control characters
    expect(svg).not.toMatch(/[\u0001\u0007]/);
    expect(svg).toContain('>W1AW<');
    expect(svg).toContain('To Radio DL1ABC');
    expect(svg).toContain('>14.074000<');
  });

  it('renders a 1200 × 630 PNG, even for hostile and very long text', async () => {
    const png = await renderQslCardPng(qso({ Comment: '</svg><svg onload="x()">'.repeat(50), Call: 'VP2E/DL1ABCDEFGH/P' }));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });

  it('clips by characters, not bytes', () => {
    expect(clip('DL1ABC', 10)).toBe('DL1ABC');
    expect(clip('😀'.repeat(5), 3)).toBe('😀😀…');
    expect(escapeXml('<&>')).toBe('&lt;&amp;&gt;');
  });
});
