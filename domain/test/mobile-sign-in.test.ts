import { describe, expect, it } from 'vitest';
import { mobileSignIn, mobileSignInCode } from '../src/user/mobile-sign-in';

describe('the settings QR code (mobile sign-in)', () => {
  it('holds the app, the version, the server and its API base, the callsign and the API key', () => {
    expect(JSON.parse(mobileSignInCode('https://hamlog.example', 'PA3XYZ', 'k3y'))).toEqual({
      app: 'hamlog',
      v: 1,
      server: 'https://hamlog.example',
      api: 'https://hamlog.example/api',
      callsign: 'PA3XYZ',
      api_key: 'k3y',
    });
  });

  it('takes the origin with or without trailing slashes', () => {
    expect(mobileSignIn('http://127.0.0.1:8080//', 'W1AW', 'k')).toMatchObject({ server: 'http://127.0.0.1:8080', api: 'http://127.0.0.1:8080/api' });
  });
});
