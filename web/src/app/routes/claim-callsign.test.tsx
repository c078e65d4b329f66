// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALLSIGN_UNVERIFIED, MY_CALLSIGN_TAKEN } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn, testUser } from '@/testing/app-test-kit';
import { ClaimCallsignRoute } from './claim-callsign';
import { ProfileRoute } from './profile';
import { RegisterRoute } from './register';

const routes = [
  { path: '/register', element: <RegisterRoute /> },
  { path: '/claim-callsign', element: <ClaimCallsignRoute /> },
  { path: '/profile', element: <ProfileRoute /> },
];

describe('the ways to /claim-callsign (decision 0025)', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('leads from a taken callsign at registration to its claim, the callsign filled in', async () => {
    fakeApi({ 'POST /vregister': { status: 422, body: { message: MY_CALLSIGN_TAKEN, errors: { my_callsign: [MY_CALLSIGN_TAKEN] } } } });
    renderApp(routes, '/register');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ham@example.com' } });
    fireEvent.change(screen.getByLabelText('Callsign'), { target: { value: 'w1aw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Started Free' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Claim W1AW: it is my callsign' }));
    expect(await screen.findByRole('heading', { name: 'Claim your callsign' })).toBeTruthy();
    expect((screen.getByLabelText('Callsign') as HTMLInputElement).value).toBe('W1AW');
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("marks an unverified callsign in the settings, with 'Verify my callsign'", async () => {
    const user = testUser({ my_callsign: 'W1AW', callsign_verified: false });
    fakeApi({ 'GET /vuser': { body: { user } } });
    signIn(user);
    renderApp(routes, '/profile');
    expect(await screen.findByText(CALLSIGN_UNVERIFIED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify my callsign' }).getAttribute('href')).toBe('/claim-callsign?callsign=W1AW');
  });

  it('shows neither for a verified callsign', async () => {
    const user = testUser({ my_callsign: 'W1AW', callsign_verified: true });
    fakeApi({ 'GET /vuser': { body: { user } } });
    signIn(user);
    renderApp(routes, '/profile');
    await screen.findByRole('button', { name: 'Update Profile' });
    expect(screen.queryByText(CALLSIGN_UNVERIFIED)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify my callsign' })).toBeNull();
  });
});
