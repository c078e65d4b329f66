/**
 * What the QR code on the settings screen holds, so that the mobile app can sign in by
 * scanning it: a JSON object
 *
 *   {"app":"hamlog","v":1,"server":"https://example.org","api":"https://example.org/api",
 *    "callsign":"PA3XYZ","api_key":"<the user's API key>"}
 *
 * `server` is the origin the page was served from, `api` the base of every API call, and
 * `api_key` the user's API key. The app signs in by sending it to `POST {api}/vapikeylogin`
 * ({"api_key": ...}), which answers {token, user, subscription} like /vlogin; the same key also
 * works for the companion apps' calls (/api/radio, /api/qso/{id}/recordings and /sstv). Issuing
 * a new API key makes an old QR code useless at once.
 *
 * A contract between the client, the mobile app and the API, so it lives here: the client
 * encodes it and the API's tests sign in with it.
 */
export interface MobileSignIn {
  app: 'hamlog';
  v: 1;
  server: string;
  api: string;
  callsign: string;
  api_key: string;
}

export function mobileSignIn(origin: string, callsign: string, apiKey: string): MobileSignIn {
  const server = origin.replace(/\/+$/, '');
  return { app: 'hamlog', v: 1, server, api: `${server}/api`, callsign, api_key: apiKey };
}

export function mobileSignInCode(origin: string, callsign: string, apiKey: string): string {
  return JSON.stringify(mobileSignIn(origin, callsign, apiKey));
}
