/**
 * One QSO line's values (what follows 'QSO:') read into a QSO, or why not in plain words. Where
 * the sent exchange ends and the received call stands, the contest's layout says when it is known;
 * without one, both exchanges are taken to be as long as each other, with or without a multi-two
 * transmitter id last, and the received call must look like one.
 */
import { CABRILLO_MODES, type CabrilloMode } from '../rules/rules';
import { cabrilloFreqBand } from './cabrillo-freq';
import type { CabrilloQso } from './cabrillo-log';

/** How many exchange values each side of a QSO line has. */
export interface CabrilloExchangeLayout {
  sent: number;
  received: number;
}

/** The split of the values after the sent call. */
interface Shape extends CabrilloExchangeLayout {
  transmitter: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3])[0-5]\d$/;
const TRANSMITTER = /^[01]$/;
/** freq, mode, date, time, sent call, received call. */
const FEWEST_VALUES = 6;

/** Letters, digits and '/', with at least one letter and one digit: 'N5KO', 'KA5WSS/VE3', '4U1ITU'. */
function looksLikeCallsign(text: string): boolean {
  return /^[A-Z0-9/]+$/i.test(text) && /[A-Z]/i.test(text) && /\d/.test(text);
}

function isDate(text: string): boolean {
  const at = new Date(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(at.getTime()) && at.toISOString().startsWith(text);
}

function isMode(text: string): text is CabrilloMode {
  return (CABRILLO_MODES as readonly string[]).includes(text);
}

function shapesFor(count: number, layout: CabrilloExchangeLayout | null): Shape[] {
  if (layout) return [false, true].map((transmitter) => ({ ...layout, transmitter }));
  return [false, true].flatMap((transmitter) => {
    const exchanges = count - 1 - (transmitter ? 1 : 0);
    return exchanges >= 0 && exchanges % 2 === 0 ? [{ sent: exchanges / 2, received: exchanges / 2, transmitter }] : [];
  });
}

const fits = (shape: Shape, rest: readonly string[]): boolean =>
  shape.sent + 1 + shape.received + (shape.transmitter ? 1 : 0) === rest.length && (!shape.transmitter || TRANSMITTER.test(rest.at(-1) ?? ''));

type Split = Pick<CabrilloQso, 'sent' | 'rcvdCall' | 'received' | 'transmitter'>;

/** The values after the sent call taken apart, or why they cannot be. */
function split(rest: readonly string[], layout: CabrilloExchangeLayout | null): Split | string {
  const fitting = shapesFor(rest.length, layout).filter((shape) => fits(shape, rest));
  const shape = fitting.find((candidate) => looksLikeCallsign(rest[candidate.sent] ?? ''));
  if (shape) {
    return {
      sent: rest.slice(0, shape.sent),
      rcvdCall: rest[shape.sent] ?? '',
      received: rest.slice(shape.sent + 1, shape.sent + 1 + shape.received),
      transmitter: shape.transmitter ? Number(rest.at(-1)) : null,
    };
  }
  const first = fitting[0];
  if (first) return `the received call ${rest[first.sent]} is not a callsign`;
  if (layout) {
    return `it has ${rest.length} values after the sent call where the contest has ${layout.sent} sent, the received call and ${layout.received} received`;
  }
  return `its sent and received exchanges differ in length (${rest.length} values after the sent call), so where the received call stands needs the contest's layout`;
}

/** The QSO, or the reason it cannot be read. */
export function readQsoLine(values: string, line: number, layout: CabrilloExchangeLayout | null): CabrilloQso | { problem: string } {
  const tokens = values.split(/\s+/).filter(Boolean);
  const [freq = '', modeText = '', date = '', time = '', sentCall = ''] = tokens;
  const mode = modeText.toUpperCase();
  if (tokens.length < FEWEST_VALUES) return { problem: `it has ${tokens.length} values where a QSO needs at least frequency, mode, date, time and both calls` };
  if (freq.toUpperCase() === 'LIGHT') return { problem: 'the band LIGHT has no ADIF band to log it on' };
  if (cabrilloFreqBand(freq) === null) return { problem: `the frequency ${freq} is neither kHz on an amateur band nor a Cabrillo band (50, 144, 432, 1.2G ...)` };
  if (!isMode(mode)) return { problem: `the mode ${modeText} is not one of ${CABRILLO_MODES.join(', ')}` };
  if (!isDate(date)) return { problem: `the date ${date} is not a date` };
  if (!TIME.test(time)) return { problem: `the time ${time} is not a time (HHMM, UTC)` };
  if (!looksLikeCallsign(sentCall)) return { problem: `the sent call ${sentCall} is not a callsign` };
  const rest = split(tokens.slice(5), layout);
  if (typeof rest === 'string') return { problem: rest };
  return { line, freq, mode, date, time, sentCall, ...rest };
}
