// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME } from '@/config/app';
import { fakeNotificationApi } from '@/testing/fake-notification';
import { useDesktopNotifications } from './use-desktop-notifications';

function pollAnswers(counts: (number | null)[]) {
  const { rerender } = renderHook(({ count }: { count: number | null }) => useDesktopNotifications(count), { initialProps: { count: counts[0] ?? null } });
  for (const count of counts.slice(1)) rerender({ count });
}

function windowWidth(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
}

describe('useDesktopNotifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one when the unread count grows, with permission, on a window wider than 550 px', () => {
    const { shown } = fakeNotificationApi('granted');
    windowWidth(1200);
    pollAnswers([null, 1, 1, 3, 2]);
    expect(shown).toEqual([{ title: PRODUCT_NAME, body: 'You have 3 unread notifications.' }]);
  });

  it('shows none on a window 550 px wide or narrower', () => {
    const { shown } = fakeNotificationApi('granted');
    windowWidth(550);
    pollAnswers([1, 2, 5]);
    expect(shown).toEqual([]);
  });

  it('never asks for permission itself (browsers want a click), and shows nothing without it', () => {
    const { api, shown } = fakeNotificationApi('default');
    windowWidth(1200);
    pollAnswers([null, 0, 2, 4]);
    expect(api.requestPermission).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });
});
