// The theme, set on <html> before the first paint: a classic script loaded in <head> ahead of the
// styles, since the CSP allows no inline script. localStorage `theme` holds the choice (light, dark
// or system; system when unset); data-theme and color-scheme hold the theme it comes to. Under
// system it follows the device as it changes, and every open tab follows a choice made in another.
// The switches in the headers (src/lib/theme.ts) apply a choice the same way.
(function () {
  var root = document.documentElement;
  var dark = window.matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var choice = null;
    try {
      choice = localStorage.getItem('theme');
    } catch {
      // Storage may be refused (privacy settings): the device decides.
    }
    var theme = choice === 'light' || choice === 'dark' ? choice : dark.matches ? 'dark' : 'light';
    root.setAttribute('data-theme', theme);
    root.style.colorScheme = theme;
  }
  apply();
  dark.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === 'theme' || event.key === null) apply();
  });
})();
