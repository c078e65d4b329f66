import { describe, expect, it } from 'vitest';
import { QRZ_IMPORT_DAYS, qrzImportWindow } from '../src/qrz/import-window';

describe('qrzImportWindow (the QRZ import covers the last 2 weeks)', () => {
  it('is 14 days back to today, as UTC dates', () => {
    expect(QRZ_IMPORT_DAYS).toBe(14);
    expect(qrzImportWindow(new Date('2026-11-23T15:42:00Z'))).toEqual({ from: '2026-11-09', to: '2026-11-23' });
  });

  it('takes the UTC day, not the local one, across month and year ends', () => {
    expect(qrzImportWindow(new Date('2027-01-05T00:00:00Z'))).toEqual({ from: '2026-12-22', to: '2027-01-05' });
    expect(qrzImportWindow(new Date('2026-03-01T23:59:59.999Z'))).toEqual({ from: '2026-02-15', to: '2026-03-01' });
  });
});
