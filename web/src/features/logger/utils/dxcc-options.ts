/** The DXCC dropdown: entries shown as name plus the 3-digit zero-padded ADIF number. */
import type { DxccEntityOption } from '../../../types/api';

export interface DxccEntry {
  adif: number;
  label: string;
}

/** 'United States 291', 'Fed. Rep. of Germany 230', 'Canada 001'. */
export function dxccLabel(name: string, adif: number): string {
  return `${name.trim()} ${String(adif).padStart(3, '0')}`;
}

/** Entries by name, each ADIF number once (the server de-duplicates too). */
export function dxccEntries(list: readonly DxccEntityOption[]): DxccEntry[] {
  const seen = new Set<number>();
  const out: DxccEntry[] = [];
  for (const e of list) {
    if (!Number.isSafeInteger(e.adif) || e.adif <= 0 || seen.has(e.adif)) continue;
    seen.add(e.adif);
    out.push({ adif: e.adif, label: dxccLabel(e.name, e.adif) });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

/** The entries with the chosen entity added when the list lacks it (the list failed to load). */
export function withChosen(entries: readonly DxccEntry[], chosen: number | null, name: string): DxccEntry[] {
  if (chosen === null || chosen <= 0 || entries.some((e) => e.adif === chosen)) return [...entries];
  return [{ adif: chosen, label: dxccLabel(name || 'DXCC', chosen) }, ...entries];
}

/** A select's value as an entity number; '' (the placeholder) is none. */
export function parseDxcc(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}
