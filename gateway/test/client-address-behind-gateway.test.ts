import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_API_KEY_LOGINS } from '@hamlog/domain';
import { postFrom } from './from-address';
import { startSplitShape, type SplitShape } from './service-processes';

const forgedAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

// command-api and query-api in their own processes behind `gateway --proxy`: the limits count the
// address the gateway saw, not one the client wrote.
describe('client addresses behind the gateway (production shape)', () => {
  let shape: SplitShape;

  beforeAll(async () => {
    shape = await startSplitShape('client_address', { TRUST_PROXY: '' });
  }, 120_000);

  afterAll(async () => shape?.stop());

  it('limits a client that forges X-Forwarded-For and X-Real-IP on every request, and not another client', async () => {
    const badKey = (i: number) => ({ api_key: `not-a-key-${i}` });
    for (let i = 0; i < 20; i += 1) {
      const forged = forgedAddress();
      const res = await postFrom(shape.gateway, '/vapikeylogin', badKey(i), { from: '127.0.0.2', headers: { 'x-forwarded-for': forged, 'x-real-ip': forged } });
      expect(res.status).toBe(401);
    }
    const forged = forgedAddress();
    const limited = await postFrom(shape.gateway, '/vapikeylogin', badKey(20), { from: '127.0.0.2', headers: { 'x-forwarded-for': forged, 'x-real-ip': forged } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_API_KEY_LOGINS);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another client (another address) is not held up by the first one's failures, whatever it claims to be.
    const other = await postFrom(shape.gateway, '/vapikeylogin', badKey(21), { from: '127.0.0.3', headers: { 'x-forwarded-for': '127.0.0.2' } });
    expect(other.status).toBe(401);
  }, 60_000);
});
