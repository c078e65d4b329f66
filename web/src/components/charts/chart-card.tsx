import { useId, useState } from 'react';
import { StatsChart, type StatsChartType } from './chart';
import { describeSeries, formatCount, type Series } from './series';
import type { ChartColours } from './use-chart-colours';
import './charts.css';

/**
 * A chart with its title and a switch to the same numbers as a table: the canvas tells screen
 * readers its numbers in a sentence, the table lets anyone read them exactly.
 */
export function ChartCard({
  title,
  type,
  series,
  category,
  unit = 'QSOs',
  colours,
  colourEach,
  note,
}: {
  title: string;
  type: StatsChartType;
  series: Series;
  /** The table's first column heading ('Band'). */
  category: string;
  unit?: string;
  colours: ChartColours;
  colourEach?: boolean;
  note?: string;
}) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const total = series.values.reduce((sum, v) => sum + v, 0);
  return (
    <section className="card stats-card" aria-labelledby={headingId}>
      <header className="stats-card-head">
        <h2 id={headingId}>{title}</h2>
        <button type="button" className="btn btn-chip" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </header>
      {note ? <p className="muted stats-note">{note}</p> : null}
      {asTable ? (
        <div className="table-scroll stats-table-scroll" role="region" aria-label={`${title}, as a table`} tabIndex={0}>
          <table className="table stats-table">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{category}</th>
                <th scope="col" className="num">
                  {unit}
                </th>
                {type === 'doughnut' ? (
                  <th scope="col" className="num">
                    Share
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {series.labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td className="num">{formatCount(series.values[i] ?? 0)}</td>
                  {type === 'doughnut' ? <td className="num">{total > 0 ? `${Math.round(((series.values[i] ?? 0) / total) * 100)}%` : '–'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div className={`stats-chart-box stats-chart-${type}`}>
          <StatsChart
            type={type}
            labels={series.labels}
            values={series.values}
            unit={unit}
            description={describeSeries(title, series)}
            colours={colours}
            colourEach={colourEach}
          />
        </div>
      )}
    </section>
  );
}
