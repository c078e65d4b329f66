// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_CODES_LOAD_FAILED, EMBED_CODES_LOGIN_REQUIRED } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { HowToEmbedsRoute } from './how-to-embeds';

const SNIPPETS = [
  ['Live info banner', 'https://hamlog.example/active-embed/1/W1AW%2FP?ref_id=user-7'],
  ['Last frequency', 'https://hamlog.example/embed/1/last/W1AW%2FP?ref_id=user-7'],
  ['Photos', 'https://hamlog.example/embed/1/photos/W1AW%2FP?ref_id=user-7'],
  ['Logs', 'https://hamlog.example/embed/1/W1AW%2FP?ref_id=user-7'],
  ['SSTV', 'https://hamlog.example/embed/sstv/1/W1AW%2FP?ref_id=user-7'],
] as const;

describe('/how-to/embeds', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('asks visitors to log in and asks the server nothing', () => {
    const api = fakeApi({});
    renderApp(<HowToEmbedsRoute />, '/how-to/embeds');
    expect(screen.getByRole('heading', { level: 1, name: 'HTML Embed Codes' })).toBeTruthy();
    expect(screen.getByText(EMBED_CODES_LOGIN_REQUIRED)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the five read-only iframe snippets with the callsign and ref_id, each with a Copy button', async () => {
    signIn({ my_callsign: 'W1AW/P' });
    fakeApi({ 'GET /embed-codes': { body: { callsign: 'W1AW/P', ref_id: 'user-7', base_url: 'https://hamlog.example' } } });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(<HowToEmbedsRoute />, '/how-to/embeds');
    for (const [title, src] of SNIPPETS) {
      const box = await screen.findByLabelText<HTMLTextAreaElement>(`HTML for the ${title.toLowerCase()}`);
      expect(box.readOnly).toBe(true);
      expect(box.value).toMatch(/^<iframe src="[^"]+" title="[^"]+" width="100%" height="\d+" style="border:0;max-width:100%" loading="lazy"><\/iframe>$/);
      expect(box.value).toContain(`src="${src}"`);
      expect(box.value).not.toContain('<script');
    }
    const copyButtons = screen.getAllByRole('button', { name: 'Copy' });
    expect(copyButtons).toHaveLength(5);
    fireEvent.click(copyButtons[3]!);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`src="${SNIPPETS[3][1]}"`));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('falls back to the address the page was loaded from when no public address is configured', async () => {
    signIn({ my_callsign: 'K1JT' });
    fakeApi({ 'GET /embed-codes': { body: { callsign: 'K1JT', ref_id: 'u1', base_url: null } } });
    renderApp(<HowToEmbedsRoute />, '/how-to/embeds');
    const box = await screen.findByLabelText<HTMLTextAreaElement>('HTML for the logs');
    expect(box.value).toContain(`src="${window.location.origin}/embed/1/K1JT?ref_id=u1"`);
  });

  it('says so when the codes cannot be loaded', async () => {
    signIn();
    fakeApi({ 'GET /embed-codes': { status: 500, body: { message: 'boom' } } });
    renderApp(<HowToEmbedsRoute />, '/how-to/embeds');
    expect(await screen.findByText(EMBED_CODES_LOAD_FAILED)).toBeTruthy();
  });
});
