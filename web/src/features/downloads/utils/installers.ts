import { DESKTOP_APP_VERSION } from '@/config/app';

export interface Installer {
  platform: 'Windows' | 'Linux' | 'Mac';
  label: string;
}

/** The desktop app's installers (community spec: Downloads). */
export const DESKTOP_INSTALLERS: readonly Installer[] = [
  { platform: 'Windows', label: `Desktop app v${DESKTOP_APP_VERSION} for Windows` },
  { platform: 'Linux', label: `Desktop app v${DESKTOP_APP_VERSION} for Linux` },
  { platform: 'Mac', label: `Desktop app v${DESKTOP_APP_VERSION} for Mac` },
];

/** Who may download: visitors must log in, non-subscribers must upgrade, subscribers may. */
export type DownloadAccess = 'login' | 'upgrade' | 'allowed';

export function downloadAccess(signedIn: boolean, subscriber: boolean): DownloadAccess {
  if (!signedIn) return 'login';
  return subscriber ? 'allowed' : 'upgrade';
}
