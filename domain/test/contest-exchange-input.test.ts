import { describe, expect, it } from 'vitest';
import { BUILT_IN_RULES, ARRL_DX_CW, IARU_HF } from '../src/contests/rules/built-in-rules';
import { entryFromQso } from '../src/contests/rules/exchange-adif';
import { exchangeQsoInput } from '../src/contests/rules/exchange-input';
import type { ExchangeField, ExchangeKind } from '../src/contests/rules/rules';
import { contestLocationOf, exchangeFieldsFor } from '../src/contests/rules/station';
import { editDetails } from '../src/qso/details';
import { normaliseQsoInput } from '../src/qso/normalise-input';
import type { QsoInput } from '../src/api-types';

/** A value of each kind as an operator types it. */
const TYPED: Record<ExchangeKind, string> = {
  rst: '579',
  serial: '123',
  'cq-zone': '14',
  'itu-zone': '28',
  'state-province': 'CT',
  name: 'JOHN',
  power: '100',
  grid: 'FN31',
  class: '2A',
  section: 'EMA',
  text: 'ABC',
};

const valuesOf = (fields: readonly ExchangeField[], bump = false): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.id, bump && /^\d+$/.test(TYPED[f.kind]) && f.kind !== 'rst' ? String(Number(TYPED[f.kind]) - 1) : TYPED[f.kind]]));

/** What the server does with /vqso/upsert's data (command-api's fieldsFrom): the fields, and the ADIF ones as details. */
function stored(input: QsoInput) {
  const result = normaliseQsoInput(input, new Date('2026-11-28T12:00:00Z'));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const details = editDetails(input.adif ?? {});
  if (!details.ok) throw new Error(JSON.stringify(details.errors));
  return { ...result.fields, details: details.details };
}

describe("the logger's contest exchange as /vqso/upsert input", () => {
  const me = 'W1AW';
  const them = 'DL1ABC';
  for (const rules of BUILT_IN_RULES) {
    it(`reads back as typed, both ways (${rules.cabrilloName})`, () => {
      const fields = { sent: exchangeFieldsFor(rules, contestLocationOf(me)), received: exchangeFieldsFor(rules, contestLocationOf(them)) };
      const values = { sent: valuesOf(fields.sent, true), received: valuesOf(fields.received) };
      const input = { Call: them, TS: '2026-11-28T10:00:00Z', Freq: '14025', Mode: 'CW', ...exchangeQsoInput(fields, values) };
      const entry = entryFromQso(rules, contestLocationOf(me), { id: 'q', fields: stored(input) });
      expect({ sent: entry.sent, received: entry.received }).toEqual(values);
    });
  }

  it('keeps RST, the CQ and ITU zones and power in the QSO’s own fields, the rest as ADIF', () => {
    const iaru = { sent: exchangeFieldsFor(IARU_HF, contestLocationOf(me)), received: exchangeFieldsFor(IARU_HF, contestLocationOf(them)) };
    expect(exchangeQsoInput(iaru, { sent: { rst: '599', zone: '8' }, received: { rst: '599', zone: '28' } })).toEqual({ SNT: '599', RCV: '599', ZN: '28', adif: { MY_ITU_ZONE: '8' } });
    // A headquarters station sends its society, not a zone: it goes with the exchange text.
    expect(exchangeQsoInput(iaru, { sent: {}, received: { rst: '599', zone: 'darc' } })).toEqual({ RCV: '599', adif: { SRX_STRING: 'DARC' } });
    // ARRL DX: a DX station sends its power, 'KW' as often as a number.
    const dx = { sent: exchangeFieldsFor(ARRL_DX_CW, contestLocationOf(me)), received: exchangeFieldsFor(ARRL_DX_CW, contestLocationOf(them)) };
    expect(exchangeQsoInput(dx, { sent: { rst: '599', state: 'ct' }, received: { rst: '599', power: 'KW' } })).toEqual({ SNT: '599', RCV: '599', adif: { MY_STATE: 'CT', SRX_STRING: 'KW' } });
    const kw = { Call: them, TS: '2026-11-28T10:00:00Z', Freq: '14025', Mode: 'CW', ...exchangeQsoInput(dx, { sent: { state: 'CT' }, received: { power: 'KW' } }) };
    // The report not given is the mode's default, as in any QSO.
    expect(entryFromQso(ARRL_DX_CW, contestLocationOf(me), { id: 'q', fields: stored(kw) }).received).toEqual({ rst: '599', power: 'KW' });
  });
});
