import { useId, useMemo, useState } from 'react';
import { formatCount } from '@/components/charts/series';
import type { StationStatsAnswer } from '../api/get-stats';

/**
 * The DXCC entities worked, one row each, one column per band with the QSOs there: the award
 * tracking view. The footer counts the (current) entities per band and overall.
 */
export function DxccTable({ stats }: { stats: StationStatsAnswer }) {
  const headingId = useId();
  const [filter, setFilter] = useState('');
  const bands = useMemo(() => {
    const seen = new Set(stats.dxcc.entities.flatMap((e) => e.bands.map((b) => b.band)));
    return stats.bands.map((b) => b.band).filter((band) => seen.has(band));
  }, [stats]);
  const needle = filter.trim().toLowerCase();
  const rows = needle ? stats.dxcc.entities.filter((e) => e.name.toLowerCase().includes(needle) || String(e.dxcc) === needle) : stats.dxcc.entities;
  const workedOn = new Map(stats.dxcc.bands.map((b) => [b.band, b.worked]));

  return (
    <section className="card stats-card stats-dxcc" aria-labelledby={headingId}>
      <header className="stats-card-head">
        <h2 id={headingId}>DXCC entities by band</h2>
        <label className="field stats-filter">
          <span className="sr-only">Find an entity</span>
          <input type="search" placeholder="Find an entity" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
      </header>
      {stats.dxcc.entities.length === 0 ? (
        <p className="muted">No QSO in the log has a DXCC entity yet.</p>
      ) : (
        <div className="table-scroll stats-dxcc-scroll" role="region" aria-label="QSOs per DXCC entity and band" tabIndex={0}>
          <table className="table stats-table stats-dxcc-table">
            <caption className="sr-only">QSOs per DXCC entity and band</caption>
            <thead>
              <tr>
                <th scope="col">Entity</th>
                {bands.map((band) => (
                  <th key={band} scope="col" className="num">
                    {band}
                  </th>
                ))}
                <th scope="col" className="num">
                  QSOs
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entity) => {
                const on = new Map(entity.bands.map((b) => [b.band, b.count]));
                return (
                  <tr key={entity.dxcc} className={entity.deleted ? 'stats-deleted' : undefined}>
                    <th scope="row">
                      {entity.name}
                      {entity.deleted ? <span className="muted"> (deleted)</span> : null}
                    </th>
                    {bands.map((band) => (
                      <td key={band} className={on.has(band) ? 'num stats-worked' : 'num'}>
                        {on.has(band) ? formatCount(on.get(band)!) : ''}
                      </td>
                    ))}
                    <td className="num">{formatCount(entity.count)}</td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Entities worked</th>
                {bands.map((band) => (
                  <td key={band} className="num">
                    {formatCount(workedOn.get(band) ?? 0)}
                  </td>
                ))}
                <td className="num">{formatCount(stats.dxcc.worked)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
