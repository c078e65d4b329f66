// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetApp } from '@/testing/app-test-kit';
import { BackOrHome } from './back-or-home';

describe('Back or Home on the QSO page', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  const routes = [
    { path: '/qso/:id', element: <BackOrHome /> },
    { path: '/logbook', element: <Link to="/qso/q-1">Open the QSO</Link> },
  ];

  it('goes Back to the page of ours it came from', async () => {
    const { router } = renderApp(routes, '/logbook');
    fireEvent.click(screen.getByRole('link', { name: 'Open the QSO' }));
    const back = await screen.findByRole('button', { name: 'Back' });
    expect(screen.queryByRole('link', { name: 'Home' })).toBeNull();
    fireEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/logbook'));
    expect(screen.getByRole('link', { name: 'Open the QSO' })).toBeTruthy();
  });

  it('offers Home when the visit started on the QSO page', () => {
    renderApp(routes, '/qso/q-1');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
