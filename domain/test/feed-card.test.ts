import { describe, expect, it } from 'vitest';
import { feedUserCard, isOnAirCard, liveRigOf, type FeedCardSource, type LiveRig } from '../src/community/feed-card';
import { isCqOpMode, ONLINE_WINDOW_MS } from '../src/community/rules';
import type { RigReportedData } from '../src/rig/decider';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;

const user = { id: 'u1', name: 'Hiram', myCallsign: 'W1AW', profileImageName: 'missing.JPG', isAdmin: false, subscription: null };
const rig = (over: Partial<LiveRig> = {}): LiveRig => ({ rigName: 'IC-7300', freqHz: 14_074_123, mode: 'FT8', opMode: 1, at: ago(10_000), ...over });
const card = (over: Partial<FeedCardSource> = {}) => feedUserCard({ user, rig: rig(), lastSeenAt: null, ...over }, NOW);

describe('feedUserCard', () => {
  it('shows a station on frequency: the rig, frequency in kHz and the time of the report', () => {
    expect(card()).toEqual({
      id: 'u1', name: 'Hiram', my_callsign: 'W1AW', profile_image_name: 'missing.JPG',
      mode: 'FT8', prop_mode: '', is_live: false, is_online: false, is_admin: false, sub: false,
      on_freq: true, op_mode: 1, contesting: false, ptt_down: false, rig_name: 'IC-7300',
      azimuth: null, elevation: null, activation_type: '', activation_ref: '',
      freq: 14074.123, rig_reported_at: ago(10_000),
    });
    expect(isOnAirCard(card())).toBe(true);
  });

  it('carries what the companion app added: PTT down, heading, activation and propagation', () => {
    const c = card({ rig: rig({ ptt: true, azimuth: 270.5, elevation: 12, activationType: 'POTA', activationRef: 'US-1234', propMode: 'SAT' }) });
    expect(c).toMatchObject({ ptt_down: true, azimuth: 270.5, elevation: 12, activation_type: 'POTA', activation_ref: 'US-1234', prop_mode: 'SAT' });
    expect(card({ rig: rig({ ptt: false }) }).ptt_down).toBe(false);
  });

  it('is live while streaming with a live report, on a frequency or not', () => {
    expect(card({ rig: rig({ streaming: true }) })).toMatchObject({ is_live: true, on_freq: true });
    const qrtLive = card({ rig: rig({ streaming: true, opMode: 0 }) });
    expect(qrtLive).toMatchObject({ is_live: true, on_freq: false });
    expect(isOnAirCard(qrtLive)).toBe(true);
    expect(card({ rig: rig({ streaming: false }) }).is_live).toBe(false);
    expect(card({ rig: rig({ streaming: true, at: ago(5 * MINUTE + 1) }) }).is_live).toBe(false);
  });

  it('masks the frequency of a contesting station (op mode 7)', () => {
    expect(card({ rig: rig({ opMode: 7 }) })).toMatchObject({ contesting: true, freq: null, on_freq: true, op_mode: 7 });
    for (const opMode of [1, 2, 3, 4, 5, 6, 8]) expect(card({ rig: rig({ opMode }) }), String(opMode)).toMatchObject({ contesting: false, freq: 14074.123 });
  });

  it('gives the op mode, so the feed counts 2 (Run) and 8 (CQ DX) as CQ', () => {
    const cq = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((opMode) => isCqOpMode(card({ rig: rig({ opMode }) }).op_mode));
    expect(cq).toEqual([2, 8]);
  });

  it('is not on frequency when QRT (op mode 0) or without a frequency, but keeps the rig', () => {
    expect(card({ rig: rig({ opMode: 0 }) })).toMatchObject({ on_freq: false, op_mode: 0, rig_name: 'IC-7300', freq: 14074.123 });
    expect(card({ rig: rig({ freqHz: 0 }) })).toMatchObject({ on_freq: false, freq: null });
    expect(isOnAirCard(card({ rig: rig({ opMode: 0 }) }))).toBe(false);
  });

  it('puts an app that never says its op mode on frequency, with op mode 0 as /vrigcontrol/get does', () => {
    const c = card({ rig: rig({ opMode: undefined }) });
    expect(c).toMatchObject({ on_freq: true, op_mode: 0, contesting: false });
  });

  it('drops the rig 5 minutes after its last report', () => {
    expect(card({ rig: rig({ at: ago(5 * MINUTE) }) }).on_freq).toBe(true);
    const stale = card({ rig: rig({ at: ago(5 * MINUTE + 1), ptt: true, azimuth: 10, activationType: 'SOTA', opMode: 7, streaming: true }) });
    expect(stale).toMatchObject({
      on_freq: false, is_live: false, ptt_down: false, contesting: false, op_mode: 0, mode: '', rig_name: '', freq: null,
      azimuth: null, activation_type: '', rig_reported_at: null,
    });
    expect(card({ rig: null })).toMatchObject({ on_freq: false, rig_name: '', freq: null, rig_reported_at: null });
  });

  it('is online (Logged In Recently) when a session was used in the last 15 minutes', () => {
    expect(card({ lastSeenAt: ago(ONLINE_WINDOW_MS) }).is_online).toBe(true);
    expect(card({ lastSeenAt: ago(ONLINE_WINDOW_MS + 1) }).is_online).toBe(false);
    expect(card({ lastSeenAt: null }).is_online).toBe(false);
  });

  it('shows the verified badge for a subscription in force now, and the administrator flag', () => {
    const withSub = (subscription: FeedCardSource['user']['subscription']) => card({ user: { ...user, subscription } }).sub;
    expect(withSub({ level: 'premium', expiryDate: null })).toBe(true);
    expect(withSub({ level: 'premium', expiryDate: '2026-03-02T00:00:00Z' })).toBe(true);
    expect(withSub({ level: 'premium', expiryDate: '2026-03-01T11:59:59Z' })).toBe(false);
    expect(withSub(null)).toBe(false);
    expect(card({ user: { ...user, isAdmin: true } }).is_admin).toBe(true);
  });
});

describe('liveRigOf', () => {
  it('keeps what the card needs of a RigReported event, and only the fields it has', () => {
    const data: RigReportedData = { userId: 'u1', rigName: 'FT-991A', freqHz: 7_074_000, mode: 'USB', power: 100, at: NOW.toISOString(), ptt: true };
    expect(liveRigOf(data)).toStrictEqual({ rigName: 'FT-991A', freqHz: 7_074_000, mode: 'USB', at: NOW.toISOString(), ptt: true });
    expect(liveRigOf({ ...data, opMode: 2 }).opMode).toBe(2);
  });
});
