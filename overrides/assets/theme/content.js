/* A link to a tab of tabbed content opens that tab (the theme's inline script after the content,
   moved to a file for the Content-Security-Policy). */
{
  const target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
}
