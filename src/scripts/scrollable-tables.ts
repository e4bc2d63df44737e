// A table wider than the page scrolls in its `.table-wrap` (a docs page's code block in its `pre`): such a box gets
// into the keyboard's tab order (and a name), so it can be scrolled without a mouse. Boxes that fit stay out of it. Tables drawn later (the index's
// search, the compare view) are handled as they appear. Without JavaScript, browsers that make scrolling boxes
// focusable themselves (Chromium, Firefox) do so.
function mark(): void {
  for (const box of document.querySelectorAll<HTMLElement>('.table-wrap, .doc pre')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute('tabindex')) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      const caption = box.querySelector('caption')?.textContent?.trim();
      const what = box.tagName === 'PRE' ? 'Code' : 'Table';
      box.setAttribute('aria-label', caption ? `${caption} (scrolls sideways)` : `${what} (scrolls sideways)`);
    } else if (!scrolls && box.getAttribute('role') === 'region' && box.tabIndex === 0) {
      box.removeAttribute('tabindex');
      box.removeAttribute('role');
      box.removeAttribute('aria-label');
    }
  }
}

let queued = false;
const later = () => {
  if (queued) return;
  queued = true;
  requestAnimationFrame(() => {
    queued = false;
    mark();
  });
};
mark();
window.addEventListener('resize', later);
const main = document.querySelector('main');
if (main) new MutationObserver(later).observe(main, { childList: true, subtree: true });
