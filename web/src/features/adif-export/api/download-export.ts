import { exportDownloadPath } from '@hamlog/domain/adif-export/api';
import { API_BASE } from '@/config/app';
import { api } from '@/lib/api-client';

/** The download's address (the link's href; the file itself needs the bearer token, see downloadExport). */
export const exportDownloadUrl = (jobId: string): string => `${API_BASE}${exportDownloadPath(jobId)}`;

/** Hands `file` to the browser as a download named `fileName`. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
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

/**
 * GET /vexportjobs/{id}/download with the session's token, then hands the file to the browser as
 * a download under its name. The API takes bearer tokens only, so a plain link cannot fetch it.
 */
export async function downloadExport(jobId: string, fileName: string): Promise<void> {
  saveFile(await api.getBlob(exportDownloadPath(jobId)), fileName);
}
