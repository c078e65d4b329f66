import { screen } from '@testing-library/react';
import type { User } from '@/types/api';
import { fakeApi, renderApp, signIn } from '@/testing/app-test-kit';
import { SettingsPage } from '../components/settings-page';

/**
 * The settings page for `user`, signed in, once its form has loaded; GET /vuser answers `user`,
 * POST /vservices no services, and `handlers` the rest. Returns the fake API.
 */
export async function openSettingsPage(user: User, handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /vuser': () => ({ body: { user } }), 'POST /vservices': { body: { services: [] } }, ...handlers });
  signIn(user);
  renderApp(<SettingsPage justRegistered={false} />);
  await screen.findByRole('button', { name: 'Update Profile' });
  return api;
}
