/** One chart's numbers: a label and a value each, in the order drawn. */
export interface Series {
  labels: string[];
  values: number[];
}

export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A chart in one sentence: 'QSOs per band: 40m 12, 20m 40.' (every value: the numbers are the point). */
export function describeSeries(title: string, series: Series): string {
  if (series.labels.length === 0) return `${title}: none.`;
  return `${title}: ${series.labels.map((label, i) => `${label} ${formatCount(series.values[i] ?? 0)}`).join(', ')}.`;
}
