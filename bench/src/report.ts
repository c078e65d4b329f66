import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Figures with their targets, judged and printed the same way by every benchmark. */

export interface Figure {
  benchmark: string;
  name: string;
  /** The measured value in `unit`; NaN when it could not be measured. */
  value: number;
  unit: string;
  /** Text shown for the value (defaults to value + unit). */
  shown?: string;
  target?: { op: '<' | '>='; value: number };
  note?: string;
}

export interface Verdict {
  status: 'pass' | 'miss' | 'n/a' | 'info';
  /** For a miss: how far off, e.g. "+12.0 ms (48% over)". */
  by?: string;
}

export function judge(figure: Figure): Verdict {
  const { target, value } = figure;
  if (!target) return { status: 'info' };
  if (!Number.isFinite(value)) return { status: 'n/a' };
  const pass = target.op === '<' ? value < target.value : value >= target.value;
  if (pass) return { status: 'pass' };
  const diff = value - target.value;
  const pct = target.value !== 0 ? Math.abs(diff / target.value) * 100 : Number.POSITIVE_INFINITY;
  const sign = diff >= 0 ? '+' : '-';
  return { status: 'miss', by: `${sign}${round(Math.abs(diff))} ${figure.unit} (${pct.toFixed(0)}% ${target.op === '<' ? 'over' : 'under'} target)` };
}

function round(x: number): string {
  return Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function shownValue(f: Figure): string {
  if (f.shown !== undefined) return f.shown;
  if (!Number.isFinite(f.value)) return 'n/a';
  return `${round(f.value)} ${f.unit}`;
}

export function targetText(f: Figure): string {
  return f.target ? `${f.target.op} ${f.target.value} ${f.unit}` : '-';
}

/** A markdown table of the figures: name, measured, target, verdict. */
export function figureTable(figures: Figure[], withBenchmark = false): string {
  const head = withBenchmark ? '| benchmark | figure | measured | target | verdict |' : '| figure | measured | target | verdict |';
  const rule = withBenchmark ? '|---|---|---|---|---|' : '|---|---|---|---|';
  const rows = figures.map((f) => {
    const v = judge(f);
    const verdict = v.status === 'miss' ? `MISS by ${v.by}` : v.status === 'pass' ? 'pass' : v.status;
    const cells = [f.name, shownValue(f), targetText(f), verdict + (f.note ? ` (${f.note})` : '')];
    return `| ${(withBenchmark ? [f.benchmark, ...cells] : cells).join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n== ${title} ==`);
  console.log(figureTable(figures));
}

/** True when the module at `metaUrl` is the script node was started with. */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const strip = (p: string) => resolve(p).replace(/\.ts$/, '');
  return strip(fileURLToPath(metaUrl)) === strip(entry);
}

/** Cores and the 1-minute load average: the machine is shared, so every run states how busy it was. */
export function machineText(): string {
  return `${cpus().length} cores, load average (1 min) ${(loadavg()[0] ?? 0).toFixed(2)}, node ${process.version}`;
}
