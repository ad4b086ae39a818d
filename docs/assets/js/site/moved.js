/* A moved page's old address (generator/data/urls.py: redirect_page) sends the reader to the new one,
   keeping the #anchor. A classic script, run from the stub's <head> before its refresh: it names
   nothing global, and reads the new address from the stub's canonical link. */
{
  const link = document.querySelector('link[rel="canonical"]');
  if (link) {
    let target = link.getAttribute("href");
    if (location.hash && target.indexOf("#") < 0) target += location.hash;
    location.replace(target);
  }
}
