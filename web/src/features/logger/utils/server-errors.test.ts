import { describe, expect, it } from 'vitest';
import { formErrorsFrom } from './server-errors';

describe('server field errors', () => {
  it('puts the first message of each field under the form field', () => {
    const out = formErrorsFrom({
      Call: ['Callsign must be between 3 and 20 characters', 'second'],
      Freq: ['That frequency is not in an amateur band.'],
      TS: ["The contact's time cannot be more than a day in the future."],
      SubMode: ['That sub-mode does not belong to the chosen mode.'],
      qso_duration: ["The contact's duration must be a whole number of seconds."],
    });
    expect(out.fields).toEqual({
      call: 'Callsign must be between 3 and 20 characters',
      freq: 'That frequency is not in an amateur band.',
      time: "The contact's time cannot be more than a day in the future.",
      mode: 'That sub-mode does not belong to the chosen mode.',
    });
    expect(out.others).toEqual(["The contact's duration must be a whole number of seconds."]);
    expect(formErrorsFrom(undefined)).toEqual({ fields: {}, others: [] });
  });
});
