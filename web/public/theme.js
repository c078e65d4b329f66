// Applies the visitor's stored theme choice (System / Light / Dark) to <html> before the first
// paint. An external file, not an inline script, so the Content-Security-Policy needs no
// 'unsafe-inline'. Without a stored choice the CSS follows prefers-color-scheme by itself.
// The one reading of the stored choice: web/src/lib/theme.ts starts from the data-theme set here
// (and writes the same keys, STORAGE_KEYS.theme and .legacyDarkMode).
/* global document */
(function () {
  try {
    var stored = localStorage.getItem('theme');
    if (stored === null && localStorage.getItem('darkMode') === 'true') stored = 'dark';
    if (stored === 'light' || stored === 'dark') document.documentElement.setAttribute('data-theme', stored);
  } catch {
    // storage disabled: the system setting applies
  }
})();
