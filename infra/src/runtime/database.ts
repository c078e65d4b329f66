import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config';
import { embeddedBinary, leaveSignalsToTheRuntime, startEmbeddedPostgres } from '../postgres/embedded';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL left running by a server that was killed (SIGKILL skips the exit hook that stops
 * it) still holds the data folder: stop it cleanly before starting our own.
 */
function stopOrphan(pgDir: string): void {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || !isAlive(pid)) return;
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const args = ['stop', '-D', pgDir, '-m', 'fast', '-w'];
  if (asUser.length > 0) execFileSync('runuser', [...asUser, '--', embeddedBinary('pg_ctl'), ...args], { stdio: 'ignore' });
  else execFileSync(embeddedBinary('pg_ctl'), args, { stdio: 'ignore' });
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data folder.
 * `ownSession`: for a runtime that stops the database itself, last, on SIGINT/SIGTERM
 * (postgres/embedded.ts); without it the package stops it on those signals.
 */
export async function openDatabase(config: Config, options: { quiet?: boolean; ownSession?: boolean } = {}): Promise<Database> {
  if (config.databaseUrl) {
    // No embedded server to stop: the package's signal hook (loaded all the same) would only cut the service's own stop short.
    leaveSignalsToTheRuntime();
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  stopOrphan(join(config.dataDir, 'pg'));
  const handle = await startEmbeddedPostgres(config.dataDir, options);
  // Tools such as `npm run rebuild` find the running server's database here.
  writeFileSync(join(config.dataDir, 'postgres.json'), JSON.stringify({ url: handle.url, pid: process.pid }));
  return { url: handle.url, embedded: true, stop: handle.stop };
}

/** The URL of the embedded PostgreSQL a running server started, if that server is alive. */
export function runningEmbeddedUrl(config: Config): string | null {
  const file = join(config.dataDir, 'postgres.json');
  if (!existsSync(file)) return null;
  const { url, pid } = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number };
  return isAlive(pid) ? url : null;
}
