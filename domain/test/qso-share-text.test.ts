import { describe, expect, it } from 'vitest';
import type { Qso } from '../src/api-types';
import { qsoFieldsToApi } from '../src/qso/fields';
import { qsoShareText } from '../src/qso/share-text';
import { sampleFields } from './support/qso-fixtures';

const qso = (over: Partial<Qso> = {}): Qso => ({ ...qsoFieldsToApi('q1', 'W1AW', sampleFields()), ...over });

describe('how a shared QSO introduces itself', () => {
  it('heads with call at UTC minute and titles with who worked whom on what', () => {
    const text = qsoShareText(qso());
    expect(text.heading).toBe('DL1ABC at 2025-06-01 18:30 UTC');
    expect(text.title).toBe('W1AW worked DL1ABC on 20m FT4');
    expect(text.description).toBe('2025-06-01 18:30 UTC · 14.074123 MHz · RST -10/-12 · Fed. Rep. of Germany · Hans · “tnx”');
  });

  it('leaves out what is empty and keeps the description short', () => {
    const text = qsoShareText(qso({ SNT: '', RCV: '', Name: '', Comment: 'x'.repeat(400), SubMode: '' }));
    expect(text.title).toBe('W1AW worked DL1ABC on 20m MFSK');
    expect(text.description).not.toContain('RST');
    expect([...text.description]).toHaveLength(200);
    expect(text.description.endsWith('…')).toBe(true);
  });
});
