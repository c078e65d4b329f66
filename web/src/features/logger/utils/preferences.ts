/**
 * The logger's locally stored preferences (spec section 3, under the spec's key names): what stays
 * the same from one contact to the next (frequency, mode, power, operating mode, CAT link). The
 * contact being typed (callsign, name, reports, comment) is stored apart: in-progress-contact.ts.
 */
import { mhzToKhz } from '../../../utils/frequency';
import { sanitizeFreq, sanitizePower } from './fields';
import { chooseMode, isListedMode, valueForMode, type ModeChoice } from './modes';
import { parseOpMode } from './op-modes';

export const PREFERENCE_KEYS = {
  power: 'power',
  mode: 'mode',
  subMode: 'SubMode',
  selectedMode: 'selected_mode',
  freq: 'freq',
  catLinkEnabled: 'cat_link_enabled',
  opMode: 'op_mode',
  lastQso: 'last_qso',
  averageQsoDuration: 'average_qso_duration',
  durations: 'list_of_qso_durations',
} as const;

/** sessionStorage: QSOs logged in this browser session (Reset Counters sets it to 0). */
export const SESSION_COUNT_KEY = 'session_qso_count';

export interface LoggerSettings {
  freq: string;
  mode: string;
  subMode: string;
  power: string;
  opMode: number;
}

export interface LoggerPreferences extends Partial<LoggerSettings> {
  catLinkEnabled?: boolean;
}

type Read = (key: string) => string | null;

function storedMode(read: Read): ModeChoice | null {
  const selected = read(PREFERENCE_KEYS.selectedMode);
  if (selected && isListedMode(selected)) return chooseMode(selected);
  const mode = read(PREFERENCE_KEYS.mode);
  if (!mode || !isListedMode(mode)) return null;
  const choice = chooseMode(mode);
  const sub = read(PREFERENCE_KEYS.subMode) ?? '';
  if (choice.subMode === '' && sub && isListedMode(sub) && chooseMode(sub).mode === choice.mode) return chooseMode(sub);
  return choice;
}

/** Whatever was stored and still makes sense; anything else is left to the defaults. */
export function readPreferences(read: Read): LoggerPreferences {
  const out: LoggerPreferences = {};
  const freq = sanitizeFreq(read(PREFERENCE_KEYS.freq) ?? '');
  const khz = mhzToKhz(freq);
  if (khz !== null && khz > 0) out.freq = freq;
  const mode = storedMode(read);
  if (mode) {
    out.mode = mode.mode;
    out.subMode = mode.subMode;
  }
  const power = read(PREFERENCE_KEYS.power);
  if (power !== null) out.power = sanitizePower(power);
  const opMode = parseOpMode(read(PREFERENCE_KEYS.opMode));
  if (opMode !== null) out.opMode = opMode;
  const cat = read(PREFERENCE_KEYS.catLinkEnabled);
  if (cat === 'true' || cat === '1') out.catLinkEnabled = true;
  else if (cat === 'false' || cat === '0') out.catLinkEnabled = false;
  return out;
}

/** The key/value pairs to store for the current settings. */
export function preferenceEntries(settings: LoggerSettings, catLinkEnabled: boolean): [string, string][] {
  return [
    [PREFERENCE_KEYS.freq, settings.freq],
    [PREFERENCE_KEYS.mode, settings.mode],
    [PREFERENCE_KEYS.subMode, settings.subMode],
    [PREFERENCE_KEYS.selectedMode, valueForMode(settings)],
    [PREFERENCE_KEYS.power, settings.power],
    [PREFERENCE_KEYS.opMode, String(settings.opMode)],
    [PREFERENCE_KEYS.catLinkEnabled, catLinkEnabled ? 'true' : 'false'],
  ];
}
