import { LOADING_FEED } from '@hamlog/domain/messages';
import { BAND_STATS_SAMPLE, useBandStats } from '../api/get-band-stats';
import { bandColour } from '../utils/band-colours';
import './band-stats.css';

/** Which bands the site's last 100 QSOs were on: a bar per band, the busiest first. */
export function BandStats() {
  const bands = [...(useBandStats().data?.bands ?? [])].filter((b) => b.count > 0).sort((a, b) => b.count - a.count);
  const most = bands[0]?.count ?? 0;
  return (
    <section className="band-stats" aria-labelledby="band-stats-heading">
      <h2 id="band-stats-heading">Bands</h2>
      <p className="muted band-stats-note">Last {BAND_STATS_SAMPLE} QSOs</p>
      {bands.length === 0 ? (
        <p className="muted">{LOADING_FEED}</p>
      ) : (
        <ul className="band-stats-list">
          {bands.map((b) => (
            <li key={b.band} className="band-stat">
              <span className="band-stat-name">{b.band}</span>
              <span className="band-stat-track" aria-hidden="true">
                <span className="band-stat-bar" style={{ width: `${(b.count / most) * 100}%`, background: bandColour(b.band) }} />
              </span>
              <span className="band-stat-count">
                {b.count}
                <span className="sr-only"> QSOs</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
