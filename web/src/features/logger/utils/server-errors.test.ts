import { describe, expect, it } from 'vitest';
import { formErrorsFrom } from './server-errors';

describe('server field errors', () => {
  it('puts the first message of each field under the form field', () => {
    const out = formErrorsFrom({
      Call: ['Callsign must be between 3 and 20 characters', 'second'],
      Freq: ['Freq is not in an amateur band'],
      TS: ['TS must not be more than a day in the future'],
      SubMode: ['SubMode must be a sub-mode of the chosen Mode, or empty'],
      qso_duration: ['qso_duration must be a whole number of seconds, 0 or more'],
    });
    expect(out.fields).toEqual({
      call: 'Callsign must be between 3 and 20 characters',
      freq: 'Freq is not in an amateur band',
      time: 'TS must not be more than a day in the future',
      mode: 'SubMode must be a sub-mode of the chosen Mode, or empty',
    });
    expect(out.others).toEqual(['qso_duration must be a whole number of seconds, 0 or more']);
    expect(formErrorsFrom(undefined)).toEqual({ fields: {}, others: [] });
  });
});
