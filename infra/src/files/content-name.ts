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

/** A user's ADIF export (domain: adifExportStorageName), downloaded by its owner only. */
const ADIF_EXPORT = 'adif-export-';

/** An uploaded ADIF file a background import reads (domain: adifImportStorageName), deleted once imported. */
const ADIF_IMPORT = 'adif-import-';

/** Files only an admin reads (through `npm run claims -- evidence`) or only their owner downloads, never served at /media. */
export function isPrivateFileName(name: string): boolean {
  return name.startsWith(CLAIM_EVIDENCE) || name.startsWith(ADIF_EXPORT) || name.startsWith(ADIF_IMPORT);
}
