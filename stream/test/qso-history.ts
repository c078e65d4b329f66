import { randomUUID } from 'node:crypto';
import { decideQso, evolveQso, qsoStreamName, type QsoCommand, type QsoEvent, type QsoFields, type QsoState } from '@hamlog/domain';
import { qsoFields } from '@hamlog/domain/testing/qso-fields';
import type { AppendRequest, EventStore } from '@hamlog/infra/ports/event-store';

export interface Station {
  userId: string;
  callsign: string;
}

const MODES = ['SSB', 'CW', 'FT8', 'SSTV', 'FM', 'RTTY', 'DIGITALVOICE', 'AM', 'FT4', 'PSK'];
const BANDS: [string, number][] = [['20m', 14_074_000], ['40m', 7_074_000], ['10m', 28_400_000], ['80m', 3_573_000]];
const MIN = 60_000;
const DAY = 86_400_000;

/** mulberry32: a small seeded generator, so a failing history repeats. */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function fields(ts: Date, call: string, mode: string, band: [string, number], contestName: string): QsoFields {
  return qsoFields({ ts: `${ts.toISOString().slice(0, 19)}Z`, call, freqHz: band[1], band: band[0], mode, snt: '59', rcv: '59', dxcc: 0, continent: '', country: '', contestName });
}

/**
 * A history of QSOs as the command API writes it (the real QSO decider, one stream per QSO):
 * `qsos` logged by `stations` stations, many in the last hour, the rest over the last 35 days;
 * then edits (time and mode), deletes, restores and edits after restores. Returns the stations.
 */
export async function appendQsoHistory(store: EventStore, options: { qsos: number; stations: number; now: Date; seed?: number }): Promise<Station[]> {
  const random = generator(options.seed ?? 7);
  const now = options.now.getTime();
  const stations: Station[] = Array.from({ length: options.stations }, (_, i) => ({ userId: `lb-user-${i}`, callsign: `DL${i}LB` }));
  const when = () => new Date(random(5) < 2 ? now - random(70 * MIN) : now - random(35 * DAY) + random(DAY / 2));
  const someFields = (at: Date) =>
    fields(at, `K${random(50)}XX`, MODES[random(MODES.length)]!, BANDS[random(BANDS.length)]!, random(10) === 0 ? 'CQ-WW-DX' : '');
  const qsos: { qdoId: string; station: Station; state: QsoState; revision: number }[] = [];
  const append = async (requests: AppendRequest[]) => {
    for (let i = 0; i < requests.length; i += 500) await store.appendMany(requests.slice(i, i + 500));
  };
  const decide = (qso: (typeof qsos)[number], command: QsoCommand, metadata: Record<string, unknown>): AppendRequest | null => {
    const events: QsoEvent[] = decideQso(command, qso.state);
    if (events.length === 0) return null;
    const request: AppendRequest = {
      streamId: qsoStreamName(qso.qdoId),
      expectedRevision: qso.state === null ? 'no_stream' : qso.revision,
      events: events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { correlationId: randomUUID(), ...metadata } })),
    };
    for (const e of events) {
      qso.state = evolveQso(qso.state, e);
      qso.revision += 1;
    }
    return request;
  };

  const logged: AppendRequest[] = [];
  for (let i = 0; i < options.qsos; i++) {
    const station = stations[random(stations.length)]!;
    const qso = { qdoId: `lbq-${options.seed ?? 7}-${i}`, station, state: null as QsoState, revision: -1 };
    qsos.push(qso);
    const metadata = { userId: station.userId, stationUserId: station.userId, stationCallsign: station.callsign };
    logged.push(decide(qso, { type: 'LogQso', data: { qdoId: qso.qdoId, stationUserId: station.userId, stationCallsign: station.callsign, fields: someFields(when()) } }, metadata)!);
  }
  await append(logged);

  for (let round = 0; round < 3; round++) {
    const changes: AppendRequest[] = [];
    for (const qso of qsos) {
      const roll = random(20);
      if (roll > 5) continue;
      const { userId, callsign } = qso.station;
      const byUser = { userId, stationUserId: userId };
      let request: AppendRequest | null;
      if (qso.state?.deleted) request = roll < 3 ? decide(qso, { type: 'RestoreQso', data: { qdoId: qso.qdoId, byUserId: userId } }, byUser) : null;
      else if (roll < 4) request = decide(qso, { type: 'UpdateQso', data: { qdoId: qso.qdoId, byUserId: userId, fields: someFields(when()) } }, { ...byUser, stationCallsign: callsign });
      else request = decide(qso, { type: 'DeleteQso', data: { qdoId: qso.qdoId, byUserId: userId } }, byUser);
      if (request) changes.push(request);
    }
    await append(changes);
  }
  return stations;
}
