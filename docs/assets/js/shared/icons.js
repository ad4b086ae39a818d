/* Drawn icons for scripts (the calculator's face picker and trace, link previews).

   element(iconId, {size, label}) -> an <svg class="dd-icon"> element, built with DOM methods,
   drawing the icon from the site's sprite (assets/icons/dd-icons.svg, one request, cached). Same
   contract as the icons the generator writes into pages:
     class="dd-icon" (+ "dd-icon--sm|lg|xl" for size), data-icon="<icon or SAI id>",
     role="img", aria-label="<the icon's name from the data>".
   `label` overrides the name; without it the name is filled in from assets/icons/dd-icons.json
   (loaded once, on first use). `size` may also be a CSS length ("48px") set as width and height.
   names() -> Promise of {id: name}; spriteUrl is the sprite's URL. */
const SVG = "http://www.w3.org/2000/svg";
const XLINK = "http://www.w3.org/1999/xlink";
// The site root, from this module's own address (assets/js/shared/icons.js): works under any base path.
export const base = new URL("../../../", import.meta.url).href;
export const spriteUrl = base + "assets/icons/dd-icons.svg";
let namesPromise = null;

export function names() {
  if (!namesPromise) {
    namesPromise = fetch(base + "assets/icons/dd-icons.json")
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({}));
  }
  return namesPromise;
}

export function element(iconId, options) {
  const opts = options || {};
  const id = String(iconId);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "dd-icon");
  if (opts.size && /^(sm|lg|xl)$/.test(opts.size)) {
    svg.classList.add("dd-icon--" + opts.size);
  } else if (opts.size) {
    svg.style.width = svg.style.height = String(opts.size);
  }
  svg.setAttribute("data-icon", id);
  svg.setAttribute("role", "img");
  const use = document.createElementNS(SVG, "use");
  // xlink:href, not href: Material's instant navigation rewrites every [href] and fails on <use>.
  use.setAttributeNS(XLINK, "xlink:href", spriteUrl + "#dd-i-" + encodeURIComponent(id));
  svg.appendChild(use);
  if (opts.label) {
    svg.setAttribute("aria-label", String(opts.label));
  } else {
    // Named once the icons' names have come; hidden from readers until then, never an image without a name.
    svg.setAttribute("aria-hidden", "true");
    names().then((all) => {
      if (!svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", all[id] || "icon");
      svg.removeAttribute("aria-hidden");
    });
  }
  return svg;
}
