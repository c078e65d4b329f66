// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { CARDS_ANSWER, EMPTY_CARDS_ANSWER } from '../testing/fixtures';
import { AwardCards, CARDS_EMPTY, CARDS_LOAD_FAILED } from './award-cards';

const card = (name: string) => screen.getByRole('article', { name });

describe('the award cards (/awards)', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('shows each award with its counts, a bar toward the goal, its tallies and a link to its page', async () => {
    const api = fakeApi({ 'GET /awards/progress': { body: CARDS_ANSWER } });
    renderApp(<AwardCards />, '/awards');
    await screen.findByRole('list', { name: 'Awards' });
    expect(api.calls[0]?.path).toBe('/awards/progress');

    const dxcc = card('DXCC');
    expect(dxcc.textContent).toContain('ARRL');
    expect(within(dxcc).getByText(/confirmed of 100 for the award$/).textContent).toBe('97 confirmed of 100 for the award');
    expect(within(dxcc).getByText('132 worked')).toBeTruthy();
    expect(within(dxcc).getByRole('link', { name: 'DXCC' }).getAttribute('href')).toBe('/awards/DXCC');
    // Worked (132) is past the goal: its bar is full; confirmed fills 97 of 100.
    expect((dxcc.querySelector('.ap-bar-worked') as HTMLElement).style.width).toBe('100%');
    expect((dxcc.querySelector('.ap-bar-confirmed') as HTMLElement).style.width).toBe('97%');
    const tallies = within(within(dxcc).getByRole('list', { name: 'DXCC tallies' })).getAllByRole('listitem');
    expect(tallies.map((t) => t.querySelector('.sr-only')?.textContent)).toContain('CW: 88 worked, 61 confirmed, goal 100');
    expect(tallies.map((t) => t.querySelector('.sr-only')?.textContent)).toContain('Including deleted entities: 134 worked, 98 confirmed');

    // A log-based award is 'credited', without a QSL.
    expect(within(card('POTA parks hunted')).getByText(/credited/).textContent).toBe('14 credited: the award’s 10 reached');
    // One not started: zero, and a bar toward its total.
    expect(within(card('Worked All States')).getByText(/confirmed of/).textContent).toBe('0 confirmed of 50');
  });

  it('says what to do when the log has no QSOs yet, with links to log and to import', async () => {
    fakeApi({ 'GET /awards/progress': { body: EMPTY_CARDS_ANSWER } });
    renderApp(<AwardCards />, '/awards');
    expect(await screen.findByText(CARDS_EMPTY)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log contacts' }).getAttribute('href')).toBe('/logger');
    expect(screen.getByRole('link', { name: 'Import an ADIF file' }).getAttribute('href')).toBe('/import-export');
    expect(screen.queryByRole('list', { name: 'Awards' })).toBeNull();
  });

  it('shows grey cards while loading, then an error that can be retried', async () => {
    let fail = true;
    const api = fakeApi({ 'GET /awards/progress': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: CARDS_ANSWER }) });
    renderApp(<AwardCards />, '/awards');
    expect(screen.getByText('Loading your award progress…')).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(CARDS_LOAD_FAILED);
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    await screen.findByRole('list', { name: 'Awards' });
    await waitFor(() => expect(api.callsTo('GET', '/awards/progress').length).toBeGreaterThanOrEqual(2));
  });
});
