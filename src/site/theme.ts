// Dark mode: the pages follow the reader's system setting (`prefers-color-scheme`, in site.css); the toggle in
// the header overrides it and remembers the choice. This script runs in <head>, before the page is drawn, so a
// remembered choice never flashes the other scheme; it is inline, allowed by its hash (Base.astro adds it to the
// page's Content-Security-Policy). Without JavaScript the system setting applies and the toggle stays hidden.
import { createHash } from 'node:crypto';

const THEME_KEY = 'benchsite-theme';
export const THEME_SCRIPT = `try{var t=localStorage.getItem('${THEME_KEY}');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch(e){}`;
export const THEME_SCRIPT_HASH = `sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}` as const;
