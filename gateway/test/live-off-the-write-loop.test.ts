/**
 * Writes never wait on watchers (issue 19 §3): on the one-process default the /ws sockets live in a
 * process of their own, so the event loop that takes the QSOs writes nothing to them, and logging
 * goes on at full speed while that process is stuck.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveFrameMessage } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

/** The inode of the server's end of each TCP connection from `clientPorts` to `serverPort` (/proc/net/tcp and tcp6). */
function serverSideInodes(serverPort: number, clientPorts: number[]): Map<number, string> {
  const wanted = new Set(clientPorts);
  const found = new Map<number, string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const local = parseInt(cols[1]!.split(':')[1]!, 16);
      const remote = parseInt(cols[2]!.split(':')[1]!, 16);
      if (local === serverPort && wanted.has(remote)) found.set(remote, cols[9]!);
    }
  }
  return found;
}

/** The socket inodes a process holds open. */
function socketInodesOf(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      /* closed meanwhile */
    }
  }
  return inodes;
}

/** This process's children running the live gateway. */
function liveProcesses(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('live-process');
      } catch {
        return false;
      }
    });
}

interface Watcher {
  socket: WebSocket;
  frames: LiveFrameMessage[];
}

async function watch(url: string): Promise<Watcher> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  const frames: LiveFrameMessage[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as LiveFrameMessage));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, frames };
}

describe('the live websocket runs off the event loop that takes the writes', () => {
  let t: TestServer;
  let watchers: Watcher[] = [];

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    for (const w of watchers) w.socket.terminate();
    await t?.stop();
  });

  it("keeps every /ws socket in the live gateway's process, none in the server's", async () => {
    watchers = await Promise.all(Array.from({ length: 20 }, () => watch(t.url)));
    await expect.poll(() => watchers.every((w) => w.frames.length > 0)).toBe(true);
    const [live] = liveProcesses();
    expect(live, 'a live gateway process beside the server').toBeDefined();
    const clientPorts = watchers.map((w) => (w.socket as unknown as { _socket: { localPort: number } })._socket.localPort);
    const inodes = serverSideInodes(t.server.port, clientPorts);
    expect(inodes.size).toBe(watchers.length);
    const mine = socketInodesOf(process.pid);
    const its = socketInodesOf(live!);
    for (const inode of inodes.values()) {
      expect(mine.has(inode), 'the server process holds a watcher socket').toBe(false);
      expect(its.has(inode)).toBe(true);
    }
  });

  it('logs at full speed while the live gateway is stopped, and the watchers catch up when it goes on', async () => {
    const [live] = liveProcesses();
    const api = new ApiClient(t.url);
    await api.signUp('w1liv@example.com', 'W1LIV');
    const { body: user } = await api.call<{ user: { api_key: string } }>('GET', '/vuser');
    process.kill(live!, 'SIGSTOP');
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          api.post('/vqso/upsert', { data: { Call: `DL${i}ABC`, TS: new Date().toISOString().slice(0, 16), Freq: 14074, Mode: 'FT8' } }),
        ),
      );
      const rig = await api.post('/radio', { key: user.user.api_key, radio: 'IC-7300', frequency: '14074500', mode: 'USB', op_mode: '1' });
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
      expect(rig.status).toBe(200);
      // Nothing waited on the stopped gateway: 31 writes in well under the time one stuck write would hang.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await api.post<{ count: number }>('/vlogbookcount', {})).body.count).toBe(30);
    } finally {
      process.kill(live!, 'SIGCONT');
    }
    // The report made while it was stopped reaches every watcher afterwards.
    await expect
      .poll(() => watchers.every((w) => w.frames.some((f) => f.users.some((u) => u.my_callsign === 'W1LIV' || ('freq' in u && u.freq === 14_074.5)))), { timeout: 10_000 })
      .toBe(true);
  });
});
