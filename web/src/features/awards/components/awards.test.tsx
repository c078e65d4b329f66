// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AwardItem } from '@hamlog/domain/community/api-shapes';
import { AWARD_RULES_TEXT } from '@hamlog/domain/community/rules';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { PROVISIONAL, provisionalNote } from './award-card';
import { AwardsPane } from './awards-pane';
import { AwardsStrip } from './awards-strip';
import { OperatorsOfTheDay } from './operators-of-the-day';

function award(n: number, final = true): AwardItem {
  return {
    id: `a${n}`,
    award: { name: `Most QSOs ${n}`, short_name: `MQ${n}` },
    award_date: `2025-06-0${n}`,
    qso_count: 100 + n,
    user: { id: `u${n}`, my_callsign: `K${n}ABC`, name: `Op ${n}`, profile_image_name: 'missing.JPG' },
    final,
  };
}

const awardsApi = (count: number) =>
  fakeApi({ 'GET /award/latest': { body: { awards: Array.from({ length: count }, (_, i) => award(i + 1)), rules: 'server rules' } } });

describe('awards', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('the home strip shows the three newest, each with its picture from /api/award/{id}?width=N', async () => {
    awardsApi(8);
    renderApp(<AwardsStrip />);
    const list = await screen.findByRole('list', { name: 'Recent awards' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const image = within(cards[0]!).getByRole('img', { name: 'Most QSOs 1 awarded to K1ABC' });
    expect(image.getAttribute('src')).toMatch(/^\/api\/award\/a1\?width=\d+$/);
    expect(within(cards[0]!).getByRole('link', { name: 'K1ABC' }).getAttribute('href')).toBe('/K1ABC');
    expect(within(cards[0]!).getByText('2025-06-01 · 101 QSOs')).toBeTruthy();
  });

  it('the awards pane gives the rules and the six most recently awarded', async () => {
    awardsApi(8);
    renderApp(<AwardsPane />);
    expect(screen.getByText(AWARD_RULES_TEXT)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Recently awarded' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
  });

  it("marks a provisional award 'Provisional' until its final computation, on the strip and in the pane", async () => {
    const answer = { awards: [award(3, false), award(2, false), award(1, true)], rules: 'server rules' };
    fakeApi({ 'GET /award/latest': { body: answer } });
    renderApp(<AwardsStrip />);
    const cards = within(await screen.findByRole('list', { name: 'Recent awards' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByText(PROVISIONAL) !== null)).toEqual([true, true, false]);
    const badge = within(cards[0]!).getByText(PROVISIONAL);
    expect(badge.getAttribute('title')).toBe('Final after 2025-06-06 00:05 UTC; logs uploaded within 48 hours may still change it.');
    expect(cards[0]!.textContent).toContain(provisionalNote('2025-06-03'));

    resetApp();
    fakeApi({ 'GET /award/latest': { body: answer } });
    renderApp(<AwardsPane />);
    const pane = within(await screen.findByRole('list', { name: 'Recently awarded' })).getAllByRole('listitem');
    expect(pane.map((card) => within(card).queryByText(PROVISIONAL) !== null)).toEqual([true, true, false]);
  });

  it("says 'Loading feed...' while there are no awards", async () => {
    const api = awardsApi(0);
    renderApp(<AwardsStrip />);
    await waitFor(() => expect(api.callsTo('GET', '/award/latest')).toHaveLength(1));
    expect(screen.getByText(LOADING_FEED)).toBeTruthy();
  });

  it('the top three operators of the day (POST /vopofday)', async () => {
    const operator = (rank: number, call: string) => ({ rank, qso_count: 400 - rank, user: { id: call, my_callsign: call, name: '', profile_image_name: 'missing.JPG' } });
    const api = fakeApi({ 'POST /vopofday': { body: { operators: [operator(1, 'W1AW'), operator(2, 'DL1ABC'), operator(3, 'JA1XYZ'), operator(4, 'VK2ABC')] } } });
    renderApp(<OperatorsOfTheDay />);
    const section = await screen.findByRole('region', { name: 'Operators of the day' });
    await within(section).findByRole('link', { name: 'W1AW' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['W1AW', 'DL1ABC', 'JA1XYZ']);
    expect(rows[0]!.textContent).toContain('399');
    expect(api.callsTo('POST', '/vopofday')).toHaveLength(1);
  });
});
