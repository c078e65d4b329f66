import { describe, expect, it } from 'vitest';
import { QSO_DETAIL_FIELDS } from '@hamlog/domain/qso/details';
import { testQso } from '@/testing/app-test-kit';
import { EDIT_FIELDS, EDIT_SECTIONS } from './edit-fields';
import { editErrorsFrom, editOutcome, editValues, FREQ_MHZ_INVALID, TIME_REQUIRED } from './edit-values';

const qso = testQso({ TS: '2025-06-01T18:30:12Z', Freq: 14074.5, LAT: null, cq_zone: 5, adif: { LOTW_QSLSDATE: '20261101', IOTA: 'NA-046', PROP_MODE: 'F2' } });

describe("the 'Edit all fields' form's values", () => {
  it('has every detail of the catalogue once, after the logger fields, in the page sections', () => {
    expect(EDIT_SECTIONS.map((s) => s.label)).toEqual(['Contact', 'Confirmations', 'Location and references', 'Station', 'Contest and notes']);
    const names = EDIT_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(EDIT_FIELDS.filter((f) => f.detail).map((f) => f.name).sort()).toEqual(QSO_DETAIL_FIELDS.map((f) => f.name).sort());
    const notes = EDIT_FIELDS.find((f) => f.name === 'NOTES');
    expect(notes?.control).toBe('textarea');
    expect(EDIT_FIELDS.find((f) => f.name === 'LOTW_QSL_RCVD')?.options?.slice(0, 2)).toEqual([{ value: '', label: '—' }, { value: 'Y', label: 'Yes (Y)' }]);
    expect(EDIT_FIELDS.find((f) => f.name === 'QSLRDATE')?.control).toBe('date');
  });

  it('starts from the QSO: time to the second, MHz, dates as YYYY-MM-DD, blanks for what it lacks', () => {
    const values = editValues(qso);
    expect(values).toMatchObject({ Call: 'W1AW', TS: '2025-06-01T18:30:12', Freq: '14.0745', LAT: '', cq_zone: '5', dxcc: '291' });
    expect(values).toMatchObject({ LOTW_QSLSDATE: '2026-11-01', IOTA: 'NA-046', PROP_MODE: 'F2', STATE: '', NOTES: '' });
  });

  it('sends nothing when nothing changed (a time without its :00 seconds is the same time)', () => {
    const initial = editValues(testQso({ TS: '2025-06-01T18:30:00Z' }));
    expect(editOutcome('q-1', initial, { ...initial, TS: '2025-06-01T18:30', Name: `${initial.Name} ` })).toEqual({ kind: 'unchanged' });
  });

  it('sends only what changed, details in adif (dates as typed, a cleared one as empty)', () => {
    const initial = editValues(qso);
    const values = { ...initial, Name: 'Hank', Freq: '7.1', TS: '2025-06-02T01:02:03', STATE: 'ma ', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '2026-11-20', IOTA: '' };
    expect(editOutcome('q-1', initial, values)).toEqual({
      kind: 'changes',
      request: { qdo_id: 'q-1', TS: '2025-06-02T01:02:03Z', Freq: 7100, Name: 'Hank', adif: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '2026-11-20', IOTA: '', STATE: 'ma' } },
    });
  });

  it('refuses a frequency that is no MHz, a cleared time and a cleared call before asking the server', () => {
    const initial = editValues(qso);
    expect(editOutcome('q-1', initial, { ...initial, Freq: '14,07x', TS: '', Call: ' ' })).toEqual({
      kind: 'invalid',
      errors: { Freq: FREQ_MHZ_INVALID, TS: TIME_REQUIRED, Call: 'Callsign is required' },
    });
  });

  it("places the server's messages under their fields by API or ADIF name, in any case", () => {
    expect(editErrorsFrom({ Call: ['bad call'], submode: ['bad sub-mode'], STATE: ['too long', 'second'], adif: ['not an object'], IsRunQSO: ['no'] })).toEqual({
      fields: { Call: 'bad call', SubMode: 'bad sub-mode', STATE: 'too long' },
      others: ['not an object', 'no'],
    });
  });
});
