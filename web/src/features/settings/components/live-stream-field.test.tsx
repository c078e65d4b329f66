// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_STREAM_URL_INVALID } from '@hamlog/domain/live-station/texts';
import { resetApp, testUser, typeInto } from '@/testing/app-test-kit';
import { openSettingsPage } from '../testing/open-settings-page';

const profile = { name: 'Hiram', qth: 'Newington', grid: 'FN31pr', live_stream_url: 'https://www.twitch.tv/w1aw' };

describe('settings: the live stream address', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the stored address, refuses one the live page cannot play before sending, and sends a good one', async () => {
    const api = await openSettingsPage(testUser(profile), { 'POST /vupdateprofile': (call) => ({ body: { user: testUser({ ...profile, ...(call.body as object) }) } }) });
    const field = screen.getByLabelText('Live stream address') as HTMLInputElement;
    expect(field.value).toBe('https://www.twitch.tv/w1aw');

    typeInto('Live stream address', 'https://evil.example.com/player');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText(LIVE_STREAM_URL_INVALID)).toBeTruthy();
    expect(api.callsTo('POST', '/vupdateprofile')).toHaveLength(0);

    typeInto('Live stream address', 'https://youtu.be/dQw4w9WgXcQ');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsTo('POST', '/vupdateprofile')).toHaveLength(1));
    expect(api.callsTo('POST', '/vupdateprofile')[0]!.body).toMatchObject({ live_stream_url: 'https://youtu.be/dQw4w9WgXcQ' });
  });
});
