/** How a QSO introduces itself where it is shared: the page heading, title and a one-line description. */
import type { Qso } from '../api-types';
import { formatMhz } from '../frequency';

export interface QsoShareText {
  /** 'DL1ABC at 2025-06-01 18:30 UTC', as the QSO page's heading. */
  heading: string;
  /** 'W1AW worked DL1ABC on 20m FT8'. */
  title: string;
  description: string;
}

const MAX_DESCRIPTION = 200;

function mhz(freqKhz: number): string | null {
  const hz = Math.round(freqKhz * 1000);
  return Number.isSafeInteger(hz) && hz > 0 ? `${formatMhz(hz)} MHz` : null;
}

export function qsoShareText(qso: Qso): QsoShareText {
  const when = `${qso.TS.slice(0, 10)} ${qso.TS.slice(11, 16)} UTC`;
  const mode = qso.SubMode || qso.Mode;
  const on = [qso.Band, mode].filter(Boolean).join(' ');
  const station = qso.station_callsign || 'A station';
  const reports = qso.SNT || qso.RCV ? `RST ${qso.SNT || '—'}/${qso.RCV || '—'}` : '';
  const parts = [when, mhz(qso.Freq), reports, qso.country, qso.Name, qso.Comment ? `“${qso.Comment}”` : ''];
  const description = parts.filter((p): p is string => Boolean(p && p.trim())).join(' · ');
  return {
    heading: `${qso.Call} at ${when}`,
    title: `${station} worked ${qso.Call}${on ? ` on ${on}` : ''}`,
    description: [...description].length > MAX_DESCRIPTION ? `${[...description].slice(0, MAX_DESCRIPTION - 1).join('')}…` : description,
  };
}
