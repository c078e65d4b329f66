import { describe, expect, it } from 'vitest';
import { EMBED_CODES, embedPath, embedSnippet, embedUrl } from '../src/embeds/embed-codes';

describe('embed codes', () => {
  it('names the five pages of the specification, a portable callsign as one path segment', () => {
    expect(EMBED_CODES.map((code) => embedPath(code.kind, 'W1AW'))).toEqual([
      '/active-embed/1/W1AW',
      '/embed/1/last/W1AW',
      '/embed/1/photos/W1AW',
      '/embed/1/W1AW',
      '/embed/sstv/1/W1AW',
    ]);
    expect(embedPath('logs', 'EA8/W1AW/P')).toBe('/embed/1/EA8%2FW1AW%2FP');
  });

  it('builds an absolute address with the referral id, and a snippet with nothing to break out of its attributes', () => {
    expect(embedUrl('https://hamlog.example/', 'last', 'W1AW', 'u-1')).toBe('https://hamlog.example/embed/1/last/W1AW?ref_id=u-1');
    expect(embedUrl('https://hamlog.example', 'last', 'W1AW', '')).toBe('https://hamlog.example/embed/1/last/W1AW');
    const snippet = embedSnippet('https://hamlog.example', EMBED_CODES[3]!, 'W1AW', 'a"b&c');
    expect(snippet).toBe(
      '<iframe src="https://hamlog.example/embed/1/W1AW?ref_id=a%22b%26c" title="W1AW · Logs" width="100%" height="420" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
    expect(embedSnippet('https://x.example', EMBED_CODES[0]!, 'W1"AW', 'r')).toContain('title="W1&quot;AW · Live info banner"');
  });
});
