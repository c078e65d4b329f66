/**
 * GAbbI, the ADIF-like text of a TrustedQSL .tq8: `<NAME:length>value` or `<NAME:length:type>value`
 * fields, records opened by `<Rec_Type:n>tCERT|tSTATION|tCONTACT` and closed by `<eor>`, lengths in
 * bytes (TrustedQSL counts with strlen). Text between fields (line breaks) is not data.
 */

export interface GabbiRecord {
  type: string;
  /** UPPER-CASE names to values, as written (a signature's line breaks included). */
  fields: Record<string, string>;
}

export interface GabbiFile {
  /** The TQSL_IDENT line's value ('' when missing). */
  ident: string;
  records: GabbiRecord[];
}

/** One field: `<NAME:length>value`, or `<NAME:length:type>value` with a data type (TrustedQSL's '6' for a signature). */
export function gabbiField(name: string, value: string, type?: string): string {
  return `<${name}:${Buffer.byteLength(value, 'utf8')}${type ? `:${type}` : ''}>${value}`;
}

/** Reads a .tq8's text; null when a field's length runs past the end or the file has no record. */
export function readGabbi(text: string): GabbiFile | null {
  const bytes = Buffer.from(text, 'utf8');
  // One character per byte, so positions in it are byte offsets.
  const source = bytes.toString('latin1');
  const tag = /<([A-Za-z0-9_.]+)(?::(\d+)(?::[A-Za-z0-9])?)?>/g;
  let ident = '';
  const records: GabbiRecord[] = [];
  let current: GabbiRecord | null = null;
  let at = 0;
  for (;;) {
    tag.lastIndex = at;
    const match = tag.exec(source);
    if (!match) break;
    const name = match[1]!.toUpperCase();
    const length = match[2] === undefined ? 0 : Number(match[2]);
    const start = match.index + match[0].length;
    if (start + length > bytes.length) return null;
    const value = bytes.subarray(start, start + length).toString('utf8');
    at = start + length;
    if (name === 'EOR') {
      if (current) records.push(current);
      current = null;
    } else if (name === 'TQSL_IDENT') {
      ident = value;
    } else if (name === 'REC_TYPE') {
      current = { type: value, fields: {} };
    } else if (current) {
      current.fields[name] = value;
    }
  }
  return records.length > 0 ? { ident, records } : null;
}
