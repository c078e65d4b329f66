import { decodeHtmlEntities } from '../qrz/qrz-logbook-client';

/** The readable text of an HTML page: scripts, comments and tags dropped, entities decoded, one line per block. */
export function pageText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|td|th|h\d|title|table)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ');
  return decodeHtmlEntities(text)
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n\s*/g, '\n')
    .trim();
}
