import { describe, expect, it } from 'vitest';
import { detailSections } from './detail-sections';

describe('the QSO page detail sections', () => {
  it("shows a service's refusal with its reason, unless the service has confirmed since", () => {
    const [section] = detailSections(undefined, [{ service: 'qrz', reason: 'QRZ refused the QSO: invalid band', at: '2026-11-28T10:00:00Z' }]);
    expect(section?.group).toBe('confirmations');
    expect(section?.services.find((s) => s.service === 'qrz')).toEqual({ service: 'qrz', state: 'rejected', reason: 'QRZ refused the QSO: invalid band' });
    expect(section?.services.find((s) => s.service === 'lotw')?.state).toBe('not-sent');
    const confirmed = detailSections({ QRZCOM_QSO_DOWNLOAD_STATUS: 'Y' }, [{ service: 'qrz', reason: 'old', at: '2026-11-28T10:00:00Z' }]);
    expect(confirmed[0]?.services.find((s) => s.service === 'qrz')?.state).toBe('confirmed');
    expect(detailSections(undefined, [])).toEqual([]);
  });
});
