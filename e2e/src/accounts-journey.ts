/**
 * Helpers of the accounts journeys: the PIN from the local mailbox, a subscription given with
 * the operators' CLI, a small PNG made on the spot, and the API's view of a user.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { latestPin } from '../../gateway/test/mailbox';
import { apiPost, type Station } from './logger-journey';

const root = resolve(new URL('../..', import.meta.url).pathname);

/** The PIN in the newest PIN mail to `to` under DATA_DIR/mail (a line 'PIN: 12345678'), waiting for it to arrive. */
export const pinFromMailbox = (dataDir: string, to: string, timeoutMs = 10_000): Promise<string> => latestPin(dataDir, to, timeoutMs);

/** `npm run --silent {script} -- {args}`, as an operator runs it beside the running server; answers its output. */
export function runOperatorCli(dataDir: string, script: string, args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${script} CLI exited ${code}:\n${out}`))));
  });
}

/** `npm run subscription -- CALLSIGN premium`, as an operator gives one, beside the running server. */
export function subscribeWithCli(dataDir: string, callsign: string): Promise<string> {
  return runOperatorCli(dataDir, 'subscription', [callsign, 'premium']);
}

/** Logs the station in again through the API, so its stored answer carries what changed since (a subscription). */
export async function freshLogin(baseUrl: string, station: Station): Promise<Station> {
  const auth = await apiPost<Station['auth']>(baseUrl, '/vlogin', { email: station.email, password: station.password });
  return { ...station, token: auth.token, auth };
}

/** The user's own status as the sidebar polls it. */
export function statusOf(baseUrl: string, station: Station): Promise<{ notification_count: number; following: string[] }> {
  return apiPost(baseUrl, '/vsr', {}, station.token);
}

export async function userIdOf(baseUrl: string, station: Station): Promise<string> {
  const res = await fetch(`${baseUrl}/api/vuser`, { headers: { Authorization: `Bearer ${station.token}` } });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** A real PNG (8-bit RGB, a diagonal gradient), encoded here so the test needs no image library. */
export function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x += 1) rows.push((x * 255) / width, (y * 255) / height, 128);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}
