/**
 * The QSL card of a QSO as SVG, 1200 × 630 (the size link previews show best). Every text from
 * the QSO is escaped and clipped, so a callsign or comment can neither break the markup nor the layout.
 */
import { formatMhz, type Qso } from '@hamlog/domain';
import { clip, escapeXml } from './xml-text';

export const QSL_CARD_WIDTH = 1200;
export const QSL_CARD_HEIGHT = 630;

const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif";

const t = (value: string, max: number) => escapeXml(clip(value, max));

/** The sub-mode when there is one (FT4 rather than MFSK): what the operators call the mode. */
const modeLabel = (mode: string, subMode: string) => subMode || mode;

function mhz(freqKhz: number): string {
  const hz = Math.round(freqKhz * 1000);
  return Number.isSafeInteger(hz) && hz >= 0 ? formatMhz(hz) : '';
}

/** A callsign as big as fits the card's width. */
function callsignSize(call: string): number {
  return Math.min(150, Math.floor(1080 / Math.max(1, call.length * 0.64)));
}

export function qslCardSvg(qso: Qso, productName = 'HamLog'): string {
  const station = qso.station_callsign || '—';
  const date = qso.TS.slice(0, 10);
  const time = qso.TS.slice(11, 16);
  const cells: [string, string][] = [
    ['Date (UTC)', date],
    ['Time (UTC)', time],
    ['Band', qso.Band],
    ['MHz', mhz(qso.Freq)],
    ['Mode', modeLabel(qso.Mode, qso.SubMode)],
    ['RST sent', qso.SNT],
  ];
  const cellWidth = 1080 / cells.length;
  const table = cells
    .map(([label, value], i) => {
      const x = 60 + i * cellWidth + cellWidth / 2;
      return `<text x="${x}" y="400" class="label">${escapeXml(label)}</text><text x="${x}" y="448" class="value">${t(value || '—', 11)}</text>`;
    })
    .join('');
  const where = [qso.country, qso.GridSquare].filter((s) => s && s.trim()).join(' · ');
  const to = `To Radio ${qso.Call}${qso.Name ? ` (${qso.Name})` : ''}`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${QSL_CARD_WIDTH}" height="${QSL_CARD_HEIGHT}" viewBox="0 0 ${QSL_CARD_WIDTH} ${QSL_CARD_HEIGHT}">
<style>
  text { font-family: ${FONT}; fill: #10223f; }
  .call { font-weight: 700; }
  .to { font-size: 44px; }
  .where { font-size: 30px; fill: #3a4a66; }
  .label { font-size: 22px; text-anchor: middle; fill: #5a6a86; }
  .value { font-size: 32px; font-weight: 700; text-anchor: middle; }
  .foot { font-size: 24px; fill: #5a6a86; }
</style>
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdfaf1"/><stop offset="1" stop-color="#e8eef8"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="18" y="18" width="${QSL_CARD_WIDTH - 36}" height="${QSL_CARD_HEIGHT - 36}" rx="22" fill="none" stroke="#1f4e99" stroke-width="6"/>
<text x="60" y="${60 + callsignSize(station) * 0.8}" class="call" font-size="${callsignSize(station)}">${t(station, 20)}</text>
<text x="60" y="262" class="to">${t(to, 48)}</text>
<text x="60" y="310" class="where">${t(where, 70)}</text>
<line x1="60" y1="350" x2="${QSL_CARD_WIDTH - 60}" y2="350" stroke="#1f4e99" stroke-width="2"/>
${table}
<line x1="60" y1="480" x2="${QSL_CARD_WIDTH - 60}" y2="480" stroke="#1f4e99" stroke-width="2"/>
<text x="60" y="535" class="foot">${t(qso.Comment ? `“${qso.Comment}”` : 'Thanks for the QSO, 73!', 80)}</text>
<text x="${QSL_CARD_WIDTH - 60}" y="585" class="foot" text-anchor="end">${escapeXml(productName)} · QSO ${t(qso.qdo_id, 24)}</text>
</svg>`;
}
