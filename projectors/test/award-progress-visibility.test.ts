import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, userStreamName, type Profile, type UserEvent } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { photosMigrations } from '@hamlog/infra/read-models/photos/schema';
import { awardProgressOwner } from '@hamlog/infra/read-models/users/award-progress-visibility';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { usersProjection } from '../src/users/users-projection';
import { applyAllUserEvents } from './users-events';

/** The users read model's show_award_progress, built by the users projection, and the query the station page asks. */
describe('award progress visibility (users read model)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  const at = '2025-02-01T00:00:00Z';
  const registered = (userId: string, callsign: string, registeredAt: string): UserEvent => ({
    type: 'UserRegistered',
    data: { userId, email: `${userId}@example.com`, callsign, refId: '', apiKey: `key-${userId}`, registeredAt },
  });
  const profileUpdated = (profile: Partial<Profile>): UserEvent => ({ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, ...profile }, updatedAt: at } });

  async function append(userId: string, events: UserEvent[]): Promise<void> {
    await store.appendMany([{ streamId: userStreamName(userId), events: events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })), expectedRevision: 'any' }]);
  }

  const applyAll = () => applyAllUserEvents(pool, store);

  beforeAll(async () => {
    db = await createTestDatabase('award_progress_visibility');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    await runMigrations(pool, 'users', usersProjection.migrations);
    await runMigrations(pool, 'photos', photosMigrations);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await db.drop();
  });

  it('is off for a new account and for a profile saved before the setting existed', async () => {
    const id = randomUUID();
    const { showAwardProgress: _absent, ...before } = { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', grid: 'FN31', excludeFromLeaderboards: true };
    await append(id, [registered(id, 'W1AW', '2025-01-01T00:00:00Z')]);
    await applyAll();
    expect(await awardProgressOwner(pool, 'W1AW')).toBeNull();
    await append(id, [{ type: 'ProfileUpdated', data: { profile: before, updatedAt: at } } as unknown as UserEvent]);
    await applyAll();
    const row = await pool.query<{ show_award_progress: boolean | null }>('SELECT show_award_progress FROM rm_users WHERE id = $1', [id]);
    expect(row.rows[0]?.show_award_progress).toBe(false);
    expect((await findUser(pool, id))?.profile?.showAwardProgress).toBe(false);
    expect(await awardProgressOwner(pool, 'W1AW')).toBeNull();
  });

  it('answers the station when its user turned the setting on, by callsign in any case, and null again once turned off', async () => {
    const id = randomUUID();
    await append(id, [registered(id, 'DL1ABC', '2025-01-02T00:00:00Z'), profileUpdated({ name: 'Anna', showAwardProgress: true })]);
    await applyAll();
    expect((await findUser(pool, id))?.profile?.showAwardProgress).toBe(true);
    expect(await awardProgressOwner(pool, 'DL1ABC')).toEqual({ userId: id, callsign: 'DL1ABC' });
    expect(await awardProgressOwner(pool, 'dl1abc')).toEqual({ userId: id, callsign: 'DL1ABC' });
    expect(await awardProgressOwner(pool, ' Dl1AbC ')).toEqual({ userId: id, callsign: 'DL1ABC' });
    expect(await awardProgressOwner(pool, 'DL1AB')).toBeNull();
    expect(await awardProgressOwner(pool, 'NOBODY')).toBeNull();

    await append(id, [profileUpdated({ name: 'Anna', showAwardProgress: false })]);
    await applyAll();
    expect(await awardProgressOwner(pool, 'dl1abc')).toBeNull();
    // A replay from the start ends where the log ends.
    await append(id, [profileUpdated({ name: 'Anna', showAwardProgress: true })]);
    await applyAll();
    await applyAll();
    expect(await awardProgressOwner(pool, 'dl1abc')).toEqual({ userId: id, callsign: 'DL1ABC' });
  });

  it("follows the callsign's account, as the public page does: the oldest account holding it", async () => {
    const older = randomUUID();
    const newer = randomUUID();
    await append(older, [registered(older, 'G4XYZ', '2024-06-01T00:00:00Z')]);
    await append(newer, [registered(newer, 'G4XYZ', '2025-01-03T00:00:00Z'), profileUpdated({ name: 'Newer', showAwardProgress: true })]);
    await applyAll();
    expect(await awardProgressOwner(pool, 'g4xyz')).toBeNull();
    await append(older, [profileUpdated({ name: 'Older', showAwardProgress: true })]);
    await applyAll();
    expect(await awardProgressOwner(pool, 'g4xyz')).toEqual({ userId: older, callsign: 'G4XYZ' });
  });
});
