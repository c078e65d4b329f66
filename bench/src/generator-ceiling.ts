/**
 * The load generator's own ceiling on this machine: the same closed loop (50 clients, the same
 * QSO bodies and bearer headers) against a trivial node:http server in its own process that
 * answers `{}` at once. Like the real runs it shares the cores with the server process.
 *
 *   npx tsx bench/src/generator-ceiling.ts
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { benchConfig } from './config';
import { closedLoop, HttpClient } from './load';
import { CpuMeter } from './procfs';
import { QsoSource } from './qso';
import { isMain, machineText, printFigures, type Figure } from './report';
import { fmtMs, fmtRate, summarize } from './stats';

const TRIVIAL_SERVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': 2 });
    res.end('{}');
  });
});
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

export async function runGeneratorCeiling(): Promise<Figure[]> {
  const child = spawn(process.execPath, ['-e', TRIVIAL_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
    const url = `http://127.0.0.1:${Number(chunk.toString().trim())}`;
    const warmupMs = Math.min(benchConfig.warmupMs, 2000);
    console.log(`generator ceiling (${machineText()}): trivial server ${url} (pid ${child.pid}); ${benchConfig.concurrency} clients, ${warmupMs / 1000} s warm-up + ${benchConfig.ceilingMs / 1000} s measured`);
    const users = Array.from({ length: benchConfig.users }, (_, i) => ({ email: `x${i}@example.com`, callsign: `X${i}X`, token: `token-${i}-${'f'.repeat(40)}` }));
    const source = new QsoSource(users);
    const client = new HttpClient(url, benchConfig.concurrency);
    const cpu = new CpuMeter(() => [child.pid ?? -1]);
    const loop = await closedLoop({ concurrency: benchConfig.concurrency, warmupMs, durationMs: benchConfig.ceilingMs, send: (c) => source.send(client, c) });
    const used = cpu.read();
    client.close();
    const lat = summarize(loop.latenciesMs);
    console.log(`  ${fmtRate(loop.rate, ' requests/s')}; errors ${loop.errors.total}; latency p50 ${fmtMs(lat.p50)}, p99 ${fmtMs(lat.p99)}`);
    console.log(`  CPU: generator ${used.generator.toFixed(2)} cores, trivial server ${used.others.toFixed(2)} cores (${machineText()})`);
    return [
      { benchmark: 'generator-ceiling', name: `requests/s against a trivial \`{}\` server (closed loop, ${benchConfig.concurrency} clients)`, value: loop.rate, unit: 'requests/s', shown: fmtRate(loop.rate, ' requests/s') },
      { benchmark: 'generator-ceiling', name: 'CPU: generator / trivial server', value: used.generator, unit: 'cores', shown: `${used.generator.toFixed(2)} / ${used.others.toFixed(2)} cores` },
      { benchmark: 'generator-ceiling', name: 'latency p50 / p99', value: lat.p50, unit: 'ms', shown: `${fmtMs(lat.p50)} / ${fmtMs(lat.p99)}` },
    ];
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

if (isMain(import.meta.url)) {
  const figures = await runGeneratorCeiling();
  printFigures('generator ceiling', figures);
}
