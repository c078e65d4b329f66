/** QSO facts for the contract tests of the stores the stream consumer writes (aggregates, leaderboards, awards, contests). */
import type { QsoFact } from '../src/ports/aggregates';

export type FactOf = (stationCallsign: string, ts: Date, over?: Partial<QsoFact>) => QsoFact;

/**
 * A maker of facts: each call a new QSO of `stationCallsign` at `ts` (user `u-{callsign}`, 20 m
 * SSB, logged when made), with the next id and version. `defaults` gives a suite its own fields
 * for the n-th QSO; `over` the test's. `nextVersion` is the version a later edit of one takes.
 */
export function qsoFactMaker(defaults: (n: number, ts: Date) => Partial<QsoFact> = () => ({})): FactOf & { nextVersion(): number } {
  let n = 0;
  let version = 0;
  const fact: FactOf = (stationCallsign, ts, over = {}) => {
    n += 1;
    version += 1;
    return {
      qdoId: `q-${String(n).padStart(6, '0')}`,
      stationUserId: `u-${stationCallsign}`,
      stationCallsign,
      ts,
      band: '20m',
      mode: 'SSB',
      subMode: '',
      call: 'DL1XX',
      freqHz: 14_200_000,
      contestName: '',
      dxcc: 230,
      uploadedAt: ts,
      deleted: false,
      version,
      ...defaults(n, ts),
      ...over,
    };
  };
  return Object.assign(fact, { nextVersion: () => (version += 1) });
}
