// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_LISTS, type LeaderboardEntry, type LeaderboardsAnswer } from '@hamlog/domain/community/api-shapes';
import { LEADERBOARDS_REFRESH_MS } from '@hamlog/domain/community/rules';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { HOME_BOARDS, LEADERBOARDS_PAGE_BOARDS } from '../utils/boards';
import { Leaderboards } from './leaderboards';

function answer(lists: Partial<Record<keyof LeaderboardsAnswer, LeaderboardEntry[]>> = {}): LeaderboardsAnswer {
  const empty = Object.fromEntries(LEADERBOARD_LISTS.map((name) => [name, []])) as unknown as LeaderboardsAnswer;
  return { ...empty, ...lists, generated_at: '2025-06-01T12:00:00Z' } as LeaderboardsAnswer;
}

const entries = (...calls: string[]): LeaderboardEntry[] => calls.map((c, i) => ({ station_callsign: c, count: 50 - i }));
const board = (title: string) => screen.getByRole('region', { name: title });

describe('leaderboards', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('gives the top three medals, marks the viewer YOU and links every entry to its station page', async () => {
    fakeApi({ 'GET /vleaderboards': { body: answer({ lb1: entries('W1AW', 'PA3XYZ', 'DL1ABC', 'JA1XYZ', 'VK2ABC') }) } });
    signIn({ my_callsign: 'PA3XYZ' });
    renderApp(<Leaderboards boards={HOME_BOARDS} />);
    await screen.findByRole('link', { name: 'W1AW' });
    const today = board('Most QSOs today');
    const rows = within(today).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(within(rows[0]!).getByRole('img', { name: 'Gold medal' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: 'Silver medal' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('img', { name: 'Bronze medal' })).toBeTruthy();
    expect(within(rows[3]!).queryByRole('img')).toBeNull();
    expect(within(rows[3]!).getByText('4')).toBeTruthy();
    expect(within(rows[1]!).getByText(MESSAGES.you)).toBeTruthy();
    expect(within(today).getAllByText(MESSAGES.you)).toHaveLength(1);
    expect(within(rows[0]!).getByRole('link', { name: 'W1AW' }).getAttribute('href')).toBe('/W1AW');
    expect(rows[0]!.textContent).toContain('50');
  });

  it('marks nobody YOU for a visitor', async () => {
    fakeApi({ 'GET /vleaderboards': { body: answer({ lb1: entries('W1AW', 'PA3XYZ') }) } });
    renderApp(<Leaderboards boards={HOME_BOARDS} />);
    await screen.findByRole('link', { name: 'PA3XYZ' });
    expect(screen.queryByText(MESSAGES.you)).toBeNull();
  });

  it('shows the 30-day board only with more than one entry', async () => {
    fakeApi({ 'GET /vleaderboards': { body: answer({ lb1: entries('K1ABC'), lb3: entries('W1AW') }) } });
    const first = renderApp(<Leaderboards boards={HOME_BOARDS} />);
    await screen.findByRole('link', { name: 'K1ABC' });
    expect(screen.queryByRole('link', { name: 'W1AW' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Most QSOs 30 day' })).toBeNull();
    expect(board('Most QSOs 7 day')).toBeTruthy();
    first.unmount();
    resetApp();

    fakeApi({ 'GET /vleaderboards': { body: answer({ lb3: entries('W1AW', 'DL1ABC') }) } });
    renderApp(<Leaderboards boards={HOME_BOARDS} />);
    await screen.findByRole('link', { name: 'DL1ABC' });
    expect(within(board('Most QSOs 30 day')).getAllByRole('listitem')).toHaveLength(2);
  });

  it("says 'Loading feed...' on a board whose list is empty", async () => {
    fakeApi({ 'GET /vleaderboards': { body: answer({ lb_hot_now_1: [{ station_callsign: 'W1AW', count: 9, band: '20m', mode: 'CW' }] }) } });
    renderApp(<Leaderboards boards={LEADERBOARDS_PAGE_BOARDS} headingLevel={2} />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect(within(board('Hot Stations')).queryByText(LOADING_FEED)).toBeNull();
    expect(within(board('Hot Stations')).getByText('20m CW')).toBeTruthy();
    expect(within(board('Active Pile Ups')).getByText(LOADING_FEED)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Most CW today' })).toBeTruthy();
  });

  it('the pile-ups board shows the frequency, masked when the server hid it', async () => {
    fakeApi({
      'GET /vleaderboards': {
        body: answer({
          lb_hot_now_2: [
            { station_callsign: 'W1AW', count: 9, mode: 'SSB', freq: 14250 },
            { station_callsign: 'OK1RR', count: 5, mode: 'SSB', freq: null, ContestName: 'CQ-WW-SSB' },
          ],
        }),
      },
    });
    renderApp(<Leaderboards boards={HOME_BOARDS} />);
    await screen.findByRole('link', { name: 'W1AW' });
    const rows = within(board('Active Pile Ups')).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('14.250000')).toBeTruthy();
    expect(within(rows[1]!).getByText(MESSAGES.frequencyHidden)).toBeTruthy();
  });

  it('asks again every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeApi({ 'GET /vleaderboards': { body: answer({ lb1: entries('W1AW') }) } });
      renderApp(<Leaderboards boards={HOME_BOARDS} />);
      await screen.findByRole('link', { name: 'W1AW' });
      await vi.advanceTimersByTimeAsync(LEADERBOARDS_REFRESH_MS - 500);
      expect(api.callsTo('GET', '/vleaderboards')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(600);
      await waitFor(() => expect(api.callsTo('GET', '/vleaderboards')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
