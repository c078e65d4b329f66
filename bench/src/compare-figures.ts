/** Reading the figure tables benchmarks print, and putting two runs side by side. */

export interface ParsedFigure {
  benchmark: string;
  name: string;
  /** The first number of the measured cell (thousands separators removed); NaN when none. */
  value: number;
  shown: string;
  /** Which way is better, from the target ('>=' higher, '<' lower) or the unit. */
  better: 'higher' | 'lower' | 'unknown';
}

const TABLE_HEAD = /^\|\s*(benchmark\s*\|\s*)?figure\s*\|\s*measured\s*\|\s*target\s*\|\s*verdict\s*\|$/;

function firstNumber(text: string): number {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(text);
  return match ? Number(match[0].replace(/,/g, '')) : Number.NaN;
}

function direction(shown: string, target: string): ParsedFigure['better'] {
  if (/^>=?/.test(target.trim())) return 'higher';
  if (/^<=?/.test(target.trim())) return 'lower';
  if (/\/s\b/.test(shown)) return 'higher';
  if (/\b(ms|s|MB)\b/.test(shown)) return 'lower';
  return 'unknown';
}

/** Every row of every figure table in a benchmark's output; `fallback` names the benchmark when the table does not. */
export function parseFigureTables(output: string, fallback: string): ParsedFigure[] {
  const figures: ParsedFigure[] = [];
  let title = fallback;
  let withBenchmark: boolean | null = null;
  for (const line of output.split('\n')) {
    const heading = /^== (.+?) ==$/.exec(line.trim());
    if (heading) {
      title = heading[1]!.startsWith('all figures') ? fallback : heading[1]!;
      withBenchmark = null;
      continue;
    }
    const head = TABLE_HEAD.exec(line.trim());
    if (head) {
      withBenchmark = Boolean(head[1]);
      continue;
    }
    if (withBenchmark === null || !line.startsWith('|') || line.startsWith('|---')) {
      if (!line.startsWith('|')) withBenchmark = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const [benchmark, name, shown, target] = withBenchmark ? cells : [title, ...cells];
    if (!name || shown === undefined) continue;
    figures.push({ benchmark: benchmark ?? title, name, value: firstNumber(shown), shown, better: direction(shown, target ?? '') });
  }
  return figures;
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const key = (f: ParsedFigure) => `${f.benchmark} / ${f.name}`;

/** A markdown table: each figure's median over rounds on both sides, the ratio, and a flag on a >10% regression. */
export function ratioTable(work: ParsedFigure[][], base: ParsedFigure[][]): string {
  const order: ParsedFigure[] = [];
  const values = new Map<string, { work: number[]; base: number[] }>();
  const add = (runs: ParsedFigure[][], side: 'work' | 'base') => {
    for (const run of runs) {
      for (const f of run) {
        if (!values.has(key(f))) {
          values.set(key(f), { work: [], base: [] });
          order.push(f);
        }
        values.get(key(f))![side].push(f.value);
      }
    }
  };
  add(work, 'work');
  add(base, 'base');
  const rows = order.map((f) => {
    const v = values.get(key(f))!;
    const w = median(v.work);
    const b = median(v.base);
    const ratio = w / b;
    const worse = f.better === 'higher' ? ratio < 0.9 : f.better === 'lower' ? ratio > 1.1 : false;
    const ratioText = Number.isFinite(ratio) ? `${ratio.toFixed(2)}x${worse ? ' REGRESSION >10%' : ''}` : '-';
    return `| ${f.benchmark} | ${f.name} | ${fmt(w)} | ${fmt(b)} | ${ratioText} | ${f.better} |`;
  });
  return ['| benchmark | figure | working tree | base | ratio | better |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

function fmt(value: number): string {
  if (!Number.isFinite(value)) return '-';
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : String(Number(value.toFixed(2)));
}
