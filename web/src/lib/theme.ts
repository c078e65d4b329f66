import { atom, useAtom } from 'jotai';
import { STORAGE_KEYS } from '../config/app';
import { writeStored } from './storage';
import { useMediaQuery } from './use-media-query';

/**
 * The colour theme: 'system' follows prefers-color-scheme (the CSS does that by itself, with
 * light-dark()); 'light' and 'dark' put data-theme on <html>. public/theme.js reads the stored
 * choice (with the former Dark Mode flag) and applies it before the first paint (an external
 * file: the CSP allows no inline script); this module starts from what it applied and only
 * applies changes.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

function appliedTheme(): ThemeChoice {
  const applied = globalThis.document?.documentElement.getAttribute('data-theme');
  return applied === 'light' || applied === 'dark' ? applied : 'system';
}

function applyTheme(choice: ThemeChoice): void {
  if (choice === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', choice);
}

const baseThemeAtom = atom<ThemeChoice>(appliedTheme());

/** The visitor's choice: remembered in localStorage, applied to <html> at once. */
export const themeAtom = atom(
  (get) => get(baseThemeAtom),
  (_get, set, choice: ThemeChoice) => {
    writeStored(STORAGE_KEYS.theme, choice === 'system' ? null : choice);
    writeStored(STORAGE_KEYS.legacyDarkMode, null);
    applyTheme(choice);
    set(baseThemeAtom, choice);
  },
);

export function useTheme(): [ThemeChoice, (choice: ThemeChoice) => void] {
  return useAtom(themeAtom);
}

/** The account menu's Dark Mode switch: on when the page is dark now; flipping it makes an explicit choice. */
export function useDarkMode(): [boolean, (on: boolean) => void] {
  const [choice, setChoice] = useTheme();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)');
  const dark = choice === 'dark' || (choice === 'system' && systemDark);
  return [dark, (on) => setChoice(on ? 'dark' : 'light')];
}
