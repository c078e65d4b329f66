import { useLayoutEffect, useState, type RefObject } from 'react';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';

/** The colours a canvas needs, as the page's CSS variables resolve now (light or dark). */
export interface ChartColours {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  /** The categorical series (charts.css --stats-1 to --stats-8), the first one the accent. */
  series: string[];
}

const SERIES = 8;

/** Light-theme values, for where nothing resolves (no layout engine). */
const FALLBACK: ChartColours = {
  text: '#16202c',
  muted: '#52606e',
  grid: '#d5dbe3',
  surface: '#ffffff',
  series: ['#1d4ed8', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'],
};

/**
 * Resolves the variables inside `scope` through a hidden probe: a canvas cannot read
 * var(--accent), and the variables hold light-dark() pairs only the style engine can choose from.
 */
function resolveColours(scope: HTMLElement | null): ChartColours {
  if (!scope || typeof getComputedStyle !== 'function') return FALLBACK;
  const probe = document.createElement('span');
  probe.hidden = true;
  scope.append(probe);
  const read = (variable: string, fallback: string): string => {
    probe.style.color = '';
    probe.style.color = `var(${variable})`;
    const colour = getComputedStyle(probe).color;
    return colour && !colour.includes('var(') ? colour : fallback;
  };
  const colours: ChartColours = {
    text: read('--fg', FALLBACK.text),
    muted: read('--muted', FALLBACK.muted),
    grid: read('--border', FALLBACK.grid),
    surface: read('--surface', FALLBACK.surface),
    series: Array.from({ length: SERIES }, (_, i) => read(`--stats-${i + 1}`, FALLBACK.series[i]!)),
  };
  probe.remove();
  return colours;
}

/** The chart colours of the element `scope` points at, resolved again when the theme changes. */
export function useChartColours(scope: RefObject<HTMLElement | null>): ChartColours {
  const [theme] = useTheme();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const [colours, setColours] = useState<ChartColours>(FALLBACK);
  useLayoutEffect(() => {
    setColours(resolveColours(scope.current));
  }, [scope, theme, systemDark]);
  return colours;
}
