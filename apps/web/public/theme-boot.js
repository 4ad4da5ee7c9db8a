// Applies the stored theme before the first paint, before any module runs (a classic, blocking
// script: the CSP forbids inline ones). Same rule as the app (shared/store/preferences.ts,
// shared/theme/theme-provider.tsx): `localStorage.theme` is 'light' or 'dark', anything else is
// the default, dark; `data-theme` on <html> drives global.css. Until that stylesheet is in, the
// page background is the theme's own colour, so no white or dark frame shows; afterwards it
// follows the stylesheet's --color-bg, also when the theme is switched.
/* global window, document */
(function () {
  var theme = 'dark';
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    // Storage blocked: the default theme.
  }
  var root = document.documentElement;
  root.setAttribute('data-theme', theme);
  root.style.backgroundColor =
    'var(--color-bg, ' + (theme === 'light' ? '#f5f7fa' : '#0b0e14') + ')';
})();
