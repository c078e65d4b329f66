import { describe, expect, it } from 'vitest';
import { EMBED_CONTESTING, EMBED_NO_RIG, feedUserCard, OP_MODE, type FeedCardSource, type LiveRig } from '@hamlog/domain';
import { embedMhz, lastFrequencyPage, liveBannerPage, notFoundPage } from '../src/embeds/embed-html';

const NOW = new Date('2026-01-01T12:00:00Z');
const STATION = { callsign: 'W1AW', name: 'Hiram', profileImageName: 'missing.JPG' };
const LINKS = { refId: '' };
const rig = (patch: Partial<LiveRig>): LiveRig => ({ rigName: 'IC-7300', freqHz: 14074000, mode: 'FT8', at: '2026-01-01T11:59:30Z', opMode: OP_MODE.RUN, ...patch });
const source = (r: LiveRig | null, lastSeenAt: string | null = null): FeedCardSource => ({
  user: { id: 'u1', name: STATION.name, myCallsign: STATION.callsign, profileImageName: STATION.profileImageName, isAdmin: false, subscription: null },
  rig: r,
  lastSeenAt,
});
const banner = (r: LiveRig | null, lastSeenAt: string | null = null) => liveBannerPage(STATION, feedUserCard(source(r, lastSeenAt), NOW), r, lastSeenAt, NOW, LINKS);

describe('embed pages (HTML)', () => {
  it('writes MHz with three decimals at least and no float noise', () => {
    expect(embedMhz(14074000)).toBe('14.074');
    expect(embedMhz(7127500)).toBe('7.1275');
    expect(embedMhz(144174123)).toBe('144.174123');
  });

  it('the live banner: on air with frequency, off air with when last seen, and a contesting frequency hidden', () => {
    expect(banner(rig({}))).toContain('ON AIR');
    expect(banner(rig({}))).toContain('14.074 MHz FT8');
    const stale = banner(rig({ at: '2026-01-01T09:00:00Z' }));
    expect(stale).toContain('OFF AIR');
    expect(stale).toContain('Last seen 3 hours ago');
    expect(banner(null)).toContain('Not on the air');
    const contesting = banner(rig({ opMode: OP_MODE.CONTESTING }));
    expect(contesting).toContain(EMBED_CONTESTING);
    expect(contesting).not.toContain('14.074');
    expect(banner(rig({ streaming: true }))).toContain('LIVE');
  });

  it('the last frequency: whenever reported, hidden while contesting, and an honest empty state', () => {
    const old = lastFrequencyPage(STATION, rig({ at: '2025-12-31T12:00:00Z' }), NOW, LINKS);
    expect(old).toContain('14.074 MHz');
    expect(old).toContain('Reported 1 day ago (2025-12-31 12:00 UTC)');
    const contesting = lastFrequencyPage(STATION, rig({ opMode: OP_MODE.CONTESTING }), NOW, LINKS);
    expect(contesting).toContain(EMBED_CONTESTING);
    expect(contesting).not.toContain('14.074');
    expect(lastFrequencyPage(STATION, null, NOW, LINKS)).toContain(EMBED_NO_RIG);
  });

  it('escapes the callsign of a not-found page', () => {
    const html = notFoundPage('<SCRIPT>X');
    expect(html).toContain('&lt;SCRIPT&gt;X');
    expect(html).not.toContain('<SCRIPT>');
  });
});
