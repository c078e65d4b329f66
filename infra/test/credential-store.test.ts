import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore, credentialMigrations } from '../src/auth/credential-store';
import { credentialsKeyFrom, credentialsSealer } from '../src/confirmations/connection-store';
import { createPool } from '../src/postgres/pool';
import { runMigrations } from '../src/postgres/migrations';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

describe('credentials of other services, sealed at rest', () => {
  let db: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  beforeAll(async () => {
    db = await createTestDatabase('credentials');
    pool = createPool(db.url, 2);
    await runMigrations(pool, 'accounts', credentialMigrations);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('seals with CREDENTIALS_KEY (hex or base64), opens with the same key only, and reads a row from before as it is', async () => {
    const key = randomBytes(32);
    const store = new CredentialStore(pool, credentialsSealer(pool, key.toString('hex')));
    await store.set('u1', 'clublog', 'app-password-1');
    const { rows } = await pool.query<{ secret: string }>("SELECT secret FROM auth_credentials WHERE user_id = 'u1'");
    expect(rows[0]!.secret).not.toContain('app-password-1');
    expect(await store.get('u1', 'clublog')).toBe('app-password-1');
    expect(await new CredentialStore(pool, credentialsSealer(pool, key.toString('base64'))).get('u1', 'clublog')).toBe('app-password-1');
    expect(await new CredentialStore(pool, credentialsSealer(pool, randomBytes(32).toString('hex'))).get('u1', 'clublog')).toBeNull();
    // Without CREDENTIALS_KEY: the server secret in PostgreSQL.
    const serverKeyed = new CredentialStore(pool, credentialsSealer(pool, undefined));
    await serverKeyed.set('u2', 'clublog', 'app-password-2');
    expect(await serverKeyed.get('u2', 'clublog')).toBe('app-password-2');
    await pool.query("INSERT INTO auth_credentials (user_id, service, secret) VALUES ('u3', 'clublog', 'from-before')");
    expect(await store.get('u3', 'clublog')).toBe('from-before');
    expect(() => credentialsKeyFrom('too-short')).toThrow(/32 bytes/);
  });
});
