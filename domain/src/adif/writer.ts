/**
 * ADIF 3.1.6 (ADI) writer. Lengths count characters (Unicode code points), as ADIF says for ADI
 * and as Wavelog and Cloudlog read them; UTF-8 files. Every value is followed by a line break, so a
 * reader that counts bytes instead still finds the next tag (our reader tells the two apart).
 */

export interface AdifHeaderOptions {
  programId?: string;
  programVersion?: string;
  createdAt?: Date;
}

const SURROGATE = /[\ud800-\udbff]/;

/** The ADIF length of a value: code points (a character outside the BMP counts once). */
export function adifLength(value: string): number {
  if (!SURROGATE.test(value)) return value.length;
  let count = 0;
  for (const _ of value) count++;
  return count;
}

function field(name: string, value: string): string {
  return `<${name}:${adifLength(value)}>${value}\n`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** 'YYYYMMDD HHMMSS' in UTC, as CREATED_TIMESTAMP wants it. */
function createdTimestamp(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`
  );
}

/** The file's header, ending '<EOH>\n'. It begins with text, so no reader takes it for a record. */
export function writeAdifHeader(options: AdifHeaderOptions = {}): string {
  const programId = options.programId ?? 'HamLog';
  let out = `ADIF export from ${programId}\n`;
  out += field('ADIF_VER', '3.1.6');
  out += field('PROGRAMID', programId);
  if (options.programVersion) out += field('PROGRAMVERSION', options.programVersion);
  out += field('CREATED_TIMESTAMP', createdTimestamp(options.createdAt ?? new Date()));
  return `${out}<EOH>\n\n`;
}

/** '<NAME:LENGTH>' strings, kept for the usual names and short lengths. */
const tags = new Map<string, string[]>();

function tag(name: string, length: number): string {
  let byLength = tags.get(name);
  if (byLength === undefined) {
    if (tags.size >= 2048) return `<${name}:${length}>`;
    byLength = [];
    tags.set(name, byLength);
  }
  let text = byLength[length];
  if (text === undefined) {
    text = `<${name}:${length}>`;
    if (length < 256) byLength[length] = text;
  }
  return text;
}

/** One record, ending '<EOR>\n'; empty values are left out (ADIF: no data). */
export function writeAdifRecord(fields: Record<string, string>): string {
  let out = '';
  for (const name in fields) {
    const value = fields[name];
    if (value === undefined || value === '') continue;
    out += tag(name, adifLength(value));
    out += value;
    out += '\n';
  }
  out += '<EOR>\n';
  // One flat string rather than a tree of pieces: cheaper to keep, join and encode by the thousand.
  out.charCodeAt(0);
  return out;
}
