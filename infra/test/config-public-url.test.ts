import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config/config';

describe('PUBLIC_URL', () => {
  it('is read once for every absolute link (QSO pages, embed codes, Stripe returns): trimmed, without a trailing slash', () => {
    expect(readConfig({ PUBLIC_URL: ' https://hamlog.example/ ' }).publicUrl).toBe('https://hamlog.example');
    expect(readConfig({ PUBLIC_URL: 'https://hamlog.example//' }).publicUrl).toBe('https://hamlog.example');
    expect(readConfig({ PUBLIC_URL: '  ' }).publicUrl).toBeUndefined();
    expect(readConfig({}).publicUrl).toBeUndefined();
  });
});
