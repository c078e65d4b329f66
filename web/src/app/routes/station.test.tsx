// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CALLSIGN_UNVERIFIED,
  CALLSIGN_UNVERIFIED_TITLE,
  FOLLOW_FAILED,
  INVALID_SEARCH_QUERY,
  MESSAGE_SEND_FAILED,
  MESSAGE_TOO_LONG,
  MESSAGE_TOO_SHORT,
  MESSAGING_UPGRADE_REQUIRED,
  UNFOLLOW_FAILED,
} from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testUser } from '@/testing/app-test-kit';
import type { PublicProfile } from '@/types/api';
import { SearchRoute, StationRoute } from './station';

const routes = [
  { path: '/search', element: <SearchRoute /> },
  { path: '/:callsign', element: <StationRoute /> },
];

function photo(n: number) {
  return { id: `p${n}`, profile_image_name: `photo${n}.jpg`, thumbnail_name: `photo${n}-t.jpg`, created_at: `2025-01-0${n}T00:00:00Z` };
}

function station(patch: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u2',
    name: 'Hans Müller',
    my_callsign: 'DL1ABC',
    callsign_verified: true,
    qth: 'Berlin',
    grid: 'JO62',
    profile_bio: 'CW and FT8.\nQRV daily.',
    club_call: 'DL0XYZ',
    facebook_link: 'https://facebook.com/dl1abc',
    youtube_link: 'javascript:alert(1)',
    instagram_link: '',
    twitter_link: '',
    is_ham: true,
    is_cb: false,
    is_swl: false,
    profile_image_name: 'photo1.jpg',
    subscribed: true,
    created_at: '2024-05-01T00:00:00Z',
    main_account: null,
    managed_by_callsign: null,
    photos: [photo(1), photo(2), photo(3), photo(4), photo(5)],
    user_awards: [{ id: 'a1', award: { name: 'Operator of the day', short_name: 'OOTD' }, award_date: '2025-02-03T00:00:00Z' }],
    posts: [{ id: '74', title: 'Help and Support' }],
    qso_history: [
      { qdo_id: 'q1', TS: '2025-03-01T12:34:00Z', Call: 'PA3XYZ', Band: '20m', Mode: 'SSB', SubMode: 'USB' } as PublicProfile['qso_history'][number],
    ],
    ...patch,
  };
}

function profileApi(profile: PublicProfile | null, following = false, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /vprofilefor': profile ? { body: { profile, following } } : { status: 404, body: { message: 'Profile not found.' } },
    'GET /vuser': { body: { user: testUser() } },
    ...extra,
  });
}

describe('public profile /{callsign}', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it("marks a callsign nobody has proven 'Unverified' in words, and a verified one not at all", async () => {
    profileApi(station({ callsign_verified: false }));
    renderApp(routes, '/dl1abc');
    await screen.findByRole('heading', { name: /DL1ABC/ });
    const marker = screen.getByText(CALLSIGN_UNVERIFIED);
    expect(marker.getAttribute('title')).toBe(CALLSIGN_UNVERIFIED_TITLE);
    resetApp();
    profileApi(station());
    renderApp(routes, '/dl1abc');
    await screen.findByRole('heading', { name: /DL1ABC/ });
    expect(screen.queryByText(CALLSIGN_UNVERIFIED)).toBeNull();
  });

  it('shows details, the verified badge, the last 4 photos, awards, posts and QSOs', async () => {
    const api = profileApi(station());
    renderApp(routes, '/dl1abc');
    await screen.findByRole('heading', { name: /DL1ABC/ });
    expect(api.calls[0]?.path).toBe('/vprofilefor?callsign=DL1ABC');
    expect(screen.getByText('Verified subscriber')).toBeTruthy();
    expect(screen.getByText('Hans Müller')).toBeTruthy();
    expect(screen.getByText('QTH: Berlin')).toBeTruthy();
    expect(screen.getByText('HAM')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Facebook' }).getAttribute('href')).toBe('https://facebook.com/dl1abc');
    expect(screen.queryByRole('link', { name: 'YouTube' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Open photo/ })).toHaveLength(4);
    expect(screen.getByText('Operator of the day')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help and Support' }).getAttribute('href')).toBe('/post/74');
    const row = screen.getByRole('row', { name: /PA3XYZ/ });
    expect(within(row).getByText('SSB (USB)')).toBeTruthy();
    expect(within(row).getByText('2025-03-01 12:34')).toBeTruthy();
  });

  it('a photo opens in a lightbox that Escape closes', async () => {
    profileApi(station());
    renderApp(routes, '/DL1ABC');
    const first = await screen.findByRole('button', { name: 'Open photo 1 of DL1ABC' });
    fireEvent.click(first);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/media/photo5.jpg');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(screen.getByRole('dialog')).getByRole('img').getAttribute('src')).toBe('/media/photo4.jpg');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('visitors get no follow control and no message box', async () => {
    profileApi(station());
    renderApp(routes, '/DL1ABC');
    await screen.findByRole('heading', { name: /DL1ABC/ });
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('a signed-in user follows (level 1) and unfollows (level 0)', async () => {
    let following: string[] = [];
    const api = profileApi(station(), false, {
      'POST /vsetfollowstate': (call) => {
        const { user_id, follow_level } = call.body as { user_id: string; follow_level: number };
        following = follow_level === 1 ? [user_id] : [];
        return { body: { following } };
      },
    });
    signIn();
    renderApp(routes, '/DL1ABC');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow DL1ABC' }));
    await screen.findByRole('button', { name: 'Unfollow DL1ABC' });
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow DL1ABC' }));
    await screen.findByRole('button', { name: 'Follow DL1ABC' });
    expect(api.callsTo('POST', '/vsetfollowstate').map((c) => c.body)).toEqual([
      { user_id: 'u2', follow_level: 1 },
      { user_id: 'u2', follow_level: 0 },
    ]);
  });

  it("says 'Failed to follow' or 'Failed to unfollow' when the server refuses", async () => {
    profileApi(station(), true, { 'POST /vsetfollowstate': { status: 500, body: { message: 'x' } } });
    signIn();
    renderApp(routes, '/DL1ABC');
    fireEvent.click(await screen.findByRole('button', { name: 'Unfollow DL1ABC' }));
    await screen.findByText(UNFOLLOW_FAILED);
    resetApp();
    profileApi(station(), false, { 'POST /vsetfollowstate': { status: 500, body: { message: 'x' } } });
    signIn();
    renderApp(routes, '/DL1ABC');
    fireEvent.click(await screen.findByRole('button', { name: 'Follow DL1ABC' }));
    await screen.findByText(FOLLOW_FAILED);
  });

  it('no follow control on your own page', async () => {
    profileApi(station({ id: 'u1', my_callsign: 'PA3XYZ' }));
    signIn();
    renderApp(routes, '/PA3XYZ');
    await screen.findByRole('heading', { name: /PA3XYZ/ });
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it('subscribers write direct messages of 5 to 500 characters', async () => {
    const api = profileApi(station(), false, { 'POST /vsendmessage': { body: { status: 'ok', message_id: 'm', duplicate: false } } });
    signIn({ subscribed: true }, { level: 'premium', expiryDate: null });
    renderApp(routes, '/DL1ABC');
    const box = await screen.findByLabelText('Your message');
    const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    fireEvent.change(box, { target: { value: '  hi  ' } });
    send();
    expect(screen.getByText(MESSAGE_TOO_SHORT)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    send();
    expect(screen.getByText(MESSAGE_TOO_LONG)).toBeTruthy();
    expect(api.callsTo('POST', '/vsendmessage')).toHaveLength(0);
    fireEvent.change(box, { target: { value: ' 73 and thanks for the QSO ' } });
    send();
    await screen.findByText(MESSAGES.messageSent);
    const body = api.callsTo('POST', '/vsendmessage')[0]?.body as Record<string, string>;
    expect(body.message).toBe('73 and thanks for the QSO');
    expect(body.recipient_id).toBe('u2');
    expect(body.message_id).toMatch(/.{8,}/);
  });

  it('a failed message says so, and the resend carries the same message id', async () => {
    let fail = true;
    const api = profileApi(station(), false, {
      'POST /vsendmessage': () => (fail ? { status: 500, body: { message: 'x' } } : { body: { status: 'ok', message_id: 'm', duplicate: true } }),
    });
    signIn({ subscribed: true }, { level: 'premium', expiryDate: null });
    renderApp(routes, '/DL1ABC');
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: 'Hello there' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(MESSAGE_SEND_FAILED);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(MESSAGES.messageSent);
    const [a, b] = api.callsTo('POST', '/vsendmessage').map((c) => (c.body as { message_id: string }).message_id);
    expect(a).toBe(b);
  });

  it('non-subscribers are asked to upgrade instead', async () => {
    profileApi(station());
    signIn();
    renderApp(routes, '/DL1ABC');
    await screen.findByText(MESSAGING_UPGRADE_REQUIRED);
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('an unknown callsign says so; a main account may add it as a sub-account and switch to it', async () => {
    const dialogs = recordDialogs();
    const subUser = testUser({ id: 'sub-9', my_callsign: 'PA9NEW', managed_by_id: 'u1' });
    const api = profileApi(null, false, {
      'POST /vaddsubaccount': { body: { user: testUser({ sub_accounts: [{ id: 'sub-9', callsign: 'PA9NEW', name: '', profile_image_name: 'missing.JPG' }] }) } },
      'POST /vLoginToSubaccount': { body: { token: 'tok-sub', user: subUser, subscription: { level: 'free', expiryDate: null } } },
    });
    signIn();
    renderApp(routes, '/pa9new');
    await screen.findByText(MESSAGES.profileNotFound('PA9NEW'));
    fireEvent.click(screen.getByRole('button', { name: 'Add PA9NEW as a sub-account' }));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmAddSubAccount('PA9NEW')]);
    await waitFor(() => expect(getSession()?.token).toBe('tok-sub'));
    expect(api.callsTo('POST', '/vaddsubaccount')[0]?.body).toEqual({ callsign: 'PA9NEW' });
    expect(api.callsTo('POST', '/vLoginToSubaccount')[0]?.body).toEqual({ sub_account_id: 'sub-9' });
  });

  it('visitors and sub-accounts are not offered the add', async () => {
    profileApi(null);
    renderApp(routes, '/PA9NEW');
    await screen.findByText(MESSAGES.profileNotFound('PA9NEW'));
    expect(screen.queryByRole('button', { name: /sub-account/ })).toBeNull();
    resetApp();
    profileApi(null);
    signIn({ managed_by_id: 'main-1' });
    renderApp(routes, '/PA9NEW');
    await screen.findByText(MESSAGES.profileNotFound('PA9NEW'));
    expect(screen.queryByRole('button', { name: /sub-account/ })).toBeNull();
  });

  it('a name that cannot be a callsign (an app path, no digit) is not offered as a sub-account', async () => {
    for (const name of ['news', 'DOWNLOAD', 'globe2', 'leaderbord']) {
      resetApp();
      profileApi(null);
      signIn();
      renderApp(routes, `/${name}`);
      // Without a digit it is no callsign at all: 'Page not found', not 'No station with the callsign'.
      if (name === 'globe2') await screen.findByText(MESSAGES.profileNotFound('GLOBE2'));
      else await screen.findByRole('heading', { level: 1, name: 'Page not found' });
      expect(screen.queryByRole('button', { name: /sub-account/ }), name).toBeNull();
    }
  });

  it("on one's own sub-account's page: switch into it after confirming", async () => {
    const dialogs = recordDialogs();
    const sub = { id: 'sub-1', callsign: 'PA3ABC', name: '', profile_image_name: 'missing.JPG' };
    const api = profileApi(station({ id: 'sub-1', my_callsign: 'PA3ABC', main_account: 'PA3XYZ', managed_by_callsign: 'PA3XYZ' }), false, {
      'POST /vLoginToSubaccount': { body: { token: 'tok-sub', user: testUser({ id: 'sub-1', my_callsign: 'PA3ABC' }), subscription: { level: 'free', expiryDate: null } } },
    });
    signIn({ sub_accounts: [sub] });
    renderApp(routes, '/PA3ABC');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to PA3ABC' }));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmSwitchAccount('PA3ABC')]);
    await waitFor(() => expect(getSession()?.token).toBe('tok-sub'));
    expect(api.callsTo('POST', '/vLoginToSubaccount')).toHaveLength(1);
  });
});

describe('/search', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('goes to /{CALLSIGN}', async () => {
    profileApi(station());
    const { router } = renderApp(routes, '/search?callsign=%20dl1abc%20');
    await waitFor(() => expect(router.state.location.pathname).toBe('/DL1ABC'));
  });

  it("without a callsign: 'invalid search query', then home", async () => {
    const dialogs = recordDialogs();
    const { router } = renderApp(routes, '/search');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(dialogs.alerts).toEqual([INVALID_SEARCH_QUERY]);
  });
});
