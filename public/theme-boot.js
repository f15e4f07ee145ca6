/* global window, document */
// Runs before the first paint (a classic script in <head>, allowed by the page's CSP
// as 'self'): a theme chosen with the header's switch is on <html> before the app loads.
// The key and the values are src/app/theme/theme-store.ts's; the app keeps it in step after.
try {
  var theme = window.localStorage.getItem('mcpscope.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch (e) {
  // Storage disabled: the system's theme, which the CSS follows by itself.
}
