// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/config/messages';
import { recordDialogs, resetApp, testUser } from '@/testing/app-test-kit';
import type { ApiKeyEntry } from '../api/api-keys';
import { openSettingsPage } from '../testing/open-settings-page';

const user = testUser({ name: 'Hans', qth: 'Delft', grid: 'JO22', is_ham: true, api_key: 'rw-key-0123456789abcdef' });
const main: ApiKeyEntry = { key_id: 'main', api_key: 'rw-key-0123456789abcdef', rights: 'rw', created_at: null };
const viewer: ApiKeyEntry = { key_id: 'viewer', api_key: 'ro-key-fedcba9876543210', rights: 'r', created_at: '2025-03-01T10:00:00Z' };
const section = () => screen.getByRole('region', { name: 'API keys and their rights' });

describe('settings: API keys and their rights', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('lists each key masked with its rights, the read-write key without a delete button', async () => {
    await openSettingsPage(user, { 'GET /vapikeys': { body: { api_keys: [main, viewer] } } });
    const items = await waitFor(() => {
      const found = within(section()).getAllByRole('listitem');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(items[0]?.textContent).toContain('Read and write');
    expect(items[1]?.textContent).toContain('Read only');
    expect(items[1]?.textContent).toContain('Made 2025-03-01 (UTC)');
    expect(section().textContent).not.toContain(viewer.api_key);
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(section().textContent).not.toContain(main.api_key);
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Show the read-only key made 2025-03-01' }));
    expect(items[1]?.textContent).toContain(viewer.api_key);
  });

  it('creates a read-only key, shows it, and resends a failed create with the same id', async () => {
    const dialogs = recordDialogs();
    let tries = 0;
    const api = await openSettingsPage(user, {
      'GET /vapikeys': { body: { api_keys: [main] } },
      'POST /vapikeys/create': (call) => {
        tries += 1;
        if (tries === 1) return { status: 503, body: { message: 'HamLog is briefly unavailable; please try again in a moment.' } };
        const keyId = (call.body as { key_id: string }).key_id;
        return { body: { api_keys: [main, { key_id: keyId, api_key: 'ro-new-key-1234567890', rights: 'r', created_at: '2025-03-02T08:00:00Z' }] } };
      },
    });
    expect(await within(section()).findByText('No read-only keys yet.')).toBeTruthy();
    const create = within(section()).getByRole('button', { name: 'Create read-only key' });
    fireEvent.click(create);
    await waitFor(() => expect(dialogs.alerts).toEqual(['HamLog is briefly unavailable; please try again in a moment.']));
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(create);
    expect(await within(section()).findByText('ro-new-key-1234567890')).toBeTruthy();
    const ids = api.callsTo('POST', '/vapikeys/create').map((c) => (c.body as { key_id: string }).key_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(within(section()).getByRole('status').textContent).toContain('New read-only key made');
  });

  it('deletes a read-only key after asking', async () => {
    const dialogs = recordDialogs();
    const api = await openSettingsPage(user, {
      'GET /vapikeys': { body: { api_keys: [main, viewer] } },
      'POST /vapikeys/delete': { body: { api_keys: [main] } },
    });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Delete the read-only key made 2025-03-01' }));
    await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmDeleteReadOnlyKey]);
    expect(api.callsTo('POST', '/vapikeys/delete')[0]?.body).toEqual({ key_id: 'viewer' });
  });

  it('keeps the key when the deletion is not confirmed', async () => {
    recordDialogs(false);
    const api = await openSettingsPage(user, { 'GET /vapikeys': { body: { api_keys: [main, viewer] } } });
    fireEvent.click(await within(section()).findByRole('button', { name: 'Delete the read-only key made 2025-03-01' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST', '/vapikeys/delete')).toEqual([]);
    expect(within(section()).getAllByRole('listitem')).toHaveLength(2);
  });
});
