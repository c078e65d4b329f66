// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_NOTIFICATIONS, NOTIFICATIONS_LOAD_FAILED, SIGN_IN_FOR_NOTIFICATIONS } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { Notification } from '@/types/api';
import { Inbox } from './inbox';

function note(id: string, patch: Partial<Notification> = {}): Notification {
  return {
    id,
    subject: 'New message',
    message: `Message ${id}`,
    type_id: 100,
    sender: { id: 's1', profile_image_name: 'missing.JPG', my_callsign: 'DL1ABC' },
    created_at: '2025-03-01T12:34:56Z',
    about_qso_id: null,
    about_post_id: null,
    about_comment_id: null,
    ...patch,
  };
}

describe('inbox', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('lists new notifications, then older ones', async () => {
    fakeApi({ 'POST /vinbox': { body: { notifications: [note('n1', { about_qso_id: 'q9' })], OldNotifications: [note('n0')] } } });
    signIn();
    renderApp(<Inbox />);
    const fresh = await screen.findByRole('region', { name: 'New' });
    expect(within(fresh).getByText('Message n1')).toBeTruthy();
    expect(within(fresh).getByRole('link', { name: 'DL1ABC' }).getAttribute('href')).toBe('/DL1ABC');
    expect(within(fresh).getByRole('link', { name: 'View the QSO' }).getAttribute('href')).toBe('/qso/q9');
    expect(within(fresh).getByText(/2025-03-01 12:34 UTC/)).toBeTruthy();
    const older = screen.getByRole('region', { name: 'Older notifications' });
    expect(within(older).getByText('Message n0')).toBeTruthy();
  });

  it("says 'No Notifications' when there are none", async () => {
    fakeApi({ 'POST /vinbox': { body: { notifications: [], OldNotifications: [] } } });
    signIn();
    renderApp(<Inbox />);
    await screen.findByText(NO_NOTIFICATIONS);
  });

  it("says 'Failed to load notifications.' when the call fails", async () => {
    fakeApi({ 'POST /vinbox': { status: 500, body: { message: 'x' } } });
    signIn();
    renderApp(<Inbox />);
    await screen.findByText(NOTIFICATIONS_LOAD_FAILED);
  });

  it('asks visitors to sign in', () => {
    const api = fakeApi({});
    renderApp(<Inbox />);
    expect(screen.getByRole('link', { name: SIGN_IN_FOR_NOTIFICATIONS }).getAttribute('href')).toBe('/login?redirect=%2Fnotifications');
    expect(api.calls).toHaveLength(0);
  });
});
