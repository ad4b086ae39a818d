"""Example rolls on rule pages are readable without JavaScript and open in the calculator."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

from calculator import Engine


def test_sai_example_trace_shows_with_javascript_disabled(browser, site_url, bundle):
    example = next(e for e in bundle["examples"] if e["page"] == "sai/bullseye")
    want = Engine(bundle).resolve(example["input"])
    context = browser.new_context(base_url=site_url, java_script_enabled=False)
    foreign: list[str] = []
    context.on("request", lambda r: None if r.url.startswith(site_url) else foreign.append(r.url))
    try:
        page = context.new_page()
        page.goto("sai/bullseye/")
        trace = page.locator(".dd-example ol.dd-trace > li")
        assert trace.count() == 10
        assert trace.nth(3).is_visible()
        for step, item in zip(want["steps"], trace.all()):
            assert step["title"] in item.inner_text()
        totals = page.locator(".dd-example .dd-totals").first.inner_text()
        for rtype, n in want["totals"].items():
            assert f"{n} {rtype}" in totals
        # The "Open in calculator" link carries exactly the example's engine input.
        href = page.locator(".dd-example a.dd-open-calc").first.get_attribute("href")
        assert json.loads(parse_qs(urlsplit(href).query)["roll"][0]) == example["input"]
        # Nothing scripted ran: site.js, which gives every heading a copy-link button, did not.
        assert page.locator(".dd-copy").count() == 0
    finally:
        context.close()
    assert not foreign, foreign
