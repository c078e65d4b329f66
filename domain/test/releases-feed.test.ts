import { describe, expect, it } from 'vitest';
import { downloadAccess, downloadsAnswer, FALLBACK_RELEASES, summariseReleasesFeed, versionOfTag } from '../src/downloads/releases-feed';

const release = (tag: string, assets: Array<[string, string]>, over: Record<string, unknown> = {}) => ({
  tag_name: tag,
  html_url: `https://github.com/hamlog/desktop/releases/tag/${tag}`,
  published_at: '2026-01-01T00:00:00Z',
  assets: assets.map(([name, url]) => ({ name, browser_download_url: url, size: 10 })),
  ...over,
});

describe('the releases feed', () => {
  it('reads version tags', () => {
    expect(versionOfTag('v2.4.1')).toEqual({ version: '2.4.1', major: 2 });
    expect(versionOfTag('2')).toEqual({ version: '2', major: 2 });
    expect(versionOfTag('v2.0.0-rc.1')).toEqual({ version: '2.0.0-rc.1', major: 2 });
    expect(versionOfTag('nightly')).toBeNull();
  });

  it('offers the newest published version 2 release that has installers, whatever the order', () => {
    const summary = summariseReleasesFeed([
      release('v2.1.0', [['HamLog-2.1.0.msi', 'https://e.com/a.msi']], { published_at: '2026-01-01T00:00:00Z' }),
      release('v2.2.0', [['notes.txt', 'https://e.com/n.txt']], { published_at: '2026-03-01T00:00:00Z' }),
      release('v2.1.5', [['HamLog-2.1.5.deb', 'https://e.com/b.deb'], ['HamLog-2.1.5.pkg', 'https://e.com/c.pkg']], { published_at: '2026-02-01T00:00:00Z' }),
      release('v2.3.0', [['HamLog-2.3.0.exe', 'https://e.com/d.exe']], { draft: true, published_at: '2026-04-01T00:00:00Z' }),
    ]);
    expect(summary?.current?.version).toBe('2.1.5');
    expect(summary?.current?.installers.map((i) => [i.platform, i.file_name])).toEqual([
      ['Linux', 'HamLog-2.1.5.deb'],
      ['Mac', 'HamLog-2.1.5.pkg'],
    ]);
    expect(summary?.others.map((r) => r.version)).toEqual(['2.2.0', '2.1.0']);
  });

  it('accepts one release object (releases/latest), and refuses what is not a feed', () => {
    expect(summariseReleasesFeed(release('v2.0.0', [['a.exe', 'https://e.com/a.exe']]))?.current?.version).toBe('2.0.0');
    expect(summariseReleasesFeed('<html>')).toBeNull();
    expect(summariseReleasesFeed([{ message: 'API rate limit exceeded' }])).toBeNull();
    expect(summariseReleasesFeed([])).toEqual({ current: null, others: [] });
  });

  it('drops links that are not http(s)', () => {
    const summary = summariseReleasesFeed([release('v2.0.0', [['a.exe', 'javascript:alert(1)'], ['b.AppImage', 'https://e.com/b.AppImage']])]);
    expect(summary?.current?.installers.map((i) => i.url)).toEqual(['https://e.com/b.AppImage']);
    expect(summariseReleasesFeed([release('v2.0.0', [['a.exe', 'https://e.com/a.exe']], { html_url: 'data:text/html,x' })])).toBeNull();
  });

  it('hands the links to subscribers only', () => {
    expect([downloadAccess(false, false), downloadAccess(true, false), downloadAccess(true, true)]).toEqual(['login', 'upgrade', 'allowed']);
    const visitor = downloadsAnswer(FALLBACK_RELEASES, 'login', 'fallback', null);
    expect(visitor.installers.map((i) => [i.platform, i.url])).toEqual([['Windows', null], ['Linux', null], ['Mac', null]]);
    const subscriber = downloadsAnswer(FALLBACK_RELEASES, 'allowed', 'fallback', null);
    expect(subscriber.installers.every((i) => i.url === FALLBACK_RELEASES.current?.page_url)).toBe(true);
  });
});
