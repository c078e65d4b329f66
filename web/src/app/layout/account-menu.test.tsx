// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/react-query';
import { store } from '@/lib/store';
import { fakeApi, resetApp, signIn } from '@/testing/app-test-kit';
import { AccountMenu } from './account-menu';

describe('the account menu and navigations', () => {
  beforeEach(() => {
    resetApp();
    window.history.replaceState(null, '', '/');
  });
  afterEach(resetApp);

  it('stays open when opened while a navigation is still rendering (its page’s code loading), and closes on the next one', async () => {
    fakeApi({});
    signIn({ name: 'Hans' });
    let loaded: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (loaded = resolve));
    const SlowPage = lazy(() => code.then(() => ({ default: () => <h1>Home page</h1> })));
    // As the app: the page under a Suspense boundary beside the header; navigations render in a transition.
    const router = createBrowserRouter([
      {
        element: (
          <>
            <AccountMenu />
            <Suspense fallback={<p>Loading</p>}>
              <Outlet />
            </Suspense>
          </>
        ),
        children: [
          { path: '/', element: <h1>Sub accounts</h1> },
          { path: '/home', element: <SlowPage /> },
          { path: '/logs', element: <h1>Logbook page</h1> },
        ],
      },
    ]);
    render(
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </JotaiProvider>,
    );
    const button = screen.getByRole('button', { name: /account menu$/ });

    // The address changes at once; the page it names is drawn once its code is there.
    act(() => void router.navigate('/home'));
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
    expect(screen.getByRole('heading', { name: 'Sub accounts' })).toBeTruthy();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(async () => loaded());
    await screen.findByRole('heading', { name: 'Home page' });
    expect(button.getAttribute('aria-expanded')).toBe('true');

    // Choosing an entry goes on to another page: the menu closes.
    fireEvent.click(screen.getByRole('link', { name: 'Logbook' }));
    await screen.findByRole('heading', { name: 'Logbook page' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
