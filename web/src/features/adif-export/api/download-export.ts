import { exportDownloadPath } from '@hamlog/domain/adif-export/api';
import { API_BASE } from '@/config/app';
import { ApiError, toApiError } from '@/lib/api-error';
import { getSession } from '@/lib/session';

/** The download's address (the link's href; the file itself needs the bearer token, see downloadExport). */
export const exportDownloadUrl = (jobId: string): string => `${API_BASE}${exportDownloadPath(jobId)}`;

/**
 * GET /vexportjobs/{id}/download with the session's token, then hands the file to the browser as
 * a download under its name. The API takes bearer tokens only, so a plain link cannot fetch it.
 */
export async function downloadExport(jobId: string, fileName: string): Promise<void> {
  const token = getSession()?.token;
  let res: Response;
  try {
    res = await fetch(exportDownloadUrl(jobId), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network Error');
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    throw toApiError(res.status, res.statusText, body);
  }
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
