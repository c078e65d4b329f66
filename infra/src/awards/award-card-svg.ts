/**
 * An award as an SVG certificate, 1200 × 800. Every text is escaped and clipped, so a callsign
 * can neither break the markup nor the layout.
 */
import { clip, escapeXml } from '../qsl/xml-text';

export const AWARD_CARD_WIDTH = 1200;
export const AWARD_CARD_HEIGHT = 800;

export interface AwardCard {
  /** 'Most CW QSOs of the day'. */
  name: string;
  /** 'CW': on the medal. */
  shortName: string;
  callsign: string;
  /** '42 QSOs', '17 DXCC entities'. */
  countText: string;
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
  /** A provisional award may still change: the card says so. */
  final: boolean;
}

const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif";
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const t = (value: string, max: number) => escapeXml(clip(value, max));

/** '31 January 2025'. */
function longDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** A callsign as big as fits beside the medal. */
function callsignSize(call: string): number {
  return Math.min(140, Math.floor(1000 / Math.max(1, [...call].length * 0.64)));
}

export function awardCardSvg(card: AwardCard, productName = 'HamLog'): string {
  const W = AWARD_CARD_WIDTH;
  const H = AWARD_CARD_HEIGHT;
  const medalSize = Math.min(60, Math.floor(140 / Math.max(1, [...card.shortName].length * 0.64)));
  const size = callsignSize(card.callsign);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<style>
  text { font-family: ${FONT}; fill: #10223f; text-anchor: middle; }
  .head { font-size: 34px; letter-spacing: 6px; fill: #8a6d1d; }
  .name { font-size: 52px; font-weight: 700; }
  .call { font-weight: 700; }
  .count { font-size: 44px; }
  .date { font-size: 32px; fill: #3a4a66; }
  .medal { font-weight: 700; fill: #5b4200; }
  .note { font-size: 22px; fill: #9a3412; }
</style>
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf0"/><stop offset="1" stop-color="#f2ead3"/></linearGradient>
  <radialGradient id="gold" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.6" stop-color="#f2c94c"/><stop offset="1" stop-color="#b8860b"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="20" y="20" width="${W - 40}" height="${H - 40}" rx="24" fill="none" stroke="#b8860b" stroke-width="8"/>
<rect x="40" y="40" width="${W - 80}" height="${H - 80}" rx="16" fill="none" stroke="#b8860b" stroke-width="2"/>
<text x="${W / 2}" y="120" class="head">${escapeXml(productName.toUpperCase())} AWARD</text>
<text x="${W / 2}" y="205" class="name">${t(card.name, 34)}</text>
<circle cx="${W / 2}" cy="340" r="95" fill="url(#gold)" stroke="#8a6d1d" stroke-width="6"/>
<text x="${W / 2}" y="${340 + medalSize * 0.36}" class="medal" font-size="${medalSize}">${t(card.shortName, 8)}</text>
<text x="${W / 2}" y="${470 + size * 0.72}" class="call" font-size="${size}">${t(card.callsign, 20)}</text>
<text x="${W / 2}" y="636" class="count">${t(card.countText, 40)}</text>
<text x="${W / 2}" y="690" class="date">${t(longDate(card.day), 30)} (UTC)</text>
${card.final ? '' : `<text x="${W / 2}" y="${H - 60}" class="note">Provisional until the 48-hour upload window closes</text>`}
</svg>`;
}
