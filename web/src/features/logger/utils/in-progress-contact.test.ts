import { describe, expect, it } from 'vitest';
import { inProgressEntries, readInProgressContact } from './in-progress-contact';

const from = (values: Record<string, string>) => (key: string) => values[key] ?? null;

describe('the stored in-progress contact', () => {
  it('round-trips call, name, reports and comment under the specification keys', () => {
    const contact = { call: 'K1ABC', name: 'Joe', snt: '57', rcv: '55', comment: 'tnx for the call' };
    const stored = Object.fromEntries(inProgressEntries(contact)) as Record<string, string>;
    expect(stored).toEqual({ callsign: 'K1ABC', name: 'Joe', snt: '57', rcv: '55', comment: 'tnx for the call' });
    expect(readInProgressContact(from(stored))).toEqual(contact);
  });

  it('removes every key when there is no contact (a call shorter than 3)', () => {
    expect(inProgressEntries({ call: 'K1', name: 'Joe', snt: '59', rcv: '59', comment: 'x' })).toEqual([
      ['callsign', null], ['name', null], ['snt', null], ['rcv', null], ['comment', null],
    ]);
    expect(inProgressEntries({ call: '', name: '', snt: '599', rcv: '599', comment: '' }).every(([, v]) => v === null)).toBe(true);
  });

  it('restores nothing without a valid call, and normalises the stored call', () => {
    expect(readInProgressContact(from({ name: 'Joe', comment: 'orphan' }))).toBeNull();
    expect(readInProgressContact(from({ callsign: 'k1', name: 'Joe' }))).toBeNull();
    expect(readInProgressContact(from({ callsign: ' ea8/k1abc ' }))).toEqual({ call: 'EA8/K1ABC', name: '', snt: '', rcv: '', comment: '' });
  });
});
