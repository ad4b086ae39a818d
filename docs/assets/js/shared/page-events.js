/* Material's instant navigation swaps pages without reloading: what binds to a page runs on
   every page the theme shows. Its document$ replays the current page to a late subscriber (a
   module imported after the page loaded); without the theme, the page is bound once parsed. */
export function onPage(fn) {
  const pages = window.document$;
  if (pages && typeof pages.subscribe === "function") pages.subscribe(fn);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
  else fn();
}
