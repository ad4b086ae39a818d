/* On a page that starts the calculator's engine, the theme's request for sitemap.xml (its instant
   navigation reads it as the page opens) waits until the engine is up and has answered what the
   page asked while it started (the first answer of a link), or has failed, and a second more, so
   that on a slow link it does not share the link with the engine's download and first answer. The
   theme asks with XMLHttpRequest; only that one request is held. A click on a link before the
   sitemap arrives is not intercepted by the theme: the browser loads the page as usual.
   The engine client (assets/js/engine/engine.js) says "dd-engine-settled" on window; a bound
   releases it anyway should the engine's scripts never load. Every other page asks at once. */
{
  const BOUND_MS = 120000;
  const AFTER_MS = 1000;
  let settled = false;
  const held = [];
  const release = () => {
    if (settled) return;
    settled = true;
    held.splice(0).forEach((go) => go());
  };
  // A second after: the first answer's own follow-ups (the calculator's other modes' scripts, the
  // rest of the engine) go first; the sitemap serves only instant navigation, which can wait.
  addEventListener("dd-engine-settled", () => setTimeout(release, AFTER_MS), { once: true });

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    this.ddSitemap = /\/sitemap\.xml$/.test(new URL(String(url), location.href).pathname);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!this.ddSitemap || settled || !document.querySelector("[data-engine]")) return send.apply(this, args);
    if (!held.length) setTimeout(release, BOUND_MS);
    held.push(() => send.apply(this, args));
  };
}
