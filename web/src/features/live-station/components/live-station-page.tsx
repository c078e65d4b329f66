import { Link } from 'react-router-dom';
import {
  LIVE_STATION_LOAD_FAILED,
  LIVE_STATION_LOADING,
  LIVE_STATION_NOT_FOUND,
  LIVE_STATION_NOT_FOUND_DETAIL,
} from '@hamlog/domain/live-station/texts';
import { Avatar } from '@/components/ui/avatar';
import { Notice } from '@/components/ui/notice';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { stationPath } from '@/utils/qso-format';
import { useLiveStation } from '../api/get-live-station';
import { newestCard, type ReceivedCard } from '../utils/newest-card';
import { LiveStream } from './live-stream';
import { StationQsos } from './station-qsos';
import { StationRig } from './station-rig';
import './live-station.css';

/**
 * /live/user/{id} (decision 0051): a station's live stream, its rig updating live and its latest
 * QSOs. The page fetches the station (and polls it); `pushed` is the station's card from the live
 * connection the app keeps open, newer than the fetch between polls.
 */
export function LiveStationPage({ userId, pushed }: { userId: string; pushed: ReceivedCard | null }) {
  const station = useLiveStation(userId);
  const notFound = station.isError && isApiError(station.error) && station.error.status === 404;
  const card = notFound ? null : newestCard(station.data ? { card: station.data.station, at: station.dataUpdatedAt } : null, pushed);

  if (notFound) {
    return (
      <Page title={LIVE_STATION_NOT_FOUND} narrow>
        <p>{LIVE_STATION_NOT_FOUND_DETAIL}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </Page>
    );
  }
  if (!card) {
    return station.isError ? (
      <Page title="Live station" narrow>
        <Notice tone="error">{LIVE_STATION_LOAD_FAILED}</Notice>
      </Page>
    ) : (
      <Loading label={LIVE_STATION_LOADING} />
    );
  }

  const callsign = card.my_callsign;
  return (
    <Page
      title={`${callsign} live`}
      heading={
        <span className="live-station-heading">
          <Avatar imageName={card.profile_image_name} callsign={callsign} />
          <span>{callsign}</span>
          {card.is_live ? <span className="live-marker live-marker-live">Live</span> : null}
        </span>
      }
      actions={
        <Link to={stationPath(callsign)} className="btn btn-secondary">
          Station page
        </Link>
      }
    >
      {card.name ? <p className="live-station-name muted">{card.name}</p> : null}
      <div className="live-station-grid">
        <section className="card live-station-stream" aria-labelledby="live-stream-heading">
          <h2 id="live-stream-heading">Live stream</h2>
          <LiveStream callsign={callsign} live={card.is_live} source={station.data?.live_stream ?? null} />
        </section>
        <StationRig card={card} />
      </div>
      <StationQsos qsos={station.data?.qsos} />
    </Page>
  );
}
