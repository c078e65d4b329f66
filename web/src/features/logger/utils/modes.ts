/**
 * The Mode dropdown. A flat list in the order shown; an option prefixed with dashes is a
 * sub-mode of the nearest parent listed above it (as in the ADIF mode table). Replace
 * MODE_OPTIONS with the full ADIF list and everything else follows.
 */
export const MODE_OPTIONS: readonly string[] = [
  'SSB',
  '-LSB',
  '-USB',
  'CW',
  'AM',
  'FM',
  'FT8',
  'FT4',
  'RTTY',
  'SSTV',
];

/** Quick buttons beside the dropdown. */
export const QUICK_MODES: readonly string[] = ['LSB', 'USB', 'CW', 'AM', 'FM'];

export const DEFAULT_MODE: ModeChoice = { mode: 'SSB', subMode: '' };

export interface ModeChoice {
  mode: string;
  subMode: string;
}

export interface ModeOption {
  /** The option's own name: 'LSB'. */
  name: string;
  /** The parent mode for a sub-mode, else null. */
  parent: string | null;
}

const DASHES = /^-+\s*/;

/** The list with each sub-mode resolved to its parent. */
export function parseModeOptions(options: readonly string[] = MODE_OPTIONS): ModeOption[] {
  const out: ModeOption[] = [];
  let parent: string | null = null;
  for (const raw of options) {
    const text = raw.trim();
    if (!text) continue;
    if (DASHES.test(text)) {
      out.push({ name: text.replace(DASHES, '').toUpperCase(), parent });
    } else {
      parent = text.toUpperCase();
      out.push({ name: parent, parent: null });
    }
  }
  return out;
}

/** The value the dropdown uses for an option: 'SSB' or 'SSB/LSB'. */
export function optionValue(option: ModeOption): string {
  return option.parent ? `${option.parent}/${option.name}` : option.name;
}

/**
 * Choosing an option: a parent sets Mode and clears SubMode; a sub-mode sets Mode to its
 * parent and SubMode to itself (LSB -> Mode SSB, SubMode LSB). Accepts a dropdown value
 * ('SSB/LSB') or a bare name ('LSB', for the quick buttons). Unknown names are taken as a
 * mode of their own.
 */
export function chooseMode(choice: string, options: readonly string[] = MODE_OPTIONS): ModeChoice {
  const wanted = choice.trim().toUpperCase();
  const parsed = parseModeOptions(options);
  const byValue = parsed.find((o) => optionValue(o) === wanted);
  const found = byValue ?? parsed.find((o) => o.name === wanted && o.parent === null) ?? parsed.find((o) => o.name === wanted);
  if (!found) return { mode: wanted, subMode: '' };
  return found.parent ? { mode: found.parent, subMode: found.name } : { mode: found.name, subMode: '' };
}

/** The dropdown value for a stored Mode/SubMode pair (for editing a QSO). */
export function valueForMode(choice: ModeChoice): string {
  const mode = choice.mode.trim().toUpperCase();
  const sub = choice.subMode.trim().toUpperCase();
  if (sub && sub !== mode) return `${mode}/${sub}`;
  return mode;
}

/**
 * The dropdown's entries; a stored mode missing from the list (from an import, say) is
 * added so that editing such a QSO does not change its mode.
 */
export function dropdownEntries(
  current: ModeChoice,
  options: readonly string[] = MODE_OPTIONS,
): { value: string; label: string; isSubMode: boolean }[] {
  const entries = parseModeOptions(options).map((o) => ({
    value: optionValue(o),
    label: o.name,
    isSubMode: o.parent !== null,
  }));
  const value = valueForMode(current);
  if (value && !entries.some((e) => e.value === value)) {
    entries.push({ value, label: current.subMode ? `${current.mode} (${current.subMode})` : current.mode, isSubMode: false });
  }
  return entries;
}
