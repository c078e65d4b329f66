import { useRef, useState } from 'react';
import { FAILED_TO_LOAD_ADMIN_STATS } from '@hamlog/domain/messages';
import { ChartCard } from '@/components/charts/chart-card';
import type { Series } from '@/components/charts/series';
import { useChartColours, type ChartColours } from '@/components/charts/use-chart-colours';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { Loading } from '@/components/ui/spinner';
import { useAdminStats, type AdminStatsAnswer } from '../api/admin';
import { formatNumber } from '../utils/format';
import { AdminLoadError } from './admin-refusal';
import './admin.css';

/** The windows an analyst can pick, in UTC days ending today. */
const WINDOWS = [7, 30, 90, 365] as const;

const perDay = (stats: AdminStatsAnswer, value: (d: AdminStatsAnswer['days'][number]) => number): Series => ({
  labels: stats.days.map((d) => d.day),
  values: stats.days.map(value),
});

function Charts({ stats, colours }: { stats: AdminStatsAnswer; colours: ChartColours }) {
  const sum = (value: (d: AdminStatsAnswer['days'][number]) => number) => stats.days.reduce((n, d) => n + value(d), 0);
  const busiest = Math.max(0, ...stats.days.map((d) => d.active_stations));
  const totals: Array<[string, string]> = [
    ['New users', formatNumber(sum((d) => d.new_users))],
    ['QSOs', formatNumber(sum((d) => d.qsos))],
    ['Most active stations in a day', formatNumber(busiest)],
  ];
  const line = stats.days.length > 1 ? 'line' : 'bar';
  return (
    <>
      <FigureTiles label="Totals of the window" figures={totals} />
      <div className="admin-charts">
        <ChartCard title="New users per day" type="bar" series={perDay(stats, (d) => d.new_users)} category="Day (UTC)" unit="Users" colours={colours} />
        <ChartCard title="QSOs per day" type={line} series={perDay(stats, (d) => d.qsos)} category="Day (UTC)" colours={colours} />
        <ChartCard
          title="Active stations per day"
          type={line}
          series={perDay(stats, (d) => d.active_stations)}
          category="Day (UTC)"
          unit="Stations"
          colours={colours}
          note="Stations with at least one QSO that day."
        />
        <ChartCard
          title="Top entities (DXCC)"
          type="bar"
          series={{ labels: stats.top_entities.map((e) => e.name), values: stats.top_entities.map((e) => e.qsos) }}
          category="Entity"
          colours={colours}
          colourEach
          note="QSOs with each entity, all time."
        />
      </div>
    </>
  );
}

/** /admin/stats: the platform over time for analysts, administrators only (the server refuses anyone else). */
export function AdminAnalytics() {
  const scope = useRef<HTMLDivElement>(null);
  const colours = useChartColours(scope);
  const [days, setDays] = useState<number>(30);
  const stats = useAdminStats(days);
  let body;
  if (stats.isPending) body = <Loading />;
  else if (stats.isError) body = <AdminLoadError error={stats.error} failed={FAILED_TO_LOAD_ADMIN_STATS} retry={() => void stats.refetch()} />;
  else body = <Charts stats={stats.data} colours={colours} />;
  return (
    <div className="admin-page chart-colours" ref={scope}>
      <div className="admin-window" role="group" aria-label="Window">
        {WINDOWS.map((n) => (
          <button key={n} type="button" className="btn btn-chip" aria-pressed={days === n} onClick={() => setDays(n)}>
            {n} days
          </button>
        ))}
      </div>
      {body}
    </div>
  );
}
