import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_SELF, type FollowingAnswer, type InboxAnswer, type ProfileAnswer, type StatusAnswer } from '@hamlog/domain';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

describe('follows: POST /api/vsetfollowstate (following is private)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  let aliceId: string;
  let bobId: string;
  let carolId: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    carol = new ApiClient(t.url);
    carolId = await carol.signUp('carol@example.com', 'G4ABC');
  });
  afterAll(async () => t?.stop());

  it('follows, answering who the caller follows; a resend writes nothing', async () => {
    const first = await bob.post<FollowingAnswer>('/vsetfollowstate', { user_id: aliceId, follow_level: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: [aliceId] });
    expect(Number(first.headers.get('x-log-position'))).toBeGreaterThan(0);
    const again = await bob.post<FollowingAnswer>('/vsetfollowstate', { user_id: aliceId, follow_level: '1' });
    expect(again.body).toEqual({ following: [aliceId] });
    expect(again.headers.get('x-log-position')).toBeNull();
    const second = await bob.post<FollowingAnswer>('/vsetfollowstate', { user_id: carolId, follow_level: 1 });
    expect(second.body).toEqual({ following: [aliceId, carolId] });
  });

  it('shows the follower their follows in /vsr and on the profile', async () => {
    const status = await bob.post<StatusAnswer>('/vsr');
    expect(status.status).toBe(200);
    expect(status.body.following).toEqual([aliceId, carolId]);
    const profile = await bob.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    expect(profile.body.following).toBe(true);
    expect((await bob.call<ProfileAnswer>('GET', '/vprofilefor?callsign=K1JT')).body.following).toBe(false);
  });

  it('tells the followed user nothing: no notification, no follower list anywhere', async () => {
    const status = await alice.post<StatusAnswer>('/vsr');
    expect(status.body).toMatchObject({ notification_count: 0, following: [] });
    const inbox = await alice.post<InboxAnswer>('/vinbox');
    expect(inbox.body).toEqual({ notifications: [], OldNotifications: [] });
    const own = await alice.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    const viewedByOthers = await carol.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    const visitor = await new ApiClient(t.url).call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW');
    for (const answer of [status.body, inbox.body, own.body, viewedByOthers.body, visitor.body]) {
      expect(JSON.stringify(answer)).not.toContain(bobId);
      expect(JSON.stringify(answer)).not.toMatch(/follower/i);
    }
    expect(own.body.following).toBe(false);
    expect(visitor.body.following).toBe(false);
  });

  it('unfollows; unfollowing again is a retry', async () => {
    const off = await bob.post<FollowingAnswer>('/vsetfollowstate', { user_id: aliceId, follow_level: 0 });
    expect(off.body).toEqual({ following: [carolId] });
    const again = await bob.post<FollowingAnswer>('/vsetfollowstate', { user_id: aliceId, follow_level: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ following: [carolId] });
    expect((await bob.call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body.following).toBe(false);
    expect((await bob.post<StatusAnswer>('/vsr')).body.following).toEqual([carolId]);
  });

  it('refuses bad input with clear errors and writes nothing', async () => {
    const self = await bob.post<{ message: string }>('/vsetfollowstate', { user_id: bobId, follow_level: 1 });
    expect(self.status).toBe(422);
    expect(self.body.message).toBe(FOLLOW_SELF);
    expect((await bob.post('/vsetfollowstate', { user_id: '00000000-0000-4000-8000-000000000000', follow_level: 1 })).status).toBe(404);
    expect((await bob.post('/vsetfollowstate', { user_id: aliceId, follow_level: 2 })).status).toBe(422);
    expect((await bob.post('/vsetfollowstate', { follow_level: 1 })).status).toBe(422);
    expect((await bob.post('/vsetfollowstate', { user_id: { $ne: null }, follow_level: 1 })).status).toBe(422);
    expect((await new ApiClient(t.url).post('/vsetfollowstate', { user_id: aliceId, follow_level: 1 })).status).toBe(401);
    expect((await new ApiClient(t.url).post('/vsr')).status).toBe(401);
    expect((await bob.post<StatusAnswer>('/vsr')).body.following).toEqual([carolId]);
  });
});
