/** Reading an ADIF record's fields: trimmed text, and values our fields cannot hold kept in extra as read. */

/** The field's value, trimmed; '' when absent. */
export function text(source: Record<string, string>, name: string): string {
  const value = source[name];
  return value === undefined ? '' : value.trim();
}

/** Keeps a value our fields cannot hold in extra, as read. */
export function keep(extra: Record<string, string>, source: Record<string, string>, name: string): void {
  const value = source[name];
  if (value !== undefined && value !== '') extra[name] = value;
}

/** A text field within its limit; a longer one is kept in extra and the field left empty. */
export function limited(extra: Record<string, string>, source: Record<string, string>, name: string, max: number): string {
  const value = text(source, name);
  if (value.length <= max) return value;
  keep(extra, source, name);
  return '';
}
