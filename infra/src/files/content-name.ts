import { createHash } from 'node:crypto';

/** The storage name of some content: its SHA-256 in hex plus the extension, so equal files share one name. */
export function contentHashName(bytes: Uint8Array, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension.toLowerCase()}`;
}
