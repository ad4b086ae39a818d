/* The theme's (Material for MkDocs) storage helpers, which its bundle reads as globals. The theme
   writes them as an inline script; a strict Content-Security-Policy runs no inline script, so the
   same helpers live in this classic script, loaded where the theme loaded its own. The site root
   (the theme's "scope") is two folders above this file. */
window.__md_scope = new URL("../../", document.currentScript.src);
window.__md_hash = (value) => [...value].reduce((hash, c) => (hash << 5) - hash + c.charCodeAt(0), 0);
window.__md_get = (key, storage = localStorage, scope = window.__md_scope) =>
  JSON.parse(storage.getItem(scope.pathname + "." + key));
window.__md_set = (key, value, storage = localStorage, scope = window.__md_scope) => {
  try { storage.setItem(scope.pathname + "." + key, JSON.stringify(value)); } catch (err) { /* storage full or off */ }
};
