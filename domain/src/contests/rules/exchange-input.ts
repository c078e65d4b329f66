/**
 * A contest contact's exchange as the logger sends it to /vqso/upsert: the values the QSO keeps in
 * its own fields under their input names (RST as SNT/RCV, the received CQ zone as cq_zone ...), the
 * rest as ADIF fields. Pure, for the client; the server reads them back with exchange-adif.ts.
 */
import type { QsoInput } from '../../api-types';
import { exchangeToAdif } from './exchange-adif-names';
import type { ExchangeField } from './rules';

/** ADIF names a QSO holds in its own fields, and the logger's input name of each. */
const OWN_FIELDS: Readonly<Record<string, keyof QsoInput>> = {
  RST_SENT: 'SNT',
  RST_RCVD: 'RCV',
  CQZ: 'cq_zone',
  ITUZ: 'ZN',
  NAME: 'Name',
  GRIDSQUARE: 'GridSquare',
  TX_PWR: 'Power',
};

export interface ExchangeValues {
  sent: Readonly<Record<string, string>>;
  received: Readonly<Record<string, string>>;
}

export interface ExchangeFields {
  sent: readonly ExchangeField[];
  received: readonly ExchangeField[];
}

export type ExchangeQsoInput = Partial<Omit<QsoInput, 'adif'>> & { adif: Record<string, string> };

/** The exchange of a contact as /vqso/upsert input fields. */
export function exchangeQsoInput(fields: ExchangeFields, values: ExchangeValues): ExchangeQsoInput {
  const input: Partial<Record<keyof QsoInput, string>> = {};
  const adif: Record<string, string> = {};
  const all = { ...exchangeToAdif(fields.sent, values.sent, 'sent'), ...exchangeToAdif(fields.received, values.received, 'received') };
  for (const [name, value] of Object.entries(all)) {
    const own = OWN_FIELDS[name];
    if (own) input[own] = value;
    else adif[name] = value;
  }
  return { ...input, adif };
}
