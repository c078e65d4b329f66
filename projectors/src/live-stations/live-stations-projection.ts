import { isRigOnAir, isRigReportFresh, liveRigOf, RIG_STALE_MS, type RigEvent } from '@hamlog/domain';
import { liveStationsMigrations } from '@hamlog/infra/read-models/live-stations/schema';
import { upsertLiveStations, type LiveStationRow } from '@hamlog/infra/read-models/live-stations/writes';
import type { Projection } from '../runtime/projection';
import type { LiveCards } from './live-cards';

/**
 * live_stations: each station's last rig report, for the home page's on-air lists and cards,
 * POST /vrigcontrol/get and the revision command-api starts reading a rig stream at. A batch
 * answers the stations whose row it changed with a fresh report; with `cards` (the running
 * service, not a rebuild) their cards go out once the batch has committed.
 */
export function liveStationsProjection(cards?: LiveCards): Projection<RigEvent, string[]> {
  return {
    name: 'live-stations',
    canHandle: ['RigReported'],
    migrations: liveStationsMigrations,
    tables: ['live_stations'],
    async apply(client, events) {
      // A chatty app may have many reports in one batch: only each user's last one is written.
      const latest = new Map<string, LiveStationRow>();
      for (const event of events) {
        const rig = liveRigOf(event.data);
        latest.set(event.data.userId, { userId: event.data.userId, rig, onAir: isRigOnAir(rig), position: event.position, streamRevision: event.revision });
      }
      const now = new Date();
      const changed = await upsertLiveStations(client, [...latest.values()], new Date(now.getTime() - RIG_STALE_MS));
      // A report already stale (a replay) shows nothing new: its station is off air either way.
      return changed.filter((id) => isRigReportFresh(latest.get(id)!.rig.at, now));
    },
    afterCommit: cards && ((changed) => void cards.announce(changed)),
  };
}
