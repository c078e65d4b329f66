import { describe, expect, it } from 'vitest';
import * as m from '../src/messages';
import { validateProfileForm } from '../src/user/profile-form';

/** Wording a person should never be shown: a framework's field template or a raw field name. */
const RAW_WORDING = [
  / field (is required|must|format|confirmation)/,
  /has already been taken/,
  /^(TS|Freq|Mode|SubMode|SNT|RCV|dxcc|cq_zone|LAT|LON|GridSquare|radio_mode|qso_duration|qso_origin|IsRunQSO|ContestName|country|Continent) (must|may|is)\b/,
  /\b(qth|my callsign|profile bio|rig name override)\b/,
];

/** Answers about the API's own plumbing (ids a client sends), never produced by the app's screens. */
const API_ONLY = new Set(['MESSAGE_RECIPIENT_REQUIRED', 'MESSAGE_ID_INVALID', 'PHOTO_ID_REQUIRED', 'FOLLOW_USER_REQUIRED', 'FOLLOW_LEVEL_INVALID', 'PROFILE_CALLSIGN_REQUIRED', 'API_KEY_LOGIN_REQUIRED', 'CONTEST_ID_REQUIRED']);

describe('messages are written for people', () => {
  it('no message a person can see uses field-template wording or a raw field name', () => {
    const texts = Object.entries(m).filter(([name, value]) => typeof value === 'string' && !API_ONLY.has(name));
    expect(texts.length).toBeGreaterThan(100);
    for (const [name, text] of texts) for (const raw of RAW_WORDING) expect(text, name).not.toMatch(raw);
  });

  it("says what the issue's three examples should say", () => {
    expect(m.MY_CALLSIGN_TAKEN).toBe('That callsign is already registered. If it is yours, you can claim it.');
    expect(m.TS_IN_FUTURE).toBe("The contact's time cannot be more than a day in the future.");
    const form = validateProfileForm({ name: 'Hans', email: 'hans@example.com', grid: 'JO22', qth: '' }, { isSubAccount: false });
    expect(form.ok ? null : form.errors.qth).toEqual(['Please enter your QTH (your location).']);
  });

  it('names settings fields as the form does', () => {
    const form = validateProfileForm(
      { name: 'Hans', email: 'hans@example.com', grid: 'JO22', qth: 'Delft', profile_bio: 'x'.repeat(1001), facebook_link: 'not a link at all', is_swl: 'maybe' },
      { isSubAccount: false },
    );
    expect(form.ok ? null : form.errors).toEqual({
      profile_bio: ['The bio can be at most 1000 characters.'],
      facebook_link: ['The Facebook link must be a web address, like https://example.com/you.'],
      is_swl: ['The SWL setting must be on or off.'],
    });
  });
});
