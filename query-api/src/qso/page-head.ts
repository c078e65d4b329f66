/** Fills a page's <title> and link-preview meta into the client's index.html. */
import { escapeXml } from '@hamlog/infra/qsl/xml-text';

export interface PageHead {
  /** The browser tab's title. */
  title: string;
  /** The headline of a link preview. */
  previewTitle: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
  siteName: string;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/i;

/** Everything is escaped; replacements are functions, so a '$' the user typed stays a '$'. */
export function injectPageHead(html: string, head: PageHead): string {
  const title = `<title>${escapeXml(head.title)}</title>`;
  const description = `<meta name="description" content="${escapeXml(head.description)}" />`;
  const meta = (key: string, name: string, content: string) => `<meta ${key}="${name}" content="${escapeXml(content)}" />`;
  const added = [
    `<link rel="canonical" href="${escapeXml(head.url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:title', head.previewTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:width', String(head.imageWidth)),
    meta('property', 'og:image:height', String(head.imageHeight)),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.previewTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
  ];
  let out = html;
  if (TITLE.test(out)) out = out.replace(TITLE, () => title);
  else added.unshift(title);
  if (DESCRIPTION.test(out)) out = out.replace(DESCRIPTION, () => description);
  else added.unshift(description);
  return out.replace(/<\/head>/i, () => `  ${added.join('\n    ')}\n  </head>`);
}
