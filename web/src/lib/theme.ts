import { atom, useAtom } from 'jotai';
import { STORAGE_KEYS } from '../config/app';
import { readStored, writeStored } from './storage';

function storedDarkMode(): boolean {
  return readStored(STORAGE_KEYS.darkMode) === 'true';
}

/** Put the `dark` class on <html>; the CSS variables follow it. */
function applyDarkMode(on: boolean): void {
  document.documentElement.classList.toggle('dark', on);
  document.documentElement.style.colorScheme = on ? 'dark' : 'light';
}

/** Call once before the first render so the page does not flash light. */
export function applyStoredDarkMode(): void {
  applyDarkMode(storedDarkMode());
}

const baseDarkModeAtom = atom(storedDarkMode());

/** The Dark Mode switch: remembered in localStorage, applied to <html> at once. */
export const darkModeAtom = atom(
  (get) => get(baseDarkModeAtom),
  (_get, set, on: boolean) => {
    writeStored(STORAGE_KEYS.darkMode, on ? 'true' : 'false');
    applyDarkMode(on);
    set(baseDarkModeAtom, on);
  },
);

export function useDarkMode(): [boolean, (on: boolean) => void] {
  return useAtom(darkModeAtom);
}
