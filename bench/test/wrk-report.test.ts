import { describe, expect, it } from 'vitest';
import { parseWrkReport } from '../src/wrk';

// wrk 4.1.0's report with --latency, as it prints it.
const REPORT = `Running 10s test @ http://127.0.0.1:8080/news
  1 threads and 100 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.12ms    2.03ms  1.02s    91.20%
    Req/Sec    16.41k     1.10k   18.20k    78.00%
  Latency Distribution
     50%    5.80ms
     75%    6.60ms
     90%    7.90ms
     99%  850.00us
  163274 requests in 10.00s, 412.50MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:  16327.12
Transfer/sec:     41.25MB
`;

describe("reading wrk's report", () => {
  it('reads the percentiles in their units, the rate, the count and every kind of error', () => {
    expect(parseWrkReport(REPORT)).toEqual({ p50Ms: 5.8, p99Ms: 0.85, maxMs: 1020, perSecond: 16327.12, requests: 163274, errors: 7 });
  });

  it('counts no errors when wrk reports none', () => {
    const clean = REPORT.replace(/^\s*Socket errors.*\n/m, '').replace(/^\s*Non-2xx.*\n/m, '');
    expect(parseWrkReport(clean).errors).toBe(0);
  });

  it('refuses a report without the latency distribution rather than inventing figures', () => {
    expect(() => parseWrkReport(REPORT.replace(/^\s*99%.*\n/m, ''))).toThrow(/99th percentile/);
  });
});
