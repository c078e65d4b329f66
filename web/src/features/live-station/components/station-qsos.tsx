import type { LiveStationQso } from '@hamlog/domain/live-station/api';
import { LIVE_STATION_NO_QSOS } from '@hamlog/domain/live-station/texts';
import { RecentQsosTable } from '@/components/ui/recent-qsos-table';

/** The station's latest QSOs, newest first, each linking to its page. */
export function StationQsos({ qsos }: { qsos: LiveStationQso[] | undefined }) {
  return (
    <section className="card live-qsos" aria-labelledby="live-qsos-heading">
      <h2 id="live-qsos-heading">Latest QSOs</h2>
      {qsos === undefined ? null : qsos.length === 0 ? (
        <p className="muted">{LIVE_STATION_NO_QSOS}</p>
      ) : (
        <RecentQsosTable qsos={qsos} withFrequency />
      )}
    </section>
  );
}
