/**
 * The pages other sites may frame (community.md 'Embed codes'): their paths, what each shows at
 * most, and the HTML snippet /how-to/embeds hands a user. One list for the server that serves the
 * pages and the client that shows the snippets.
 */
import { assertNever } from '../decider';
import { escapeXml } from '../xml-text';

export type EmbedKind = 'live' | 'last' | 'photos' | 'logs' | 'sstv';

/** The only style of embed there is; the '1' in every embed path. */
export const EMBED_STYLE = '1';

export interface EmbedCode {
  kind: EmbedKind;
  title: string;
  description: string;
  /** The iframe's height in CSS pixels (its width follows the host page). */
  height: number;
}

/** In the order /how-to/embeds lists them. */
export const EMBED_CODES: readonly EmbedCode[] = [
  { kind: 'live', title: 'Live info banner', description: 'Shows whether you are on the air right now, on which frequency and mode.', height: 90 },
  { kind: 'last', title: 'Last frequency', description: 'The last frequency and mode your rig reported, and when.', height: 90 },
  { kind: 'photos', title: 'Photos', description: 'Your latest photos.', height: 260 },
  { kind: 'logs', title: 'Logs', description: 'Your latest QSOs.', height: 420 },
  { kind: 'sstv', title: 'SSTV', description: 'The last SSTV images attached to your QSOs.', height: 300 },
];

/** How many QSOs, photos and SSTV images an embed shows at most (its page stays well under 30 KB). */
export const EMBED_QSO_LIMIT = 20;
export const EMBED_PHOTO_LIMIT = 12;
export const EMBED_SSTV_LIMIT = 8;
/** How long a browser or a cache in between may keep an embed page. */
export const EMBED_MAX_AGE_SECONDS = 30;
/** A referral id longer than the registration form takes (REF_ID_MAX_LENGTH) is not carried on. */
export const EMBED_REF_ID_MAX_LENGTH = 100;

/** The embed page's path for a station (its callsign as one path segment, '/' included). */
export function embedPath(kind: EmbedKind, callsign: string): string {
  const call = encodeURIComponent(callsign);
  switch (kind) {
    case 'live':
      return `/active-embed/${EMBED_STYLE}/${call}`;
    case 'last':
      return `/embed/${EMBED_STYLE}/last/${call}`;
    case 'photos':
      return `/embed/${EMBED_STYLE}/photos/${call}`;
    case 'logs':
      return `/embed/${EMBED_STYLE}/${call}`;
    case 'sstv':
      return `/embed/sstv/${EMBED_STYLE}/${call}`;
    default:
      return assertNever(kind);
  }
}

/** The embed's absolute address, carrying the user's referral id so visitors who follow it are credited to them. */
export function embedUrl(baseUrl: string, kind: EmbedKind, callsign: string, refId: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${embedPath(kind, callsign)}${refId ? `?ref_id=${encodeURIComponent(refId)}` : ''}`;
}

/** The HTML a user pastes into their own site: one iframe, no script. */
export function embedSnippet(baseUrl: string, code: EmbedCode, callsign: string, refId: string): string {
  const src = escapeXml(embedUrl(baseUrl, code.kind, callsign, refId));
  const title = escapeXml(`${callsign} · ${code.title}`);
  return `<iframe src="${src}" title="${title}" width="100%" height="${code.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** GET /api/embed-codes (signed in): what the snippets are built from. */
export interface EmbedCodesAnswer {
  callsign: string;
  ref_id: string;
  /** The site's configured public address (PUBLIC_URL); null: the address the page was loaded from. */
  base_url: string | null;
}
