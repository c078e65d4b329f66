/**
 * The load generator: a keep-alive node:http client, a closed loop (N clients, each sending its
 * next request as soon as the previous answer arrives) and an open loop (requests due on a fixed
 * schedule, latency measured from the due time: coordinated-omission corrected).
 */
import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const SOCKET_TIMEOUT_MS = 30_000;

export class HttpClient {
  readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string, maxSockets = 64) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    // The socket idle timeout is set once per connection (a per-request timer costs the generator ~20% of its throughput).
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets, timeout: SOCKET_TIMEOUT_MS });
  }

  request(method: string, path: string, body?: string, headers: Record<string, string> = {}, timeoutMs = 0): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const all: Record<string, string | number> = { ...headers };
      if (body !== undefined) {
        all['content-type'] = 'application/json';
        all['content-length'] = Buffer.byteLength(body);
      }
      const req = http.request({ host: this.host, port: this.port, method, path, agent: this.agent, headers: all }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      if (timeoutMs > 0) req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      else req.once('timeout', () => req.destroy(new Error(`no answer in ${SOCKET_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  post(path: string, payload: unknown, token?: string): Promise<HttpAnswer> {
    return this.request('POST', path, JSON.stringify(payload), token ? { authorization: `Bearer ${token}` } : {});
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request('GET', path);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Sends request `index` (due at `dueAt`, performance.now() time, in an open loop) and gives its HTTP status (throws on a transport error). */
export type Send = (index: number, dueAt: number) => Promise<number>;

export class ErrorTally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }
  toString(): string {
    return this.total === 0 ? 'none' : [...this.counts].map(([k, v]) => `${k}: ${v}`).join(', ');
  }
}

function errorKey(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e.code ?? (e.message ?? String(error)).slice(0, 60);
}

export interface ClosedLoopOptions {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** Client `client` sends its next request. */
  send: (client: number) => Promise<number>;
}

export interface LoopResult {
  /** 2xx answers counted in the measured window. */
  ok: number;
  errors: ErrorTally;
  /** Latency of each 2xx answer in the window, ms. */
  latenciesMs: number[];
  /** Measured window, s. */
  seconds: number;
  /** 2xx answers per second over the window. */
  rate: number;
}

export async function closedLoop(options: ClosedLoopOptions): Promise<LoopResult> {
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;
  const latenciesMs: number[] = [];
  const errors = new ErrorTally();
  let ok = 0;
  const client = async (c: number) => {
    while (performance.now() < end) {
      const sent = performance.now();
      let status = 0;
      let failure = '';
      try {
        status = await options.send(c);
        if (status < 200 || status > 299) failure = `HTTP ${status}`;
      } catch (error) {
        failure = errorKey(error);
      }
      const done = performance.now();
      if (done < measureFrom || done > end) continue;
      if (failure) errors.add(failure);
      else {
        ok += 1;
        latenciesMs.push(done - sent);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, (_, c) => client(c)));
  const seconds = options.durationMs / 1000;
  return { ok, errors, latenciesMs, seconds, rate: ok / seconds };
}

export interface OpenLoopOptions {
  /** Requests per second; request i is due at t0 + i / rate. */
  rate: number;
  warmupMs: number;
  durationMs: number;
  send: Send;
  /** Called once, when the measured part of the schedule begins. */
  onMeasureStart?: () => void | Promise<void>;
}

export interface OpenLoopResult extends LoopResult {
  /** Latency from the due time (coordinated-omission corrected), ms — the figure to judge. */
  latenciesMs: number[];
  /** Latency from the moment the request was actually sent, ms (for comparison). */
  serviceMs: number[];
  /** How late the generator itself sent requests (send time - due time), ms. */
  sendLagMs: number[];
  /** Due time of each latency sample, seconds since the measured part of the schedule began. */
  dueS: number[];
  scheduled: number;
}

export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const interval = 1000 / options.rate;
  const warmupCount = Math.round((options.warmupMs / 1000) * options.rate);
  const total = warmupCount + Math.round((options.durationMs / 1000) * options.rate);
  const latenciesMs: number[] = [];
  const serviceMs: number[] = [];
  const sendLagMs: number[] = [];
  const dueS: number[] = [];
  const errors = new ErrorTally();
  const inFlight = new Set<Promise<void>>();
  let ok = 0;
  const t0 = performance.now() + 5;

  const fire = (i: number) => {
    const due = t0 + i * interval;
    const sent = performance.now();
    const measured = i >= warmupCount;
    const p = options.send(i, due).then(
      (status) => {
        const done = performance.now();
        if (!measured) return;
        if (status < 200 || status > 299) return errors.add(`HTTP ${status}`);
        ok += 1;
        latenciesMs.push(done - due);
        serviceMs.push(done - sent);
        sendLagMs.push(sent - due);
        dueS.push((i - warmupCount) / options.rate);
      },
      (error: unknown) => {
        if (measured) errors.add(errorKey(error));
      },
    );
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && t0 + next * interval <= now) {
        if (next === warmupCount) void options.onMeasureStart?.();
        fire(next);
        next += 1;
      }
      if (next >= total) return done();
      setTimeout(tick, Math.max(0, t0 + next * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  const seconds = options.durationMs / 1000;
  return { ok, errors, latenciesMs, serviceMs, sendLagMs, dueS, seconds, rate: ok / seconds, scheduled: total - warmupCount };
}
