import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsignClaimStream, EMPTY_PROFILE, subAccountIdFor, userStreamName, type UserEvent } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { photosMigrations } from '@hamlog/infra/read-models/photos/schema';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { listCallsignClaims } from '@hamlog/infra/read-models/users/callsign-claims';
import { findUser, findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { usersProjection } from '../src/users/users-projection';
import { applyAllUserEvents } from './users-events';

describe('users projection', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  const mainId = randomUUID();
  const subId = subAccountIdFor(mainId, 'W1AW/P');
  const at = '2025-02-01T00:00:00Z';
  const main: UserEvent[] = [
    { type: 'UserRegistered', data: { userId: mainId, email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'key-1', registeredAt: '2025-01-01T00:00:00Z' } },
    { type: 'PasswordSet', data: { passwordHash: 'h', setAt: at } },
    { type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', grid: 'FN31pr', isHam: true, qrzApiKey: 'q' }, updatedAt: at } },
    { type: 'EmailChanged', data: { email: 'new@example.com', previousEmail: 'op@example.com', changedAt: at } },
    { type: 'ApiKeyIssued', data: { apiKey: 'key-2', issuedAt: at } },
    { type: 'SubAccountAdded', data: { subAccountId: subId, callsign: 'W1AW/P', addedAt: at } },
    { type: 'SubscriptionChanged', data: { level: 'premium', expiryDate: '2099-12-31T23:59:59Z', paid: true, changedAt: at } },
  ];
  const sub: UserEvent[] = [
    { type: 'ManagedAccountCreated', data: { userId: subId, callsign: 'W1AW/P', managedById: mainId, managedByCallsign: 'W1AW', apiKey: 'key-3', createdAt: at } },
  ];

  beforeAll(async () => {
    db = await createTestDatabase('users');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    await runMigrations(pool, 'users', usersProjection.migrations);
    // Profile images come from the photos read model (its default photo, else missing.JPG).
    await runMigrations(pool, 'photos', photosMigrations);
    const toNew = (events: UserEvent[]) => events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data }));
    await store.appendMany([
      { streamId: userStreamName(mainId), events: toNew(main), expectedRevision: 'no_stream' },
      { streamId: userStreamName(subId), events: toNew(sub), expectedRevision: 'no_stream' },
    ]);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  const applyAll = () => applyAllUserEvents(pool, store);

  it('builds the account rows, and a replay of the same events leaves them the same', async () => {
    await applyAll();
    const first = await findUser(pool, mainId);
    expect(first).toMatchObject({
      email: 'new@example.com',
      callsign: 'W1AW',
      name: 'Hiram',
      apiKey: 'key-2',
      hasPassword: true,
      profile: { qth: 'Newington', grid: 'FN31pr', isHam: true, qrzApiKey: 'q' },
      subscription: { level: 'premium', expiryDate: '2099-12-31T23:59:59Z', paid: true },
      subAccounts: [{ id: subId, callsign: 'W1AW/P', name: '', profile_image_name: 'missing.JPG' }],
    });
    await applyAll();
    expect(await findUser(pool, mainId)).toEqual(first);
  });

  it('gives a sub-account its main account and the main account’s subscription', async () => {
    expect(await findUser(pool, subId)).toMatchObject({
      email: '',
      callsign: 'W1AW/P',
      managedById: mainId,
      managedByCallsign: 'W1AW',
      subscription: { level: 'premium', paid: true },
      subAccounts: [],
    });
  });

  it('finds users by their current API key only', async () => {
    expect(await findUserIdByApiKey(pool, 'key-1')).toBeNull();
    expect(await findUserIdByApiKey(pool, 'key-2')).toBe(mainId);
    expect(await findUserIdByApiKey(pool, 'key-3')).toBe(subId);
  });

  it('follows a callsign released to its proven holder, and lists the claims an admin reviews (decision 0025)', async () => {
    expect(await findUser(pool, mainId)).toMatchObject({ callsign: 'W1AW', callsignVerified: false });
    const claimId = randomUUID();
    const claim = { claimId, callsign: 'W1AW', email: 'ham@example.com', userId: null, note: 'licence', evidence: `claim-${claimId}.png` };
    await store.appendMany([
      {
        streamId: userStreamName(mainId),
        events: [{ id: randomUUID(), type: 'UserCallsignChanged', data: { callsign: 'W1AW/UABCDEF', previousCallsign: 'W1AW', reason: 'released-to-verified-holder', claimId, changedAt: at } }],
        expectedRevision: 'any',
      },
      { streamId: callsignClaimStream(claimId), events: [{ id: randomUUID(), type: 'CallsignClaimSubmitted', data: { ...claim, submittedAt: at } }], expectedRevision: 'no_stream' },
    ]);
    await applyAll();
    expect(await findUser(pool, mainId)).toMatchObject({ callsign: 'W1AW/UABCDEF', callsignVerified: false });
    expect(await findUser(pool, subId)).toMatchObject({ managedByCallsign: 'W1AW/UABCDEF' });
    expect(await listCallsignClaims(pool)).toMatchObject([{ id: claimId, callsign: 'W1AW', email: 'ham@example.com', status: 'pending' }]);

    await store.appendMany([
      { streamId: userStreamName(subId), events: [{ id: randomUUID(), type: 'UserCallsignVerified', data: { callsign: 'W1AW/P', claimId, verifiedAt: at } }], expectedRevision: 'any' },
      { streamId: callsignClaimStream(claimId), events: [{ id: randomUUID(), type: 'CallsignClaimRejected', data: { reason: 'unreadable', rejectedAt: at } }], expectedRevision: 0 },
    ]);
    await applyAll();
    expect(await findUser(pool, subId)).toMatchObject({ callsignVerified: true });
    expect(await listCallsignClaims(pool)).toEqual([]);
    expect(await listCallsignClaims(pool, 'rejected')).toMatchObject([{ id: claimId, reason: 'unreadable' }]);
  });

  it('keeps rm_users.is_admin (the icon on feed cards) as the last grant or revocation left it', async () => {
    const isAdmin = async (id: string) => (await pool.query<{ is_admin: boolean }>('SELECT is_admin FROM rm_users WHERE id = $1', [id])).rows[0]?.is_admin;
    expect(await isAdmin(mainId)).toBe(false);
    const append = (type: 'AdminRoleGranted' | 'AdminRoleRevoked') =>
      store.appendMany([
        {
          streamId: userStreamName(mainId),
          events: [{ id: randomUUID(), type, data: type === 'AdminRoleGranted' ? { grantedAt: at } : { revokedAt: at } }],
          expectedRevision: 'any',
        },
      ]);
    await append('AdminRoleGranted');
    await applyAll();
    expect(await isAdmin(mainId)).toBe(true);
    expect(await isAdmin(subId)).toBe(false);
    await append('AdminRoleRevoked');
    await applyAll();
    expect(await isAdmin(mainId)).toBe(false);
    await append('AdminRoleGranted');
    // A replay from the start ends where the log ends.
    await applyAll();
    await applyAll();
    expect(await isAdmin(mainId)).toBe(true);
  });
});
