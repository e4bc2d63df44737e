// The header's dark mode toggle (see src/site/theme.ts): shown only with JavaScript; it sets data-theme on <html>,
// which site.css reads, and remembers the choice.
const THEME_KEY = 'benchsite-theme';
const button = document.getElementById('theme-toggle') as HTMLButtonElement | null;

if (button) {
  const root = document.documentElement;
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
  const isDark = () => (root.dataset.theme ? root.dataset.theme === 'dark' : systemDark.matches);
  const show = () => button.setAttribute('aria-pressed', String(isDark()));
  button.hidden = false;
  show();
  systemDark.addEventListener('change', show);
  button.addEventListener('click', () => {
    const next = isDark() ? 'light' : 'dark';
    root.dataset.theme = next;
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // storage refused (private mode): the choice lasts for this page only
    }
    show();
  });
}
