import type { Series } from '@/components/charts/series';
import type { StationStatsAnswer } from '../api/get-stats';

const CONTINENT_NAMES: Readonly<Record<string, string>> = {
  AF: 'Africa',
  AN: 'Antarctica',
  AS: 'Asia',
  EU: 'Europe',
  NA: 'North America',
  OC: 'Oceania',
  SA: 'South America',
};

export const continentName = (code: string): string => CONTINENT_NAMES[code] ?? (code || 'Unknown');

/** '07:00' for hour 7 (UTC). */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** How many modes the chart draws on their own; the rest are one 'Other' bar (the table lists every one). */
export const CHART_MODES = 10;

export function bandsSeries(stats: StationStatsAnswer): Series {
  return { labels: stats.bands.map((b) => b.band), values: stats.bands.map((b) => b.count) };
}

export function modesSeries(stats: StationStatsAnswer, limit = CHART_MODES): Series {
  const shown = stats.modes.length > limit ? stats.modes.slice(0, limit - 1) : stats.modes;
  const rest = stats.modes.slice(shown.length).reduce((sum, m) => sum + m.count, 0);
  return {
    labels: [...shown.map((m) => m.mode), ...(rest > 0 ? ['Other'] : [])],
    values: [...shown.map((m) => m.count), ...(rest > 0 ? [rest] : [])],
  };
}

export function continentsSeries(stats: StationStatsAnswer): Series {
  return { labels: stats.continents.map((c) => continentName(c.continent)), values: stats.continents.map((c) => c.count) };
}

export function yearsSeries(stats: StationStatsAnswer): Series {
  return { labels: stats.years.map((y) => String(y.year)), values: stats.years.map((y) => y.count) };
}

export function hoursSeries(stats: StationStatsAnswer): Series {
  return { labels: stats.hours.map((h) => hourLabel(h.hour)), values: stats.hours.map((h) => h.count) };
}

export function dxccBandsSeries(stats: StationStatsAnswer): Series {
  return { labels: stats.dxcc.bands.map((b) => b.band), values: stats.dxcc.bands.map((b) => b.worked) };
}

/** The label of the largest value (the first of equals), or null when all are 0. */
function busiest(series: Series): string | null {
  let best = -1;
  series.values.forEach((v, i) => {
    if (v > 0 && (best < 0 || v > series.values[best]!)) best = i;
  });
  return best < 0 ? null : series.labels[best]!;
}

export interface StatsHighlights {
  total: number;
  entities: number;
  /** '2019–2024', or one year. */
  years: string | null;
  band: string | null;
  mode: string | null;
  /** '13:00 UTC'. */
  hour: string | null;
}

export function highlightsOf(stats: StationStatsAnswer): StatsHighlights {
  const first = stats.years[0]?.year;
  const last = stats.years.at(-1)?.year;
  const hour = busiest(hoursSeries(stats));
  return {
    total: stats.total,
    entities: stats.dxcc.worked,
    years: first === undefined || last === undefined ? null : first === last ? String(first) : `${first}–${last}`,
    band: busiest(bandsSeries(stats)),
    mode: stats.modes[0]?.mode ?? null,
    hour: hour ? `${hour} UTC` : null,
  };
}
