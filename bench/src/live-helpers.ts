/** What the live benchmarks share: a server whose memory can be read, and stations with API keys. */
import { HttpClient } from './load';
import { memoryOf } from './procfs';
import { startServer } from './server';
import { fmtMb } from './stats';
import { registerUsers } from './users';
import type { Station } from './ws-clients';

export interface LiveBenchServer {
  url: string;
  /** The server process's RSS ('n/a' for a server given by HAMLOG_URL). */
  rss(): string;
  stop(): Promise<void>;
}

export async function liveBenchServer(): Promise<LiveBenchServer> {
  if (process.env.HAMLOG_URL) return { url: process.env.HAMLOG_URL.replace(/\/$/, ''), rss: () => 'n/a', stop: async () => {} };
  const own = await startServer();
  return {
    url: own.url,
    rss: () => {
      const m = memoryOf(own.serverPid);
      return m ? fmtMb(m.rssKb) : 'n/a';
    },
    stop: () => own.stop(),
  };
}

/** A station with its account's id and a signed-in session beside its API key. */
export interface RegisteredStation extends Station {
  id: string;
  token: string;
}

/** `count` new users, each with the API key its companion app would use. */
export async function registerStations(url: string, count: number): Promise<RegisteredStation[]> {
  const users = await registerUsers(url, count, { setPassword: false });
  const http = new HttpClient(url, 8);
  try {
    return await Promise.all(
      users.map(async (u) => {
        const res = await http.request('GET', '/api/vuser', undefined, { authorization: `Bearer ${u.token}` });
        const { user } = JSON.parse(res.body) as { user?: { id?: string | number; api_key?: string } };
        if (res.status !== 200 || !user?.api_key || user.id === undefined) throw new Error(`GET /api/vuser for ${u.callsign}: HTTP ${res.status}`);
        return { id: String(user.id), callsign: u.callsign, token: u.token, apiKey: user.api_key };
      }),
    );
  } finally {
    http.close();
  }
}
