/**
 * A PIN request and a wrong PIN take as long for a callsign without an account as for one with
 * (issue 20 finding 8): otherwise the answer time tells which callsigns are registered. Calls
 * alternate between a known and an unknown callsign, each from its own address (so no limit is
 * reached), and their median times are compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN_SENT, WRONG_PIN } from '@hamlog/domain';
import { postFrom } from './from-address';
import { latestPin } from './mailbox';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

/** Under the 20 PIN mails per callsign in 15 minutes, with the warm-up call. */
const ROUNDS = 18;
/** Generous: the two paths differed 2-3x before they were made to cost the same. */
const MAX_RATIO = 1.5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('PIN calls cost the same for known and unknown callsigns', () => {
  let t: TestServer;
  let address = 0;
  /** A fresh loopback address per call: the limits per address and per callsign+address stay out of the way. */
  const timed = async (path: string, body: Record<string, string>) => {
    address += 1;
    const from = `127.0.${100 + Math.floor(address / 250)}.${(address % 250) + 1}`;
    const started = performance.now();
    const answer = await postFrom(t.url, path, body, { from });
    return { ms: performance.now() - started, answer };
  };

  /** Median times of `known` and `unknown` calls, alternating which goes first. */
  async function compare(call: (known: boolean, i: number) => Promise<{ ms: number }>) {
    const times = { known: [] as number[], unknown: [] as number[] };
    await call(true, -1);
    await call(false, -1);
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const known of i % 2 ? [true, false] : [false, true]) times[known ? 'known' : 'unknown'].push((await call(known, i)).ms);
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  function expectSameCost({ known, unknown }: { known: number; unknown: number }) {
    const ratio = Math.max(known, unknown) / Math.min(known, unknown);
    expect(ratio, `median known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`).toBeLessThan(MAX_RATIO);
  }

  beforeAll(async () => {
    t = await startTestServer();
    await new ApiClient(t.url).signUp('timing@example.com', 'W1TIM');
  });
  afterAll(async () => t?.stop());

  it('/vsendpin: mailing a PIN takes no longer than finding no account', async () => {
    const medians = await compare(async (known, i) => {
      const { ms, answer } = await timed('/vsendpin', { callsign: known ? 'W1TIM' : `ZZ${i + 1}TIM` });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: PIN_SENT });
      return { ms };
    });
    expectSameCost(medians);
  }, 60_000);

  it('/vpinlogin: a wrong PIN for an account with a PIN takes no longer than one for no account', async () => {
    // The account has a PIN waiting (a wrong guess is counted against it), as after an attacker's own /vsendpin.
    expect(await latestPin(t.dataDir, 'timing@example.com')).not.toBeNull();
    const medians = await compare(async (known, i) => {
      const { ms, answer } = await timed('/vpinlogin', { callsign: known ? 'W1TIM' : `ZZ${i + 1}TIM`, pin: '00000000' });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: WRONG_PIN });
      return { ms };
    });
    expectSameCost(medians);
  }, 60_000);
});
