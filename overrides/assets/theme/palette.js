/* The reader's chosen colour scheme, applied before the page is painted (the theme's inline
   script, moved to a file for the Content-Security-Policy). Runs right after the palette's
   toggles in the header, as the theme's did. */
{
  const palette = window.__md_get("__palette");
  if (palette && palette.color) {
    if (palette.color.media === "(prefers-color-scheme)") {
      const light = matchMedia("(prefers-color-scheme: light)").matches;
      const input = document.querySelector(light ? "[data-md-color-media='(prefers-color-scheme: light)']"
        : "[data-md-color-media='(prefers-color-scheme: dark)']");
      palette.color.media = input.getAttribute("data-md-color-media");
      palette.color.scheme = input.getAttribute("data-md-color-scheme");
      palette.color.primary = input.getAttribute("data-md-color-primary");
      palette.color.accent = input.getAttribute("data-md-color-accent");
    }
    for (const [key, value] of Object.entries(palette.color)) document.body.setAttribute("data-md-color-" + key, value);
  }
}
