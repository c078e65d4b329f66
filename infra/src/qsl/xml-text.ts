/** escapeXml lives in the domain (the embed snippets the browser builds use it too). */
export { escapeXml } from '@hamlog/domain/xml-text';

/** At most `max` characters (by code point), with an ellipsis when cut. */
export function clip(value: string, max: number): string {
  const chars = [...value.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
