import { describe, expect, it } from 'vitest';
import { catLabel, rigAvailable, rigFollow } from './cat-link';

const rig = (freq: number, mode: string, op_mode = 2, rig_name = 'IC-7300') => ({ freq, mode, op_mode, rig_name });

describe('CAT link', () => {
  it('is available only when the rig reports a frequency above 0', () => {
    expect(rigAvailable(rig(14074, 'USB'))).toBe(true);
    expect(rigAvailable(rig(0, 'USB'))).toBe(false);
    expect(rigAvailable(null)).toBe(false);
    expect(catLabel(rig(14074, 'USB'))).toBe('Use CAT link to IC-7300');
    expect(catLabel(rig(14074, 'USB', 2, ' '))).toBe('Use CAT link to your rig');
    expect(catLabel(rig(0, 'USB'))).toBeNull();
  });

  it('follows frequency always, mode and operating mode only for the listed modes', () => {
    expect(rigFollow(rig(14074, 'usb', 8))).toEqual({ freq: '14.074', mode: 'USB', opMode: 8 });
    expect(rigFollow(rig(7030.5, 'CW', 1))).toEqual({ freq: '7.0305', mode: 'CW', opMode: 1 });
    expect(rigFollow(rig(3573, 'DIGU', 2))).toEqual({ freq: '3.573' });
    expect(rigFollow(rig(145500, 'FM', 2))).toEqual({ freq: '145.500' });
    expect(rigFollow(rig(14074, 'FT8', 0))).toEqual({ freq: '14.074', mode: 'FT8' });
    expect(rigFollow(rig(0, 'USB'))).toBeNull();
  });
});
