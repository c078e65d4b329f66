/**
 * Where each exchange kind lives in ADIF, received and sent (SRX/STX, SRX_STRING/STX_STRING, CQZ,
 * ITUZ, STATE, CLASS, ARRL_SECT ...), the fields N1MM and WSJT-X write. Pure: the logger's contest
 * mode writes a contact's exchange with it, and the server reads stored QSOs back with it
 * (exchange-adif.ts).
 */
import type { ExchangeField, ExchangeKind } from './rules';

/** ADIF field names of an exchange kind: what the other station sent (received) and what we sent. */
export const EXCHANGE_ADIF_FIELDS: Readonly<Record<ExchangeKind, { received: string; sent: string }>> = {
  rst: { received: 'RST_RCVD', sent: 'RST_SENT' },
  serial: { received: 'SRX', sent: 'STX' },
  'cq-zone': { received: 'CQZ', sent: 'MY_CQ_ZONE' },
  'itu-zone': { received: 'ITUZ', sent: 'MY_ITU_ZONE' },
  'state-province': { received: 'STATE', sent: 'MY_STATE' },
  name: { received: 'NAME', sent: 'MY_NAME' },
  power: { received: 'RX_PWR', sent: 'TX_PWR' },
  grid: { received: 'GRIDSQUARE', sent: 'MY_GRIDSQUARE' },
  // ADIF names the received Field Day class only; the sent one goes where free exchange text goes.
  class: { received: 'CLASS', sent: 'STX_STRING' },
  section: { received: 'ARRL_SECT', sent: 'MY_ARRL_SECT' },
  text: { received: 'SRX_STRING', sent: 'STX_STRING' },
};

/** The kinds ADIF keeps as numbers, and what a number there looks like. */
const NUMBERS: Partial<Record<ExchangeKind, RegExp>> = {
  serial: /^\d+$/,
  'cq-zone': /^\d+$/,
  'itu-zone': /^\d+$/,
  power: /^\d+(\.\d+)?$/,
};

/**
 * The ADIF field an exchange value is kept in: one that is not a number where ADIF keeps a number
 * (an HQ station's society for an ITU zone, 'KW' for a power) goes with the exchange text.
 */
export function adifNameOf(field: ExchangeField, side: 'received' | 'sent', value: string): string {
  const number = NUMBERS[field.kind];
  if (number && value !== '' && !number.test(value)) return EXCHANGE_ADIF_FIELDS.text[side];
  return EXCHANGE_ADIF_FIELDS[field.kind][side];
}

/** An exchange as ADIF fields (name → value), empty values left out; values for the same field are joined by a space. */
export function exchangeToAdif(fields: readonly ExchangeField[], values: Readonly<Record<string, string>>, side: 'received' | 'sent'): Record<string, string> {
  const adif: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.id]?.trim().toUpperCase() ?? '';
    if (value === '') continue;
    const name = adifNameOf(field, side, value);
    adif[name] = adif[name] ? `${adif[name]} ${value}` : value;
  }
  return adif;
}
