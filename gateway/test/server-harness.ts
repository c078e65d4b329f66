import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { startEmbeddedServer, type RunningServer } from '../src/embedded-runtime';

export interface TestServer {
  url: string;
  server: RunningServer;
  db: TestDatabase;
  /** DATA_DIR (uploads, the file mailbox): a fresh temporary folder removed on stop, unless the test gave DATA_DIR. */
  dataDir: string;
  stop(): Promise<void>;
}

/** The bearer token test servers answer /metrics to (METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = 'test-metrics-token';

type ServerOptions = Parameters<typeof startEmbeddedServer>[2];

/** The whole server in this process on `databaseUrl`, on a free port, without Kafka, ClickHouse or Redis. */
export function startServerOn(databaseUrl: string, env: Record<string, string> = {}, options?: ServerOptions): Promise<RunningServer> {
  // Suites register more accounts from 127.0.0.1 than one address may; the quota's own test turns it on.
  const config = readConfig({ ...process.env, DATABASE_URL: databaseUrl, PORT: '0', KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', REGISTRATION_QUOTA: 'off', METRICS_TOKEN: TEST_METRICS_TOKEN, ...env });
  return startEmbeddedServer(config, createLogger('test'), options);
}

/** The whole server in this process on a fresh test database, on a free port. */
export async function startTestServer(
  env: Record<string, string> = {},
  /** `now`: the clock the command side uses (PIN expiry, timestamps, the awards job), for tests that move time. */
  options: NonNullable<ServerOptions> = {},
): Promise<TestServer> {
  const db = await createTestDatabase('api');
  const ownDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'hamlog-test-')));
  const server = await startServerOn(db.url, { ...env, DATA_DIR: dataDir }, options);
  return {
    url: `http://127.0.0.1:${server.port}`,
    server,
    db,
    dataDir,
    async stop() {
      await server.stop();
      await db.drop();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small API client that, like the web client, sends the last write's position on reads. */
export class ApiClient {
  token: string | null = null;
  private position = 0;

  constructor(private readonly base: string) {}

  async call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (this.position > 0) headers['x-min-position'] = String(this.position);
    const res = await fetch(`${this.base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const position = Number(res.headers.get('x-log-position'));
    if (position > this.position) this.position = position;
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.call<T>('POST', path, body);
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.call<T>('GET', path);
  }

  /** Registers, sets a password and keeps the token. */
  async signUp(email: string, callsign: string, password = 'correct horse battery'): Promise<string> {
    const reg = await this.post<{ token: string; user: { id: string } }>('/vregister', { email, my_callsign: callsign });
    if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    this.token = reg.body.token;
    const pw = await this.post('/vupdateprofile', { password, password_confirmation: password });
    if (pw.status !== 200) throw new Error(`set password failed: ${pw.status} ${JSON.stringify(pw.body)}`);
    return reg.body.user.id;
  }
}

/** A server with two signed-up users: alice (W1AW unless given) and bob (K1JT). */
export async function startWithAliceAndBob(
  aliceCallsign = 'W1AW',
  env: Record<string, string> = {},
): Promise<{ t: TestServer; alice: ApiClient; bob: ApiClient; aliceId: string; bobId: string }> {
  const t = await startTestServer(env);
  const alice = new ApiClient(t.url);
  const bob = new ApiClient(t.url);
  const aliceId = await alice.signUp('alice@example.com', aliceCallsign);
  const bobId = await bob.signUp('bob@example.com', 'K1JT');
  return { t, alice, bob, aliceId, bobId };
}
