import { Link } from 'react-router-dom';
import { QSO_FEED_SIZE, isContestQso } from '@hamlog/domain/community/rules';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { Avatar } from '@/components/ui/avatar';
import { FrequencyText } from '@/components/ui/frequency-text';
import { useNow } from '@/lib/use-now';
import { formatUtcMinute } from '@/utils/time';
import { stationPath } from '@/utils/qso-format';
import { useQsoFeed } from '../api/get-qso-feed';
import { isRecentQso } from '../utils/recent';
import './qso-feed.css';

const TICK_MS = 5_000;

/** The newest QSOs across the site (35); those under 80 s old are highlighted. */
export function QsoFeed() {
  const feed = useQsoFeed();
  const now = useNow(TICK_MS);
  const items = (feed.data?.items ?? []).slice(0, QSO_FEED_SIZE);

  return (
    <section className="qso-feed" aria-labelledby="qso-feed-heading">
      <h2 id="qso-feed-heading">Latest QSOs</h2>
      {items.length === 0 ? (
        <p className="muted" role="status">
          {LOADING_FEED}
        </p>
      ) : (
        <div className="table-scroll" role="region" aria-label="Latest QSOs table" tabIndex={0}>
          <table className="table qso-feed-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Station</th>
                <th scope="col">Worked</th>
                <th scope="col" className="qso-feed-band">Band</th>
                <th scope="col">Mode</th>
                <th scope="col" className="num">Freq (MHz)</th>
                <th scope="col" className="qso-feed-country">Country</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const recent = isRecentQso(item, now);
                return (
                  <tr key={item.entity_id} className={recent ? 'qso-recent' : undefined}>
                    <td className="nowrap">
                      <Link to={`/qso/${encodeURIComponent(item.qdo_id)}`} title={`${formatUtcMinute(item.created_at)} UTC`}>
                        {item.TimeAgo}
                      </Link>
                      {recent ? <span className="badge badge-recent">new</span> : null}
                    </td>
                    <td>
                      <span className="qso-feed-station">
                        <Avatar imageName={item.poster_image_name} callsign={item.station_callsign} />
                        <Link to={stationPath(item.station_callsign)}>{item.station_callsign}</Link>
                      </span>
                    </td>
                    <td>
                      <Link to={stationPath(item.call)}>{item.call}</Link>
                    </td>
                    <td className="qso-feed-band">{item.band}</td>
                    <td>{item.mode}</td>
                    <td className="num">
                      <FrequencyText khz={item.freq} masked={item.freq === null && isContestQso(item.ContestName)} />
                    </td>
                    <td className="qso-feed-country">{item.country}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
