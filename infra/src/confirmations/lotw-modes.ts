/**
 * ADIF MODE/SUBMODE to the mode LoTW signs and matches, as TrustedQSL maps them (the <adifmap>
 * and <modes> of its config.xml, version 11.20 as shipped with Debian's trustedqsl 2.6.5). Only
 * the pairs whose LoTW mode differs from the ADIF MODE are listed; every other MODE is LoTW's own.
 */

const BY_SUBMODE: Record<string, string> = {
  'HELL/HFSK': 'HFSK',
  'MFSK/FST4': 'FST4',
  'MFSK/FT4': 'FT4',
  'MFSK/MFSK16': 'MFSK16',
  'MFSK/MFSK8': 'MFSK8',
  'MFSK/Q65': 'Q65',
  'PSK/BPSK125': 'PSK125',
  'PSK/BPSK31': 'PSK31',
  'PSK/BPSK63': 'PSK63',
  'PSK/FSK31': 'FSK31',
  'PSK/PSK10': 'PSK10',
  'PSK/PSK125': 'PSK125',
  'PSK/PSK31': 'PSK31',
  'PSK/PSK63': 'PSK63',
  'PSK/PSK63F': 'PSK63F',
  'PSK/PSKAM10': 'PSKAM',
  'PSK/PSKAM31': 'PSKAM',
  'PSK/PSKAM50': 'PSKAM',
  'PSK/PSKFEC31': 'PSKFEC31',
  'PSK/QPSK125': 'PSK125',
  'PSK/QPSK31': 'PSK31',
  'PSK/QPSK63': 'PSK63',
  'TOR/AMTORFEC': 'AMTOR',
  'TOR/GTOR': 'GTOR',
};

/** ADIF modes LoTW knows under another name (any submode not listed above). */
const BY_MODE: Record<string, string> = {
  CLO: 'CLOVER',
  MFSK: 'DATA',
  PAC: 'PACTOR',
  PKT: 'PACKET',
  PSK: 'DATA',
  THRB: 'THROB',
  TOR: 'AMTOR',
  V4: 'DATA',
};

const GROUPS: Record<string, 'CW' | 'PHONE' | 'IMAGE'> = {
  CW: 'CW',
  AM: 'PHONE',
  C4FM: 'PHONE',
  DIGITALVOICE: 'PHONE',
  DSTAR: 'PHONE',
  FM: 'PHONE',
  PHONE: 'PHONE',
  SSB: 'PHONE',
  ATV: 'IMAGE',
  FAX: 'IMAGE',
  IMAGE: 'IMAGE',
  SSTV: 'IMAGE',
};

/** The LoTW mode of an ADIF MODE (and SUBMODE), upper case. */
export function lotwMode(mode: string, submode?: string): string {
  const m = mode.trim().toUpperCase();
  const sub = submode?.trim().toUpperCase();
  return (sub ? BY_SUBMODE[`${m}/${sub}`] : undefined) ?? BY_MODE[m] ?? m;
}

/** LoTW's mode group (APP_LoTW_MODEGROUP) of a LoTW mode: CW, PHONE, IMAGE or DATA. */
export function lotwModeGroup(lotwModeName: string): 'CW' | 'PHONE' | 'IMAGE' | 'DATA' {
  return GROUPS[lotwModeName.toUpperCase()] ?? 'DATA';
}
