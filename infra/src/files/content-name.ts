import { createHash } from 'node:crypto';

/** The storage name of some content: its SHA-256 in hex plus the extension, so equal files share one name. */
export function contentHashName(bytes: Uint8Array, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension.toLowerCase()}`;
}

const CLAIM_EVIDENCE = 'claim-';

/** The storage name of a callsign claim's evidence (a licence or QSL card: personal data). */
export function claimEvidenceName(claimId: string, format: string): string {
  return `${CLAIM_EVIDENCE}${claimId}.${format === 'jpeg' ? 'jpg' : format}`;
}

/** Files only an admin reads (through `npm run claims -- evidence`), never served at /media. */
export function isPrivateFileName(name: string): boolean {
  return name.startsWith(CLAIM_EVIDENCE);
}
