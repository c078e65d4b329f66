import { describe, expect, it } from 'vitest';
import { injectPageHead, type PageHead } from '../src/qso/page-head';

const head: PageHead = {
  title: 'DL1ABC at 2025-06-01 18:30 UTC · HamLog',
  previewTitle: 'W1AW worked DL1ABC',
  description: 'costs $& and $1 <b>',
  url: 'https://h.example/qso/1',
  image: 'https://h.example/qsl/1',
  imageWidth: 1200,
  imageHeight: 630,
  siteName: 'HamLog',
};

describe('page head injection', () => {
  it('replaces the title and description in place and adds the preview tags before </head>', () => {
    const html = '<html><head><meta name="description" content="old" /><title>HamLog</title></head><body></body></html>';
    const out = injectPageHead(html, head);
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out).toContain('<title>DL1ABC at 2025-06-01 18:30 UTC · HamLog</title>');
    expect(out).toContain('<meta name="description" content="costs $&amp; and $1 &lt;b&gt;" />');
    expect(out).not.toContain('content="old"');
    expect(out).toContain('<meta property="og:image" content="https://h.example/qsl/1" />');
    expect(out.indexOf('og:image')).toBeLessThan(out.indexOf('</head>'));
    expect(out.endsWith('<body></body></html>')).toBe(true);
  });

  it('adds a title and description where the page has none', () => {
    const out = injectPageHead('<head></head>', head);
    expect(out).toContain('<title>');
    expect(out).toContain('<meta name="description"');
  });
});
