import { exportDownloadPath } from '@hamlog/domain/adif-export/api';
import { exportLinkPath, type ExportLinkAnswer } from '@hamlog/domain/adif-export/download-link';
import { API_BASE } from '@/config/app';
import { api } from '@/lib/api-client';

/** The download's address (the link's href; with the bearer token only, see downloadExport for what a click does). */
export const exportDownloadUrl = (jobId: string): string => `${API_BASE}${exportDownloadPath(jobId)}`;

/** Only a path under the API on this origin is followed (never another site, whatever an answer says). */
function isOwnApiPath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith(`${API_BASE}/`) && !url.startsWith('//');
}

/** Has the browser fetch `url` as a download named `fileName`: it streams the file to disk, never into the page. */
function startDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
  }
}

/**
 * POST /vexportjobs/{id}/link with the session's token for a signed link that works for a few
 * minutes without credentials (decision 0046), then lets the browser download it as a plain link:
 * a file of hundreds of MB goes to disk as it arrives instead of through the tab's memory. A
 * refusal (expired, failed, not found) is thrown as the server's message.
 */
export async function downloadExport(jobId: string, fileName: string): Promise<void> {
  const answer = await api.post<ExportLinkAnswer>(exportLinkPath(jobId));
  if (!isOwnApiPath(answer?.url)) throw new Error('The server did not answer a download link.');
  startDownload(answer.url, fileName);
}
