// @vitest-environment jsdom
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../public/theme.js?raw';

/** theme.ts reads storage when it loads, as on a fresh page: import it anew each time. */
async function loadTheme() {
  vi.resetModules();
  return import('./theme');
}

/** public/theme.js, the script index.html runs before the first paint. */
function runBootScript(): void {
  new Function(bootScript)();
}

const html = () => document.documentElement;

describe('the theme', () => {
  afterEach(() => {
    localStorage.clear();
    html().removeAttribute('data-theme');
  });

  it('the boot script applies a stored Light or Dark before the app loads, and nothing for System', () => {
    for (const [stored, attribute] of [['dark', 'dark'], ['light', 'light'], [null, null], ['purple', null]] as const) {
      html().removeAttribute('data-theme');
      localStorage.clear();
      if (stored) localStorage.setItem('theme', stored);
      runBootScript();
      expect(html().getAttribute('data-theme'), String(stored)).toBe(attribute);
    }
    localStorage.clear();
    localStorage.setItem('darkMode', 'true'); // the former flag
    runBootScript();
    expect(html().getAttribute('data-theme')).toBe('dark');
  });

  it('the app reads the same choice, the former Dark Mode flag as Dark', async () => {
    for (const [key, value, choice] of [['theme', 'light', 'light'], ['theme', 'dark', 'dark'], ['darkMode', 'true', 'dark'], ['darkMode', 'false', 'system']] as const) {
      html().removeAttribute('data-theme');
      localStorage.clear();
      localStorage.setItem(key, value);
      runBootScript();
      const { themeAtom } = await loadTheme();
      expect(createStore().get(themeAtom), `${key}=${value}`).toBe(choice);
    }
    html().removeAttribute('data-theme');
    localStorage.clear();
    runBootScript();
    const { themeAtom } = await loadTheme();
    expect(createStore().get(themeAtom)).toBe('system');
  });

  it('a choice is applied at once and remembered; System forgets it', async () => {
    localStorage.setItem('darkMode', 'true');
    const { themeAtom } = await loadTheme();
    const store = createStore();
    store.set(themeAtom, 'light');
    expect(html().getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(localStorage.getItem('darkMode')).toBeNull();
    store.set(themeAtom, 'system');
    expect(html().hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem('theme')).toBeNull();
    expect(store.get(themeAtom)).toBe('system');
  });
});
