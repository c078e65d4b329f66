import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirect } from './redirect';

describe('redirects', () => {
  it('follows only paths on this site', () => {
    expect(safeRedirect('/logs?page=2', '/')).toBe('/logs?page=2');
    expect(safeRedirect('//evil.example', '/')).toBe('/');
    expect(safeRedirect('https://evil.example', '/')).toBe('/');
    expect(safeRedirect('/\\evil.example', '/')).toBe('/');
    expect(safeRedirect(null, '/?login=success')).toBe('/?login=success');
  });

  it('builds the login URL with the full path', () => {
    expect(loginUrlFor('/logger/abc?x=1')).toBe('/login?redirect=%2Flogger%2Fabc%3Fx%3D1');
  });
});
