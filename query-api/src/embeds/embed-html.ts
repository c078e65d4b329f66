/**
 * The embed pages' HTML: small, complete documents with one inline stylesheet and no script, so
 * they work inside any site's iframe with nothing from us running there. Every value that comes
 * from a user (names, callsigns, comments, file names) goes through escapeXml.
 */
import { createHash } from 'node:crypto';
import {
  bandForHz,
  EMBED_CONTESTING,
  EMBED_NO_PHOTOS,
  EMBED_NO_QSOS,
  EMBED_NO_RIG,
  EMBED_NO_SSTV,
  EMBED_STATION_NOT_FOUND,
  formatMhz,
  humanTimeSince,
  isContestingOpMode,
  isContestQso,
  MISSING_PROFILE_IMAGE,
  type FeedUserCard,
  type LiveRig,
  type Photo,
  type QsoFields,
} from '@hamlog/domain';
import { EMBED_MAX_AGE_SECONDS } from '@hamlog/domain/embeds/embed-codes';
import { clip, escapeXml } from '@hamlog/infra/qsl/xml-text';
import type { StationSstvImage } from '@hamlog/infra/read-models/qso-media/queries';

const PRODUCT_NAME = 'HamLog';

const CSS = [
  ':root{color-scheme:light dark}*{box-sizing:border-box}',
  'body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#fff}',
  'a{color:#0b5cad}.e{padding:8px 10px}',
  '.h{display:flex;align-items:center;gap:8px;margin-bottom:6px;flex-wrap:wrap}',
  '.h img{width:36px;height:36px;border-radius:50%;object-fit:cover}',
  '.c{font-weight:700;font-size:16px;text-decoration:none}.n,.f,.t{color:#57606a}',
  '.s{display:inline-block;padding:2px 8px;border-radius:10px;font-weight:600;font-size:12px;background:#eaeef2}',
  '.on{background:#d1f7d6;color:#116329}.live{background:#ffd8d3;color:#a40e26}.q{font-size:18px;font-weight:700}',
  '.w{overflow-x:auto}table{width:100%;border-collapse:collapse;font-size:13px}',
  'th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #d0d7de;white-space:nowrap}td.m{white-space:normal;overflow-wrap:anywhere}',
  '.g{display:grid;grid-template-columns:repeat(auto-fill,minmax(96px,1fr));gap:6px;margin:0;padding:0;list-style:none}',
  '.g img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:4px;display:block}.g span{font-size:11px}',
  '.f{margin-top:6px;font-size:11px}',
  '@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}a{color:#58a6ff}.n,.f,.t{color:#8b949e}',
  '.s{background:#30363d}th,td{border-color:#30363d}.on{background:#033a16;color:#7ee787}.live{background:#67060c;color:#ffa198}}',
].join('');

/**
 * The embed pages' Content-Security-Policy beside frame-ancestors: no script of any kind, this one
 * stylesheet (by its hash), images from this site only, nothing else loaded, no forms.
 */
export const EMBED_POLICY: Record<string, string> = {
  'default-src': "'none'",
  'script-src': "'none'",
  'style-src': `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  'img-src': "'self'",
  'media-src': "'none'",
  'font-src': "'none'",
  'connect-src': "'none'",
  'frame-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
};

/** The station an embed is about: its owner's public profile in brief. */
export interface EmbedStation {
  callsign: string;
  name: string;
  profileImageName: string;
}

/** Where the embed's links go: the site's own pages, carrying the referral id of whoever embedded it. */
export interface EmbedLinks {
  refId: string;
}

const e = escapeXml;
const media = (fileName: string) => `/media/${encodeURIComponent(fileName)}`;
const withRef = (path: string, links: EmbedLinks) => (links.refId ? `${path}?ref_id=${encodeURIComponent(links.refId)}` : path);
const out = (href: string, text: string, className = '') =>
  `<a href="${e(href)}" target="_blank" rel="noopener"${className ? ` class="${className}"` : ''}>${text}</a>`;

/** MHz with at least three decimals and no trailing zeros beyond them: 14074000 → '14.074', 7127500 → '7.1275'. */
export function embedMhz(hz: number): string {
  return formatMhz(hz).replace(/(\.\d{3}\d*?)0+$/, '$1');
}

function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function document(title: string, body: string, refreshSeconds?: number): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `${refresh}<title>${e(title)}</title><style>${CSS}</style></head><body><main class="e">${body}</main></body></html>`
  );
}

function header(station: EmbedStation, links: EmbedLinks, extra = ''): string {
  const avatar =
    station.profileImageName && station.profileImageName !== MISSING_PROFILE_IMAGE
      ? `<img src="${e(media(station.profileImageName))}" alt="" width="36" height="36">`
      : '';
  const profile = withRef(`/${encodeURIComponent(station.callsign)}`, links);
  const name = station.name.trim() ? `<span class="n">${e(clip(station.name, 60))}</span>` : '';
  return `<div class="h">${avatar}${out(profile, e(station.callsign), 'c')}${name}${extra}</div>`;
}

function footer(station: EmbedStation, links: EmbedLinks): string {
  return `<div class="f">${out(withRef(`/${encodeURIComponent(station.callsign)}`, links), `${e(station.callsign)} on ${PRODUCT_NAME}`)}</div>`;
}

function page(what: string, station: EmbedStation, links: EmbedLinks, content: string, options: { badge?: string; refresh?: number } = {}): string {
  return document(`${station.callsign} · ${what} · ${PRODUCT_NAME}`, `${header(station, links, options.badge)}${content}${footer(station, links)}`, options.refresh);
}

/** /active-embed/1/{callsign}: on a frequency, live, online, or when last seen. Reloads itself as often as it may be cached. */
export function liveBannerPage(station: EmbedStation, card: FeedUserCard, rig: LiveRig | null, lastSeenAt: string | null, now: Date, links: EmbedLinks): string {
  let badge: string;
  let line: string;
  const onFrequency = card.contesting ? e(EMBED_CONTESTING) : card.freq !== null && rig ? `${e(embedMhz(rig.freqHz))} MHz ${e(card.mode)}` : e(card.mode);
  if (card.is_live) {
    badge = '<span class="s live">LIVE</span>';
    line = card.on_freq ? onFrequency : 'Streaming now';
  } else if (card.on_freq) {
    badge = '<span class="s on">ON AIR</span>';
    line = onFrequency;
  } else {
    badge = card.is_online ? '<span class="s">ONLINE</span>' : '<span class="s">OFF AIR</span>';
    const times = [lastSeenAt, rig?.at ?? null].filter((t): t is string => t !== null).sort();
    const last = times[times.length - 1];
    line = last ? `<span class="t">Last seen ${e(humanTimeSince(last, now))}</span>` : '<span class="t">Not on the air</span>';
  }
  return page('Live', station, links, `<div class="q">${line}</div>`, { badge, refresh: EMBED_MAX_AGE_SECONDS });
}

/** /embed/1/last/{callsign}: the rig's last frequency and mode, whenever reported (hidden while contesting). */
export function lastFrequencyPage(station: EmbedStation, rig: LiveRig | null, now: Date, links: EmbedLinks): string {
  let content: string;
  if (!rig || rig.freqHz <= 0) content = `<p class="t">${e(EMBED_NO_RIG)}</p>`;
  else {
    const band = bandForHz(rig.freqHz);
    const frequency = isContestingOpMode(rig.opMode ?? 0)
      ? e(EMBED_CONTESTING)
      : `${e(embedMhz(rig.freqHz))} MHz${band ? ` <span class="n">${e(band)}</span>` : ''}`;
    content = `<div class="q">${frequency} ${e(rig.mode)}</div><div class="t">Reported ${e(humanTimeSince(rig.at, now))} (${e(utcMinute(rig.at))} UTC)</div>`;
  }
  return page('Last frequency', station, links, content);
}

/** /embed/1/photos/{callsign}: the newest photos' thumbnails, each opening the full picture. */
export function photosPage(station: EmbedStation, photos: Photo[], links: EmbedLinks): string {
  const content = photos.length
    ? `<ul class="g">${photos
        .map((p) => `<li>${out(media(p.profile_image_name), `<img src="${e(media(p.thumbnail_name))}" alt="Photo by ${e(station.callsign)}" loading="lazy">`)}</li>`)
        .join('')}</ul>`
    : `<p class="t">${e(EMBED_NO_PHOTOS)}</p>`;
  return page('Photos', station, links, content);
}

export interface EmbedQso {
  qdoId: string;
  fields: QsoFields;
}

/** /embed/1/{callsign}: the newest QSOs; a contest QSO's frequency is not shown (as in the public feeds). */
export function logsPage(station: EmbedStation, qsos: EmbedQso[], links: EmbedLinks): string {
  if (qsos.length === 0) return page('Logs', station, links, `<p class="t">${e(EMBED_NO_QSOS)}</p>`);
  const rows = qsos.map(({ qdoId, fields: f }) => {
    const freq = isContestQso(f.contestName) || f.freqHz <= 0 ? '' : embedMhz(f.freqHz);
    const mode = f.subMode || f.mode;
    return (
      `<tr><td>${e(utcMinute(f.ts))}</td><td>${out(`/qso/${encodeURIComponent(qdoId)}`, e(f.call))}</td>` +
      `<td>${e(f.band)}</td><td>${e(freq)}</td><td>${e(mode)}</td><td>${e(clip(f.country, 30))}</td><td class="m">${e(clip(f.comment, 80))}</td></tr>`
    );
  });
  const table =
    '<div class="w"><table><thead><tr><th>UTC</th><th>Call</th><th>Band</th><th>MHz</th><th>Mode</th><th>Country</th><th>Comment</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table></div>`;
  return page('Logs', station, links, table);
}

/** /embed/sstv/1/{callsign}: the last SSTV images attached to the station's QSOs. */
export function sstvPage(station: EmbedStation, images: StationSstvImage[], links: EmbedLinks): string {
  const content = images.length
    ? `<ul class="g">${images
        .map(
          (image) =>
            `<li>${out(`/qso/${encodeURIComponent(image.qdoId)}`, `<img src="${e(media(image.fileName))}" alt="SSTV image from ${e(image.call)}" loading="lazy">`)}` +
            `<span class="t">${e(image.call)} · ${e(utcMinute(image.ts))}</span></li>`,
        )
        .join('')}</ul>`
    : `<p class="t">${e(EMBED_NO_SSTV)}</p>`;
  return page('SSTV', station, links, content);
}

/** An unknown callsign: still a page that shows inside a frame. */
export function notFoundPage(callsign: string): string {
  return document(`${callsign} · ${PRODUCT_NAME}`, `<p>${e(EMBED_STATION_NOT_FOUND)}</p><p class="t">${e(clip(callsign, 30))}</p>`);
}
