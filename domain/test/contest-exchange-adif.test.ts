import { describe, expect, it } from 'vitest';
import { ARRL_DX_CW, ARRL_FIELD_DAY, CQ_WW_CW, IARU_HF, CQ_WPX_CW } from '../src/contests/rules/built-in-rules';
import { cabrilloModeOf, entryFromQso, exchangeToAdif } from '../src/contests/rules/exchange-adif';
import { scoreContestLog } from '../src/contests/rules/scorer';
import { exchangeFieldsFor, contestLocationOf } from '../src/contests/rules/station';
import type { QsoFields } from '../src/qso/fields';
import { qsoFields } from '../src/testing/qso-fields';

const fields = (overrides: Partial<QsoFields>): QsoFields => qsoFields({ contestName: 'CQ-WW-CW', ...overrides });

const DL = contestLocationOf('DL1ABC');

describe('a contest exchange in ADIF fields', () => {
  it('writes each kind to its ADIF field, received and sent', () => {
    const cqww = exchangeFieldsFor(CQ_WW_CW, DL);
    expect(exchangeToAdif(cqww, { rst: '599', zone: '14' }, 'sent')).toEqual({ RST_SENT: '599', MY_CQ_ZONE: '14' });
    expect(exchangeToAdif(cqww, { rst: '599', zone: '5' }, 'received')).toEqual({ RST_RCVD: '599', CQZ: '5' });
    const wpx = exchangeFieldsFor(CQ_WPX_CW, DL);
    expect(exchangeToAdif(wpx, { rst: '599', serial: '001' }, 'received')).toEqual({ RST_RCVD: '599', SRX: '001' });
    const iaru = exchangeFieldsFor(IARU_HF, DL);
    expect(exchangeToAdif(iaru, { rst: '599', zone: 'darc' }, 'received')).toEqual({ RST_RCVD: '599', SRX_STRING: 'DARC' });
    const fd = exchangeFieldsFor(ARRL_FIELD_DAY, DL);
    expect(exchangeToAdif(fd, { class: '2A', section: 'CT' }, 'received')).toEqual({ CLASS: '2A', ARRL_SECT: 'CT' });
  });

  it('reads a stored QSO back into the entry the scorer takes', () => {
    const entry = entryFromQso(CQ_WW_CW, DL, { id: 'q1', fields: fields({ cqZone: 5, extra: { MY_CQ_ZONE: '14' } }) });
    expect(entry).toEqual({ id: 'q1', at: Date.UTC(2025, 10, 29, 12), band: '20m', mode: 'CW', freqKhz: 14025, call: 'K1ABC', sent: { rst: '599', zone: '14' }, received: { rst: '599', zone: '5' } });
  });

  it("reads a logger's exchange string when the fields of their own are empty (WSJT-X, N1MM)", () => {
    const fd = entryFromQso(ARRL_FIELD_DAY, contestLocationOf('W1AW'), { id: 'q2', fields: fields({ mode: 'FT8', details: { SRX_STRING: '2a ct' } }) });
    expect(fd.received).toEqual({ class: '2A', section: 'CT' });
    expect(fd.mode).toBe('DG');
    const own = entryFromQso(ARRL_FIELD_DAY, contestLocationOf('W1AW'), { id: 'q3', fields: fields({ details: { SRX_STRING: '2A CT' }, extra: { CLASS: '3A', ARRL_SECT: 'EMA' } }) });
    expect(own.received).toEqual({ class: '3A', section: 'EMA' });
  });

  it('scores stored QSOs of an ARRL DX W station the same as the entries logged', () => {
    const k1 = contestLocationOf('K1ABC');
    const stored = [
      fields({ call: 'DL1ABC', dxcc: 230, continent: 'EU', details: { RX_PWR: '100' }, extra: { MY_STATE: 'CT' } }),
      fields({ call: 'F5ABC', dxcc: 227, continent: 'EU', ts: '2025-11-29T12:01:00Z', details: { RX_PWR: '400' } }),
      fields({ call: 'W6XYZ', ts: '2025-11-29T12:02:00Z', details: { STATE: 'CA' } }),
    ];
    const entries = stored.map((f, i) => entryFromQso(ARRL_DX_CW, k1, { id: `q${i}`, fields: f }));
    expect(entries[0]!.received).toEqual({ rst: '599', power: '100' });
    expect(entries[2]!.received).toEqual({ rst: '599', state: 'CA' });
    const { score } = scoreContestLog(ARRL_DX_CW, { call: 'K1ABC' }, entries);
    expect([score.qsos, score.points, score.multiplierTotal, score.score]).toEqual([2, 6, 2, 12]);
  });

  it("maps ADIF modes to Cabrillo's", () => {
    expect(['CW', 'SSB', 'FM', 'AM', 'RTTY', 'FT8', 'PSK'].map(cabrilloModeOf)).toEqual(['CW', 'PH', 'FM', 'PH', 'RY', 'DG', 'DG']);
  });
});
