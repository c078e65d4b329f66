/** Registers benchmark users and hands back their bearer tokens. */
import { randomBytes } from 'node:crypto';
import { HttpClient } from './load';

export interface BenchUser {
  email: string;
  callsign: string;
  token: string;
  /** The password set at sign-up (none with setPassword false). */
  password?: string;
}

export interface UserOptions {
  /** Also set a password through /api/vupdateprofile, as a real sign-up does (default true). */
  setPassword?: boolean;
}

/** N users with unique emails and callsigns (a random run id keeps runs on the same data folder apart). */
export async function registerUsers(url: string, count: number, options: UserOptions = {}): Promise<BenchUser[]> {
  const client = new HttpClient(url, 8);
  const runId = randomBytes(4).toString('hex').toUpperCase();
  try {
    const register = async (i: number): Promise<BenchUser> => {
      const email = `bench-${runId.toLowerCase()}-${i}@example.com`;
      const callsign = `B${runId}${i}`;
      const res = await client.post('/api/vregister', { email, my_callsign: callsign });
      if (res.status !== 200) throw new Error(`vregister ${callsign}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      const { token } = JSON.parse(res.body) as { token?: string };
      if (!token) throw new Error(`vregister ${callsign}: no token in ${res.body.slice(0, 300)}`);
      const password = options.setPassword ?? true ? `bench-${runId}-pw` : undefined;
      if (password) {
        const upd = await client.post('/api/vupdateprofile', { password, password_confirmation: password }, token);
        if (upd.status < 200 || upd.status > 299) throw new Error(`vupdateprofile ${callsign}: HTTP ${upd.status} ${upd.body.slice(0, 300)}`);
      }
      return { email, callsign, token, password };
    };
    return await Promise.all(Array.from({ length: count }, (_, i) => register(i)));
  } finally {
    client.close();
  }
}
