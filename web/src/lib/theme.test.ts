// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** theme.ts reads storage when it loads, as on a fresh page: import it anew each time. */
async function loadTheme() {
  vi.resetModules();
  return import('./theme');
}

describe('dark mode on load', () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = '';
  });

  it('is restored from storage before the first render', async () => {
    localStorage.setItem('darkMode', 'true');
    const { applyStoredDarkMode, darkModeAtom } = await loadTheme();
    applyStoredDarkMode();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    const { createStore } = await import('jotai');
    expect(createStore().get(darkModeAtom)).toBe(true);
  });

  it('stays light without a stored choice, or with a stored "false"', async () => {
    for (const stored of [null, 'false']) {
      if (stored !== null) localStorage.setItem('darkMode', stored);
      document.documentElement.classList.add('dark');
      const { applyStoredDarkMode, darkModeAtom } = await loadTheme();
      applyStoredDarkMode();
      expect(document.documentElement.classList.contains('dark')).toBe(false);
      expect(document.documentElement.style.colorScheme).toBe('light');
      const { createStore } = await import('jotai');
      expect(createStore().get(darkModeAtom)).toBe(false);
    }
  });
});
