/** Half of a UTF-16 surrogate pair without its other half (matched by code unit: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that PostgreSQL (and any UTF-8 store) can keep: no NUL character and no lone surrogate
 * (JSON can spell both, e.g. "\u0000" and "\ud800").
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}
