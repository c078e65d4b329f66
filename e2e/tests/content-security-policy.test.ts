import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../src/browser';
import { startJourney } from '../src/journey';

const canRun = browserAvailable();

// Browser globals used inside page.evaluate (this file compiles without the DOM library).
declare const document: {
  addEventListener(type: string, listener: (e: { violatedDirective: string; blockedURI: string }) => void): void;
  createElement(tag: 'script'): { textContent: string };
  head: { appendChild(node: unknown): void };
};
declare const localStorage: { setItem(key: string, value: string): void };
declare const window: { cspViolations?: string[] };
declare class WebSocket {
  constructor(url: string);
  onopen: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

interface Session {
  token: string;
  user: { id: string; my_callsign: string };
}

describe.skipIf(!canRun)('the Content-Security-Policy in Chromium', () => {
  const journey = startJourney();

  it('lets the built client run every main page with no violation', async () => {
    const base = journey.server.url;
    const post = async <T>(path: string, body: unknown, token?: string) =>
      (await (
        await fetch(`${base}/api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as T;
    const session = await post<Session>('/vregister', { email: 'csp@example.com', my_callsign: 'K1CSP' });
    const qso = await post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'W1AW', Freq: 14074, Mode: 'FT8' } }, session.token);

    const page = await journey.browser.newPage();
    await page.addInitScript((s) => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, session);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) consoleErrors.push(m.text());
    });

    const response = await page.goto(`${base}/`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    for (const path of ['/', '/logger', '/logs', '/profile', '/account/preferences', '/import-export', `/qso/${qso.qdo_id}`, '/K1CSP', '/no-such-page']) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const violations = await page.evaluate(() => window.cspViolations ?? []);
      expect(violations, path).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    // The watch works: an inline script is refused and reported.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.appendChild(script);
    });
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([expect.stringMatching(/^script-src/)]);
    await page.close();
  }, 90_000);

  // connect-src 'self' covers ws:/wss: to the page's own host (CSP Level 3); another host is refused.
  it('lets a page open the websocket at /ws on its own host, and no other host', async () => {
    const page = await journey.browser.newPage();
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${journey.server.url}/no-such-page`);
    const open = (url: string) =>
      page.evaluate(
        (target) =>
          new Promise<string>((resolve) => {
            try {
              const socket = new WebSocket(target);
              socket.onopen = () => {
                socket.close();
                resolve('open');
              };
              socket.onerror = () => resolve('error');
            } catch {
              resolve('thrown');
            }
          }),
        url,
      );
    const port = new URL(journey.server.url).port;
    expect(await open(`ws://127.0.0.1:${port}/ws`)).toBe('open');
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([]);
    // The same server under another name is another origin.
    expect(await open(`ws://localhost:${port}/ws`)).not.toBe('open');
    expect(await page.evaluate(() => window.cspViolations ?? [])).toEqual([expect.stringMatching(/^connect-src ws:\/\/localhost/)]);
    await page.close();
  }, 60_000);
});
