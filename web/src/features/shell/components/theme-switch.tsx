import { useId } from 'react';
import { THEME_CHOICES, useTheme, type ThemeChoice } from '@/lib/theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System / Light / Dark for every visitor, in the header; remembered in this browser. */
export function ThemeSwitch() {
  const [theme, setTheme] = useTheme();
  const id = useId();
  return (
    <div className="theme-switch">
      <label htmlFor={id} className="theme-switch-label">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 4a8 8 0 0 1 0 16z" fill="currentColor" />
        </svg>
        <span className="sr-only">Theme</span>
      </label>
      <select id={id} value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {LABELS[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}
