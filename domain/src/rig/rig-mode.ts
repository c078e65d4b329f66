/**
 * Rig mode names as CAT programs report them (hamlib, flrig, OmniRig, SmartSDR, Yaesu/Icom menus)
 * turned into ADIF mode or sub-mode names where the meaning is obvious: 'CWR' is CW, 'FMN' is FM,
 * 'RTTYR' is RTTY, 'DV' is D-STAR. The logger's CAT link sets its mode from this name.
 *
 * Data-over-sideband settings (PKTUSB, DATA-U, DIGU, USB-D ...) say nothing about which digital
 * mode is in use, so they become 'DATA', which is not an ADIF mode: reporting 'USB' would make the
 * logger switch an FT8 operator's mode to USB on every poll.
 */
export const RIG_MODE_MAX_LENGTH = 20;
/** What a data-over-sideband rig setting is reported as. */
export const RIG_DATA_MODE = 'DATA';

const ALIASES: Readonly<Record<string, string>> = {
  // Sideband
  ECSSUSB: 'USB', ECSSLSB: 'LSB', 'USB-N': 'USB', 'LSB-N': 'LSB',
  // CW, either sideband
  CWR: 'CW', 'CW-R': 'CW', 'CW-U': 'CW', 'CW-L': 'CW', CWU: 'CW', CWL: 'CW', 'CW-N': 'CW',
  // FM, narrow and wide
  FMN: 'FM', 'FM-N': 'FM', NFM: 'FM', WFM: 'FM', 'FM-W': 'FM', DFM: 'FM',
  // AM and its synchronous / double-sideband variants
  AMN: 'AM', 'AM-N': 'AM', AMS: 'AM', SAM: 'AM', SAL: 'AM', SAH: 'AM', DSB: 'AM',
  // RTTY, either shift
  RTTYR: 'RTTY', 'RTTY-R': 'RTTY', 'RTTY-L': 'RTTY', 'RTTY-U': 'RTTY', FSK: 'RTTY', FSKR: 'RTTY', 'FSK-R': 'RTTY',
  // Digital voice
  DV: 'DSTAR', 'D-STAR': 'DSTAR',
};

/** 'PKT' is ADIF's packet radio, but a rig reporting it means data-over-sideband. */
const DATA_SETTINGS = new Set([
  'DATA', 'PKT', 'PKTUSB', 'PKTLSB', 'PKTFM', 'PKT-U', 'PKT-L', 'PKT-FM',
  'DATA-U', 'DATA-L', 'DATA-FM', 'DATA-USB', 'DATA-LSB', 'DATA-AM',
  'USB-D', 'LSB-D', 'FM-D', 'AM-D', 'USBD', 'LSBD', 'FMD', 'D-U', 'D-L', 'DIGU', 'DIGL',
  'USB-DATA', 'LSB-DATA', 'FM-DATA', 'PSKUSB', 'PSKR',
]);

/** A rig's mode name as an ADIF mode or sub-mode ('CWR' → 'CW'); '' when none was reported. */
export function normaliseRigMode(raw: string): string {
  const mode = raw.trim().toUpperCase().replace(/\s+/g, '-');
  if (mode === '' || mode === 'NULL') return '';
  const alias = ALIASES[mode];
  if (alias !== undefined) return alias;
  if (DATA_SETTINGS.has(mode)) return RIG_DATA_MODE;
  // ADIF names (FT8, SSTV, C4FM ...) pass as they are; anything else is kept as the rig says it.
  return mode;
}
