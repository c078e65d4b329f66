// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_NOTIFICATIONS } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { fakeNotificationApi } from '@/testing/fake-notification';
import { Inbox } from './inbox';

function renderInbox() {
  fakeApi({ 'POST /vinbox': { body: { notifications: [], OldNotifications: [] } } });
  signIn();
  return renderApp(<Inbox />, '/notifications');
}

describe("'Enable desktop notifications' on /notifications", () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('asks for permission only when clicked, then goes away', async () => {
    const { api } = fakeNotificationApi('default', 'granted');
    renderInbox();
    await screen.findByText(NO_NOTIFICATIONS);
    expect(api.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.enableDesktopNotifications }));
    expect(api.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: MESSAGES.enableDesktopNotifications })).toBeNull());
  });

  it('goes away after a refusal too', async () => {
    fakeNotificationApi('default', 'denied');
    renderInbox();
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.enableDesktopNotifications }));
    await waitFor(() => expect(screen.queryByRole('button', { name: MESSAGES.enableDesktopNotifications })).toBeNull());
  });

  it.each(['granted', 'denied'] as const)("is not shown once the browser's answer is '%s'", async (permission) => {
    fakeNotificationApi(permission);
    renderInbox();
    await screen.findByText(NO_NOTIFICATIONS);
    expect(screen.queryByRole('button', { name: MESSAGES.enableDesktopNotifications })).toBeNull();
  });

  it('is not shown where the browser has no Notification API', async () => {
    vi.stubGlobal('Notification', undefined);
    renderInbox();
    await screen.findByText(NO_NOTIFICATIONS);
    expect(screen.queryByRole('button', { name: MESSAGES.enableDesktopNotifications })).toBeNull();
  });
});
