"""Pages without a calculator fetch nothing of Pyodide or the engine, and an SAI page stays light:
under 150 kB transferred for its own HTML, scripts, styles and icons (the theme's own assets --
Material's bundle, styles, search worker and index, sitemap and favicon -- are counted apart)."""
from __future__ import annotations

import pytest

LIMIT = 150_000
# Assets that belong to the theme (mkdocs-material), fetched by every page of any Material site.
THEME = ("assets/javascripts/", "assets/stylesheets/", "search/search_index.json", "sitemap.xml",
         "assets/images/favicon.png")
ENGINE = ("/pyodide/", "assets/engine/", ".whl", ".wasm", "dragondice.json")


def load(page, site_url: str, path: str) -> dict[str, int]:
    """URL path -> bytes transferred (headers and body: the test server does not compress)."""
    sizes: dict[str, int] = {}

    def done(request):
        s = request.sizes()
        sizes[request.url[len(site_url):]] = s["responseBodySize"] + s["responseHeadersSize"]

    page.on("requestfinished", done)
    page.goto(path, wait_until="networkidle")
    # What a script asks for once the page is idle (as the site's background work waits for): the
    # page's next idle moment, then the network quiet again.
    page.evaluate("() => new Promise((done) => requestIdleCallback(() => done()))")
    page.wait_for_load_state("networkidle")
    return sizes


@pytest.mark.parametrize("path", ["sai/counter/", "sai/fabricate/", "dice/", "species/eldarim/"])
def test_pages_without_a_calculator_fetch_nothing_of_pyodide(page, site_url, path):
    sizes = load(page, site_url, path)
    assert path in sizes   # the page itself was measured
    assert not [u for u in sizes if any(e in u for e in ENGINE)], sorted(sizes)


def test_an_sai_page_stays_under_150_kb(page, site_url):
    sizes = load(page, site_url, "sai/counter/")
    own = {u: n for u, n in sizes.items() if not u.startswith(THEME)}
    total = sum(own.values())
    theme = sum(sizes.values()) - total
    print(f"\nsai/counter/: {total} bytes of its own over {len(own)} requests; theme assets {theme} bytes")
    for url, n in sorted(own.items(), key=lambda kv: -kv[1]):
        print(f"  {n:>7}  {url}")
    assert "sai/counter/" in own and any(u.endswith(".js") for u in own) and any(u.endswith(".css") for u in own)
    assert total < LIMIT, own
