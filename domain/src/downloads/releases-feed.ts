/**
 * The desktop app's releases feed (community spec: Downloads; §7 'GET to a public releases
 * feed'): installers for Windows, Linux and Mac of version 2, plus other versions. The feed is
 * GitHub's releases JSON (GET https://api.github.com/repos/{owner}/{repo}/releases: a list of
 * {tag_name, name, html_url, published_at, draft, prerelease, assets: [{name,
 * browser_download_url, size}]}, newest first), or one such release (…/releases/latest).
 */

/** The desktop app version whose installers the page offers (community spec: Downloads). */
export const DESKTOP_APP_MAJOR = 2;
/** Other versions listed below the installers. */
export const OTHER_VERSIONS_LIMIT = 10;
/** Where the buttons lead when no feed has ever answered (the built-in fallback). */
export const FALLBACK_RELEASES_PAGE = 'https://github.com/hamlog/desktop/releases';

export const DOWNLOAD_PLATFORMS = ['Windows', 'Linux', 'Mac'] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];

export interface ReleaseInstaller {
  platform: DownloadPlatform;
  file_name: string;
  /** Bytes; 0 when the feed does not say. */
  size: number;
  url: string;
}

export interface DesktopRelease {
  version: string;
  /** ISO 8601, or null when the feed does not say. */
  published_at: string | null;
  page_url: string;
  installers: ReleaseInstaller[];
}

/** What the server keeps of a feed's answer: the version 2 release to offer, and the others. */
export interface ReleasesSummary {
  current: DesktopRelease | null;
  others: DesktopRelease[];
}

/** Who may download: visitors must log in, non-subscribers must upgrade, subscribers may. */
export type DownloadAccess = 'login' | 'upgrade' | 'allowed';

export function downloadAccess(signedIn: boolean, subscriber: boolean): DownloadAccess {
  if (!signedIn) return 'login';
  return subscriber ? 'allowed' : 'upgrade';
}

/** GET /vdownloads: the installers, with their links only for subscribers (url null otherwise). */
export interface DownloadsAnswer {
  app_version: number;
  access: DownloadAccess;
  /** The release offered ('2.4.1'), or null when the feed lists no version 2 release. */
  version: string | null;
  published_at: string | null;
  installers: Array<Omit<ReleaseInstaller, 'url'> & { url: string | null }>;
  other_versions: Array<{ version: string; published_at: string | null; url: string | null }>;
  /** feed: fetched just now or within the cache's time; cache: the last answer kept, the feed being unreachable; fallback: built in. */
  source: 'feed' | 'cache' | 'fallback';
  /** When the feed last answered (ISO 8601), null for the fallback. */
  fetched_at: string | null;
}

/** The built-in answer when no feed was ever reached: each platform's button leads to the releases page. */
export const FALLBACK_RELEASES: ReleasesSummary = {
  current: {
    version: String(DESKTOP_APP_MAJOR),
    published_at: null,
    page_url: FALLBACK_RELEASES_PAGE,
    installers: DOWNLOAD_PLATFORMS.map((platform) => ({ platform, file_name: '', size: 0, url: FALLBACK_RELEASES_PAGE })),
  },
  others: [],
};

/** Extensions by platform, most preferred first; archives count by a platform word in the name. */
const INSTALLER_KINDS: ReadonlyArray<{ platform: DownloadPlatform; test: RegExp }> = [
  { platform: 'Windows', test: /\.(exe|msi|msix|appx)$/i },
  { platform: 'Mac', test: /\.(dmg|pkg)$/i },
  { platform: 'Linux', test: /\.(appimage|deb|rpm|snap|flatpak)$/i },
  { platform: 'Windows', test: /(win|windows).*\.(zip|7z)$/i },
  { platform: 'Mac', test: /(mac|macos|osx|darwin).*\.(zip|tar\.gz)$/i },
  { platform: 'Linux', test: /linux.*\.(zip|tar\.gz|tar\.xz)$/i },
];

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Only http(s) links are handed on: a feed's 'javascript:' would otherwise become a button's href. */
function webUrl(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** 'v2.4.1' → { version: '2.4.1', major: 2 }; null for a tag that is not a version. */
export function versionOfTag(tag: string): { version: string; major: number } | null {
  const m = /^v?(\d+)((?:\.\d+){0,3})(?:[-+][0-9A-Za-z.-]+)?$/.exec(tag.trim());
  return m ? { version: tag.trim().replace(/^v/, ''), major: Number(m[1]) } : null;
}

function installersOf(assets: unknown): ReleaseInstaller[] {
  if (!Array.isArray(assets)) return [];
  const found: ReleaseInstaller[] = [];
  for (const kind of INSTALLER_KINDS) {
    if (found.some((i) => i.platform === kind.platform)) continue;
    for (const asset of assets as Array<Record<string, unknown>>) {
      const name = text(asset?.name);
      const url = webUrl(asset?.browser_download_url);
      if (!name || !url || !kind.test.test(name)) continue;
      const size = Number(asset.size);
      found.push({ platform: kind.platform, file_name: name, size: Number.isSafeInteger(size) && size > 0 ? size : 0, url });
      break;
    }
  }
  return DOWNLOAD_PLATFORMS.flatMap((p) => found.filter((i) => i.platform === p));
}

/**
 * Reads a feed's JSON into the release to offer (the newest published version 2 release with an
 * installer) and the other versions, newest first. Drafts, pre-releases, tags that are not
 * versions and links that are not http(s) are left out. Null when the JSON is not a feed at all.
 */
export function summariseReleasesFeed(json: unknown, major = DESKTOP_APP_MAJOR): ReleasesSummary | null {
  const list = Array.isArray(json) ? json : json && typeof json === 'object' ? [json] : null;
  if (!list) return null;
  const releases: Array<DesktopRelease & { major: number; time: number }> = [];
  for (const raw of list as Array<Record<string, unknown>>) {
    if (!raw || typeof raw !== 'object' || raw.draft === true || raw.prerelease === true) continue;
    const tag = versionOfTag(text(raw.tag_name));
    const page = webUrl(raw.html_url);
    if (!tag || !page) continue;
    const published = text(raw.published_at);
    const time = Date.parse(published);
    releases.push({
      version: tag.version,
      major: tag.major,
      published_at: Number.isNaN(time) ? null : new Date(time).toISOString(),
      time: Number.isNaN(time) ? 0 : time,
      page_url: page,
      installers: installersOf(raw.assets),
    });
  }
  if (releases.length === 0 && list.length > 0) return null;
  releases.sort((a, b) => b.time - a.time);
  const strip = ({ major: _m, time: _t, ...release }: (typeof releases)[number]): DesktopRelease => release;
  const current = releases.find((r) => r.major === major && r.installers.length > 0) ?? null;
  return {
    current: current ? strip(current) : null,
    others: releases.filter((r) => r !== current).slice(0, OTHER_VERSIONS_LIMIT).map(strip),
  };
}

/** The answer for one reader: links only for subscribers. */
export function downloadsAnswer(
  summary: ReleasesSummary,
  access: DownloadAccess,
  source: DownloadsAnswer['source'],
  fetchedAt: string | null,
): DownloadsAnswer {
  const allowed = access === 'allowed';
  return {
    app_version: DESKTOP_APP_MAJOR,
    access,
    version: summary.current?.version ?? null,
    published_at: summary.current?.published_at ?? null,
    installers: (summary.current?.installers ?? []).map((i) => ({ ...i, url: allowed ? i.url : null })),
    other_versions: summary.others.map((r) => ({ version: r.version, published_at: r.published_at, url: allowed ? r.page_url : null })),
    source,
    fetched_at: fetchedAt,
  };
}
