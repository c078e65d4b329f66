import { describe, expect, it } from 'vitest';
import { parseFigureTables, ratioTable } from '../src/compare-figures';

const runAll = `
== all figures (2026-11-22; total 105 s) ==
| benchmark | figure | measured | target | verdict |
|---|---|---|---|---|
| throughput | QSOs/s sustained (2xx, closed loop, 50 clients) | 2,181 QSOs/s | >= 1500 QSOs/s | pass |
| latency | latency p99 (open loop) | 18.1 ms (p50 3.4) | < 25 ms | pass |
| startup | server RSS idle | 107 MB | - | info |
`;

describe('reading benchmark figure tables', () => {
  it('reads each row with its benchmark, first number and direction', () => {
    const figures = parseFigureTables(runAll, 'all');
    expect(figures.map((f) => [f.benchmark, f.value, f.better])).toEqual([
      ['throughput', 2181, 'higher'],
      ['latency', 18.1, 'lower'],
      ['startup', 107, 'lower'],
    ]);
  });

  it('names a single benchmark table after its heading', () => {
    const out = 'noise\n== throughput ==\n| figure | measured | target | verdict |\n|---|---|---|---|\n| errors | 0 (none) | - | info |\n';
    expect(parseFigureTables(out, 'x')).toMatchObject([{ benchmark: 'throughput', name: 'errors', value: 0 }]);
  });

  it('flags a figure more than 10% worse than the base, in its own direction', () => {
    const work = parseFigureTables(runAll.replace('2,181', '1,900').replace('18.1 ms', '18.5 ms'), 'all');
    const base = parseFigureTables(runAll, 'all');
    const table = ratioTable([work], [base]);
    expect(table).toMatch(/QSOs\/s sustained.*\| 0\.87x REGRESSION >10% \|/);
    expect(table).toMatch(/latency p99.*\| 1\.02x \|/);
  });
});
