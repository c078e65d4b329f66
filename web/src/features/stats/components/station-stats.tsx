import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { FigureTiles } from '@/components/ui/figure-tiles';
import { Notice } from '@/components/ui/notice';
import { Loading } from '@/components/ui/spinner';
import { MESSAGES } from '@/config/messages';
import { useStationStats, type StationStatsAnswer } from '../api/get-stats';
import { ChartCard } from '@/components/charts/chart-card';
import { formatCount } from '@/components/charts/series';
import { useChartColours, type ChartColours } from '@/components/charts/use-chart-colours';
import {
  bandsSeries,
  continentsSeries,
  dxccBandsSeries,
  highlightsOf,
  hoursSeries,
  modesSeries,
  yearsSeries,
} from '../utils/stats-view';
import { DxccTable } from './dxcc-table';
import './stats.css';

function Highlights({ stats }: { stats: StationStatsAnswer }) {
  const h = highlightsOf(stats);
  const figures: [string, string][] = [
    ['QSOs', formatCount(h.total)],
    ['DXCC entities', formatCount(h.entities)],
    ['Years', h.years ?? '–'],
    ['Busiest band', h.band ?? '–'],
    ['Favourite mode', h.mode ?? '–'],
    ['Busiest hour', h.hour ?? '–'],
  ];
  return <FigureTiles className="stats-highlights" label="Highlights" figures={figures} />;
}

function Charts({ stats, colours }: { stats: StationStatsAnswer; colours: ChartColours }) {
  return (
    <>
      <Highlights stats={stats} />
      <div className="stats-grid">
        <ChartCard title="QSOs per band" type="bar" series={bandsSeries(stats)} category="Band" colours={colours} />
        <ChartCard title="QSOs per mode" type="bar" series={modesSeries(stats)} category="Mode" colours={colours} colourEach />
        <ChartCard title="QSOs per continent" type="doughnut" series={continentsSeries(stats)} category="Continent" colours={colours} />
        <ChartCard title="QSOs per year" type={stats.years.length > 1 ? 'line' : 'bar'} series={yearsSeries(stats)} category="Year" colours={colours} />
        <ChartCard title="Activity by hour (UTC)" type="bar" series={hoursSeries(stats)} category="Hour (UTC)" colours={colours} />
        <ChartCard
          title="DXCC entities per band"
          type="bar"
          series={dxccBandsSeries(stats)}
          category="Band"
          unit="Entities"
          colours={colours}
          note={`${formatCount(stats.dxcc.worked)} entities worked on all bands (deleted entities not counted).`}
        />
      </div>
      <DxccTable stats={stats} />
    </>
  );
}

/** /stats: what the signed-in station's log says, in charts (each with its table) and the DXCC table. */
export function StationStats() {
  const scope = useRef<HTMLDivElement>(null);
  const colours = useChartColours(scope);
  const stats = useStationStats();
  let body;
  if (stats.isPending) body = <Loading />;
  else if (stats.isError)
    body = (
      <Notice tone="error">
        {MESSAGES.statsLoadFailed}{' '}
        <button type="button" className="btn btn-link" onClick={() => void stats.refetch()}>
          Try again
        </button>
      </Notice>
    );
  else if (stats.data.total === 0)
    body = (
      <p className="empty">
        {MESSAGES.statsEmpty}
        <Link to="/logger">{MESSAGES.statsEmptyLog}</Link> or <Link to="/import-export">{MESSAGES.statsEmptyImport}</Link>.
      </p>
    );
  else body = <Charts stats={stats.data} colours={colours} />;
  return (
    <div className="stats-page chart-colours" ref={scope}>
      {body}
      <p className="muted stats-note">{MESSAGES.statsFollowLog}</p>
    </div>
  );
}
