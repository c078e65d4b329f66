/**
 * SOTA chaser points (SOTA General Rules, chasers): each summit worked scores its points once per
 * UTC day, whoever activated it. The points are SOTA's, per summit, from its summit list
 * (summitslist.csv, published by SOTA), which also says from when to when a summit counts.
 */

/** The award keys of the summits chased per UTC day ('SOTA_DAY|W7W/CH-007 2025-03-01'): not an award of their own, the points' input. */
export const SOTA_CHASES = 'SOTA_DAY';

/** A summit chased on a UTC day, as the SOTA_CHASES key's value: 'W7W/CH-007 2025-03-01'. */
export function sotaChase(summit: string, day: string): string {
  return `${summit.toUpperCase()} ${day}`;
}

export interface SotaSummit {
  points: number;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  validTo: string;
}

/** Summits by their code in capitals ('W7W/CH-007'). */
export type SotaSummitList = ReadonlyMap<string, readonly SotaSummit[]>;

/** One CSV line's fields: commas inside double quotes stay, "" is a quote. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** SOTA's dates are DD/MM/YYYY. */
function isoDate(text: string | undefined): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec((text ?? '').trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/**
 * SOTA's summitslist.csv: a title line ('SOTA Summits List (Date=…)'), the header (SummitCode, …,
 * Points, BonusPoints, ValidFrom, ValidTo, …), then a summit a line. Lines it cannot read are
 * skipped; a list without the columns it needs is refused.
 */
export function parseSotaSummits(text: string): SotaSummitList {
  const lines = text.split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.startsWith('SummitCode,'));
  if (headerAt < 0) throw new Error('not a SOTA summit list: no SummitCode header');
  const header = csvFields(lines[headerAt]!);
  const column = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`not a SOTA summit list: no ${name} column`);
    return at;
  };
  const [code, points, from, to] = [column('SummitCode'), column('Points'), column('ValidFrom'), column('ValidTo')];
  const summits = new Map<string, SotaSummit[]>();
  for (const line of lines.slice(headerAt + 1)) {
    if (line.trim() === '') continue;
    const fields = csvFields(line);
    const summit = fields[code]?.trim().toUpperCase();
    const value = Number(fields[points]);
    const validFrom = isoDate(fields[from]);
    const validTo = isoDate(fields[to]);
    if (!summit || !Number.isInteger(value) || value < 0 || !validFrom || !validTo) continue;
    summits.set(summit, [...(summits.get(summit) ?? []), { points: value, validFrom, validTo }]);
  }
  return summits;
}

export interface SotaChaserPoints {
  points: number;
  /** Summit-days that scored nothing: a summit not in the list, or not valid on that day. */
  unscored: number;
}

/** The points of the summits chased, each `sotaChase` value once (the read model's SOTA_CHASES values). */
export function sotaChaserPoints(chases: readonly string[], list: SotaSummitList): SotaChaserPoints {
  let points = 0;
  let unscored = 0;
  for (const chase of chases) {
    const space = chase.lastIndexOf(' ');
    const summit = chase.slice(0, space).toUpperCase();
    const day = chase.slice(space + 1);
    const valid = list.get(summit)?.find((s) => s.validFrom <= day && day <= s.validTo);
    if (valid) points += valid.points;
    else unscored += 1;
  }
  return { points, unscored };
}
