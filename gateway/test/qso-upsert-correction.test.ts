import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAliceAndBob, type ApiClient, type TestServer } from './server-harness';

interface Answer {
  qdo_id: string;
  duplicate: boolean;
  updated?: boolean;
}
interface LogbookBody {
  logbook: { qdo_id: string; Call: string; Name: string; SNT: string; RCV: string; Comment: string; TS: string }[];
  total: number;
}

const qso = (over: Record<string, unknown> = {}) => ({
  data: { Call: 'OH2BH', TS: '2025-03-04T05:06:07Z', Freq: 7030.5, Mode: 'CW', SNT: '599', RCV: '599', Name: 'Martti', Comment: 'first try', ...over },
});

describe('logging the same contact again with corrected fields (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('W1AW'));
  });
  afterAll(async () => t?.stop());

  const aliceBook = async () => (await alice.post<LogbookBody>('/vlogbook', { page: 1, size: 500 })).body;

  it('updates the logged contact with the correction, and a resend of the correction writes nothing', async () => {
    const first = await alice.post<Answer>('/vqso/upsert', qso());
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ qdo_id: expect.any(String), duplicate: false });

    const corrected = await alice.post<Answer>('/vqso/upsert', qso({ Name: 'Martti L', RCV: '579', Comment: 'fixed', TS: '2025-03-04T05:06:40Z' }));
    expect(corrected.status).toBe(201);
    expect(corrected.body).toEqual({ qdo_id: first.body.qdo_id, duplicate: true, updated: true });

    const book = await aliceBook();
    expect(book.total).toBe(1);
    expect(book.logbook[0]).toMatchObject({ qdo_id: first.body.qdo_id, Call: 'OH2BH', Name: 'Martti L', RCV: '579', SNT: '599', Comment: 'fixed', TS: '2025-03-04T05:06:40Z' });

    const resend = await alice.post<Answer>('/vqso/upsert', qso({ Name: 'Martti L', RCV: '579', Comment: 'fixed', TS: '2025-03-04T05:06:40Z' }));
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ qdo_id: first.body.qdo_id, duplicate: true });
    expect(resend.headers.get('x-log-position')).toBeNull();
  });

  it('never touches another station’s contact with the same key', async () => {
    const bobs = await bob.post<Answer>('/vqso/upsert', qso({ Name: 'Bob’s note' }));
    expect(bobs.status).toBe(201);
    expect(bobs.body.duplicate).toBe(false);
    expect(bobs.body.qdo_id).not.toBe((await aliceBook()).logbook[0]?.qdo_id);
    expect((await aliceBook()).logbook[0]?.Name).toBe('Martti L');
  });
});
