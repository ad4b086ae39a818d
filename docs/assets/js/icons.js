/* Drawn icons for scripts (the calculator's face picker and trace, link previews).

   window.DragonDiceIcons.element(iconId, {size, label}) -> an <svg class="dd-icon"> element, built
   with DOM methods, drawing the icon from the site's sprite (assets/icons/dd-icons.svg, one
   request, cached). Same contract as the icons the generator writes into pages:
     class="dd-icon" (+ "dd-icon--sm|lg|xl" for size), data-icon="<icon or SAI id>",
     role="img", aria-label="<the icon's name from the data>".
   `label` overrides the name; without it the name is filled in from assets/icons/dd-icons.json
   (loaded once, on first use). `size` may also be a CSS length ("48px") set as width and height.
   DragonDiceIcons.names() -> Promise of {id: name}; DragonDiceIcons.spriteUrl is the sprite's URL. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var XLINK = "http://www.w3.org/1999/xlink";
  var script = document.currentScript && document.currentScript.src;
  // The site root, from this script's own address (assets/js/icons.js): works under any base path.
  var base = script ? script.replace(/assets\/js\/icons\.js(\?.*)?$/, "") : "/";
  var spriteUrl = base + "assets/icons/dd-icons.svg";
  var namesPromise = null;

  function names() {
    if (!namesPromise) {
      namesPromise = fetch(base + "assets/icons/dd-icons.json")
        .then(function (r) { return r.ok ? r.json() : {}; })
        .catch(function () { return {}; });
    }
    return namesPromise;
  }

  function element(iconId, options) {
    var opts = options || {};
    var id = String(iconId);
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "dd-icon");
    if (opts.size && /^(sm|lg|xl)$/.test(opts.size)) {
      svg.classList.add("dd-icon--" + opts.size);
    } else if (opts.size) {
      svg.style.width = svg.style.height = String(opts.size);
    }
    svg.setAttribute("data-icon", id);
    svg.setAttribute("role", "img");
    var use = document.createElementNS(SVG, "use");
    // xlink:href, not href: Material's instant navigation rewrites every [href] and fails on <use>.
    use.setAttributeNS(XLINK, "xlink:href", spriteUrl + "#dd-i-" + encodeURIComponent(id));
    svg.appendChild(use);
    if (opts.label) {
      svg.setAttribute("aria-label", String(opts.label));
    } else {
      names().then(function (all) {
        if (!svg.hasAttribute("aria-label")) svg.setAttribute("aria-label", all[id] || "icon");
      });
    }
    return svg;
  }

  window.DragonDiceIcons = { element: element, names: names, spriteUrl: spriteUrl, base: base };
})();
