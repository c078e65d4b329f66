import { useEffect, useRef } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { Chart, type ChartConfiguration } from './chart-setup';
import { withAlpha } from './colour';
import type { ChartColours } from './use-chart-colours';

export type StatsChartType = 'bar' | 'line' | 'doughnut';

export interface StatsChartProps {
  type: StatsChartType;
  labels: readonly string[];
  values: readonly number[];
  /** What a value counts ('QSOs', 'Entities'): the tooltip's name for it. */
  unit: string;
  /** The chart in words, for screen readers (the canvas is an image). */
  description: string;
  colours: ChartColours;
  /** One colour per value (a doughnut always): for categories that are not a scale. */
  colourEach?: boolean;
}

function configOf(props: StatsChartProps, animate: boolean): ChartConfiguration {
  const { type, unit, colours, colourEach } = props;
  // A doughnut leaves out what has no slice, so its legend lists only what is drawn.
  const drawn = props.labels.map((_, i) => i).filter((i) => type !== 'doughnut' || (props.values[i] ?? 0) > 0);
  const labels = drawn.map((i) => props.labels[i]!);
  const values = drawn.map((i) => props.values[i]!);
  const each = colourEach || type === 'doughnut';
  const fill = each ? labels.map((_, i) => colours.series[i % colours.series.length]!) : colours.series[0]!;
  // Labels stay level: chart.js skips some (every other hour) rather than slant them.
  const axis = { ticks: { color: colours.muted, precision: 0, maxRotation: 0, autoSkipPadding: 6 }, grid: { color: colours.grid }, border: { color: colours.grid } };
  return {
    type,
    data: {
      labels,
      datasets: [
        {
          label: unit,
          data: values,
          backgroundColor: type === 'line' ? withAlpha(colours.series[0]!, 0.2) : fill,
          borderColor: type === 'doughnut' ? colours.surface : colours.series[0],
          borderWidth: type === 'line' ? 2 : type === 'doughnut' ? 2 : 0,
          fill: type === 'line',
          tension: 0.25,
          pointRadius: labels.length > 30 ? 0 : 3,
          borderRadius: type === 'bar' ? 3 : 0,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? undefined : false,
      color: colours.text,
      plugins: {
        legend: { display: type === 'doughnut', position: 'bottom', labels: { color: colours.text, boxWidth: 12 } },
        tooltip: { enabled: true },
      },
      ...(type === 'doughnut' ? {} : { scales: { x: axis, y: { ...axis, beginAtZero: true } } }),
    },
  } as ChartConfiguration;
}

/**
 * One chart.js chart on a canvas that reads as an image with `description` for assistive
 * technology; the card around it offers the same numbers as a table.
 */
export function StatsChart(props: StatsChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const key = JSON.stringify([props.type, props.labels, props.values, props.unit, props.colours, props.colourEach]);
  useEffect(() => {
    const element = canvas.current;
    // No 2D context (a test's DOM without a canvas engine): the description and the table remain.
    if (!element || !element.getContext('2d')) return;
    const chart = new Chart(element, configOf(props, !reducedMotion));
    return () => chart.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` holds every input of the chart
  }, [key, reducedMotion]);
  return (
    <canvas ref={canvas} role="img" aria-label={props.description}>
      {props.description}
    </canvas>
  );
}
