import { describe, expect, it } from 'vitest';
import { dedupeByEntityId } from '../src/community/entity-dedupe';
import { globeArcOf, globeArcs, type GlobeArcSource } from '../src/community/globe-arcs';
import { qsoFeedItem, type QsoFeedSource } from '../src/community/qso-feed';
import { LIVE_QSO_AHEAD_MS, LIVE_QSO_PAST_MS, liveQsoWindow } from '../src/community/rules';
import { dxccEntity } from '../src/dxcc/entities';
import { resolveCallsign } from '../src/dxcc/resolve-callsign';
import { gridSquareCenter } from '../src/maidenhead';

const feedSource = (over: Partial<QsoFeedSource> = {}): QsoFeedSource => ({
  qdoId: 'q1',
  qsoAt: '2025-01-01T12:00:00Z',
  posterName: 'Alice',
  posterImageName: 'missing.JPG',
  stationCallsign: 'W1AW',
  call: 'DL1ABC',
  band: '20m',
  mode: 'FT8',
  freqHz: 14_074_123,
  contestName: '',
  country: 'Fed. Rep. of Germany',
  ...over,
});

const arcSource = (over: Partial<GlobeArcSource> = {}): GlobeArcSource => ({
  qdoId: 'q1',
  qsoAt: '2025-01-01T12:00:00Z',
  stationCallsign: 'W1AW',
  stationGrid: '',
  call: 'DL1ABC',
  band: '20m',
  mode: 'FT8',
  lat: 51.5,
  lon: 10.25,
  dxcc: 230,
  country: 'Fed. Rep. of Germany',
  ...over,
});

describe('dedupeByEntityId', () => {
  it('keeps the first of each entity_id, in order', () => {
    const items = [{ entity_id: 'a', n: 1 }, { entity_id: 'b', n: 2 }, { entity_id: 'a', n: 3 }, { entity_id: 'c', n: 4 }, { entity_id: 'b', n: 5 }];
    expect(dedupeByEntityId(items).map((i) => i.n)).toEqual([1, 2, 4]);
  });
});

describe('liveQsoWindow', () => {
  it('is the last hour of QSO times and five minutes ahead, whenever the QSOs were logged', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(liveQsoWindow(now)).toEqual({ since: new Date('2025-01-01T11:00:00Z'), until: new Date('2025-01-01T12:05:00Z') });
    expect(LIVE_QSO_PAST_MS).toBe(3_600_000);
    expect(LIVE_QSO_AHEAD_MS).toBe(300_000);
  });
});

describe('qsoFeedItem', () => {
  it('gives the frequency in kHz, and the QSO time and the human time since it', () => {
    const item = qsoFeedItem(feedSource(), new Date('2025-01-01T12:05:30Z'));
    expect(item).toMatchObject({ entity_id: 'q1', qdo_id: 'q1', created_at: '2025-01-01T12:00:00Z', TimeAgo: '5 minutes ago', freq: 14074.123 });
  });

  it('masks the frequency of a contest QSO only (ContestName longer than 4 characters)', () => {
    const now = new Date('2025-01-01T12:00:10Z');
    expect(qsoFeedItem(feedSource({ contestName: 'CQ-WW-CW' }), now).freq).toBeNull();
    expect(qsoFeedItem(feedSource({ contestName: 'ARRL' }), now).freq).toBe(14074.123);
    expect(qsoFeedItem(feedSource({ contestName: '  ARRL  ' }), now).TimeAgo).toBe('just now');
  });
});

describe('globe arcs', () => {
  it('starts at the station grid square and ends at the QSO position', () => {
    const arc = globeArcOf(arcSource({ stationGrid: 'fn31PR' }))!;
    const grid = gridSquareCenter('FN31pr')!;
    expect(arc).toEqual({
      entity_id: 'q1',
      from: { lat: grid.lat, lon: grid.lon, call: 'W1AW', label: 'FN31pr' },
      to: { lat: 51.5, lon: 10.25, call: 'DL1ABC', label: 'Fed. Rep. of Germany' },
      meta: { band: '20m', mode: 'FT8', created_at: '2025-01-01T12:00:00Z' },
    });
  });

  it("falls back to the station callsign's entity and to the QSO's entity", () => {
    const arc = globeArcOf(arcSource({ stationGrid: 'not a grid', lat: null, lon: null }))!;
    const usa = resolveCallsign('W1AW')!;
    const germany = dxccEntity(230)!;
    expect(arc.from).toEqual({ lat: usa.lat, lon: usa.lon, call: 'W1AW', label: usa.country });
    expect(arc.to).toEqual({ lat: germany.latitude, lon: germany.longitude, call: 'DL1ABC', label: 'Fed. Rep. of Germany' });
  });

  it('draws nothing for a QSO it cannot place at either end', () => {
    expect(globeArcOf(arcSource({ lat: null, lon: null, dxcc: 0 }))).toBeNull();
    expect(globeArcOf(arcSource({ lat: 95, lon: 10, dxcc: 0 }))).toBeNull();
    expect(globeArcOf(arcSource({ stationCallsign: 'W1AW/MM' }))).toBeNull();
    expect(globeArcOf(arcSource({ stationCallsign: 'W1AW/MM', stationGrid: 'FN31' }))).not.toBeNull();
  });

  it('answers each QSO once, the placed ones only, at most the limit', () => {
    const sources = [
      arcSource({ qdoId: 'a' }),
      arcSource({ qdoId: 'b', lat: null, lon: null, dxcc: 0 }),
      arcSource({ qdoId: 'a', call: 'DL2ABC' }),
      arcSource({ qdoId: 'c' }),
      arcSource({ qdoId: 'd' }),
    ];
    expect(globeArcs(sources).map((a) => `${a.entity_id}:${a.to.call}`)).toEqual(['a:DL1ABC', 'c:DL1ABC', 'd:DL1ABC']);
    expect(globeArcs(sources, 2).map((a) => a.entity_id)).toEqual(['a', 'c']);
  });
});
