import { describe, expect, it } from 'vitest';
import { normalisedApiPath } from '../src/http/cloudlog';
import { pathWithoutKey } from '../src/http/key-in-path';

describe('the API path an app meant', () => {
  it('drops /index.php, doubled and trailing slashes', () => {
    expect(normalisedApiPath('/index.php/api/qso')).toBe('/api/qso');
    expect(normalisedApiPath('//index.php//api//qso/')).toBe('/api/qso');
    expect(normalisedApiPath('/index.php/api/qso/true/')).toBe('/api/qso/true');
    expect(normalisedApiPath('/api/radio//')).toBe('/api/radio');
    expect(normalisedApiPath('//api/auth/KEY')).toBe('/api/auth/KEY');
    expect(normalisedApiPath('/index.php/api')).toBe('/api');
  });

  it('leaves paths already as meant, and every path outside the API, alone', () => {
    for (const path of ['/api/qso', '/api/', '/api', '/', '/index.php', '/index.php/dashboard', '//evil.example/x', '/W1AW/', '/apiary', '/index.php/apiary']) {
      expect(normalisedApiPath(path), path).toBeNull();
    }
  });
});

describe('paths in the logs', () => {
  it('keep no API key', () => {
    expect(pathWithoutKey('/auth/0123abcd')).toBe('/auth/***');
    expect(pathWithoutKey('/api/station_info/0123abcd')).toBe('/api/station_info/***');
    expect(pathWithoutKey('/statistics/k/extra')).toBe('/statistics/***/extra');
    expect(pathWithoutKey('/vuser')).toBe('/vuser');
    expect(pathWithoutKey('/qso/true')).toBe('/qso/true');
  });
});
