// validation.html's colour theme: the one chosen with the app's theme toggle, which the app
// keeps in localStorage as "warpsight-theme" (src/ui/browser.rs, set_theme); without a choice,
// the page's CSS follows the system. A file, not an inline script: the app's
// Content-Security-Policy allows scripts from its own origin only.
(function () {
  function apply() {
    var theme = null;
    try {
      theme = localStorage.getItem('warpsight-theme');
    } catch (e) {
      // Storage blocked: follow the system.
    }
    if (theme === 'dark' || theme === 'light') {
      document.documentElement.setAttribute('data-theme', theme);
    } else {
      document.documentElement.removeAttribute('data-theme');
    }
  }
  apply();
  // A choice made in the app's tab applies here at once.
  window.addEventListener('storage', function (e) {
    if (e.key === null || e.key === 'warpsight-theme') apply();
  });
})();
