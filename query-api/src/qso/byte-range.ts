const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The single byte range a Range header asks for: null for the whole file (no header, one we do not
 * read, or several ranges), 'unsatisfiable' when it lies outside the file.
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? RANGE.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && Number(to) === 0) return 'unsatisfiable';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}
