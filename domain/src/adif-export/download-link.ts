/**
 * Signed download links for export files (decision 0046). The page asks for a link with the
 * session's token (POST /vexportjobs/{id}/link) and hands it to the browser, which streams the
 * file to disk: the link itself carries no credentials, only `exp` (ms since the epoch) and `sig`,
 * a MAC over the job id, its owner's user id and `exp` with a server secret. The signer is passed
 * in (the domain does no crypto I/O); comparing a given signature is the signer's, in constant time.
 */
import { exportDownloadPath } from './api';

/** A link works for this long after it was handed out: it is used at once, by a click. */
export const EXPORT_LINK_LIFETIME_MS = 5 * 60 * 1000;


/** POST here (with the owner's token) for a signed link to a completed job's file. */
export const exportLinkPath = (jobId: string): string => `/vexportjobs/${encodeURIComponent(jobId)}/link`;

/** The answer of POST /vexportjobs/{id}/link. */
export interface ExportLinkAnswer {
  /** Same origin, under /api: '/api/vexportjobs/{id}/download?exp=...&sig=...'. */
  url: string;
  /** UTC, ISO: when the link stops working. */
  expires_at: string;
}

/** The text a link's signature covers: what it is for, which job, whose, until when. */
export function exportLinkText(jobId: string, userId: string, expiresMs: number): string {
  return ['adif-export-download', jobId, userId, String(expiresMs)].join('\n');
}

/** The link to the job's file, a path on the site's own origin (the API is served under /api). */
export function exportLinkUrl(jobId: string, expiresMs: number, sig: string): string {
  return `/api${exportDownloadPath(jobId)}?exp=${expiresMs}&sig=${encodeURIComponent(sig)}`;
}

export type ExportLinkQuery =
  /** Neither exp nor sig: the caller must show a bearer token instead. */
  | { kind: 'none' }
  /** exp or sig there but not both, repeated, or not of their form. */
  | { kind: 'malformed' }
  | { kind: 'signed'; expiresMs: number; sig: string };

const SIG = /^[A-Za-z0-9_-]{16,128}$/;
const EXPIRES = /^\d{1,15}$/;

/** What a download request's query string says about a signed link. */
export function readExportLinkQuery(query: Record<string, unknown>): ExportLinkQuery {
  const { exp, sig } = query;
  if (exp === undefined && sig === undefined) return { kind: 'none' };
  if (typeof exp !== 'string' || typeof sig !== 'string' || !EXPIRES.test(exp) || !SIG.test(sig)) return { kind: 'malformed' };
  return { kind: 'signed', expiresMs: Number(exp), sig };
}

/** Whether a link signed to expire at `expiresMs` still works at `now`. */
export function exportLinkLive(expiresMs: number, now: Date): boolean {
  return now.getTime() < expiresMs;
}
