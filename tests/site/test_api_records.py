"""The published URL list (/urls.txt) and the JSON record of each thing (/api/<kind>/<id>.json), checked
against the built pages: every record's address lands on a page and anchor that shows its name and
its text, so that a bot quoting a record quotes what the page says (issue 21)."""
from __future__ import annotations

from html import unescape

import json
import re
from html import unescape

import pytest

from generator.data.urls import site_urls
from tests.site.htmlindex import parse

FIELDS = ("kind", "id", "name", "text", "source", "edition", "url")


@pytest.fixture(scope="module")
def records(site) -> list[dict]:
    index = json.loads((site / "api" / "index.json").read_text(encoding="utf-8"))["records"]
    out = []
    for item in index:
        rec = json.loads((site / item["record"].lstrip("/")).read_text(encoding="utf-8"))
        assert (rec["kind"], rec["id"], rec["name"], rec["url"]) == (item["kind"], item["id"], item["name"], item["url"])
        out.append(rec)
    return out


def words(html: str) -> str:
    """The page's text with no space at all: markup may add or remove spaces around a link."""
    html = re.sub(r"<script\b.*?</script>", " ", html, flags=re.S)
    return squash(unescape(re.sub(r"<[^>]+>", " ", html)))


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_every_kind_has_one_record_per_entry(records, dataset):
    kinds = dataset.kinds
    parts = sum(len(r.get(k, [])) for r in kinds["rules"] for k in ("steps", "points", "types", "sections"))
    want = {"sai": len(kinds["sais"]), "spells": len(kinds["spells"]), "species": len(kinds["species"]),
            "dice": len(kinds["dice"]), "rules": len(kinds["rules"]) + parts, "glossary": len(kinds["glossary"]),
            "rulings": sum(len(r["points"]) for r in kinds["rulings"])}
    got: dict[str, int] = {}
    for rec in records:
        got[rec["kind"]] = got.get(rec["kind"], 0) + 1
        missing = [f for f in FIELDS if not rec.get(f)]
        assert not missing or missing == ["edition"] and rec["kind"] == "dice", (rec["id"], missing)
    assert got == want


def quotes_of(html: str) -> dict:
    out: dict = {}
    for raw in re.findall(r'<div class="dd-quotes" hidden data-quotes="([^"]*)"></div>', html):
        out.update(json.loads(unescape(raw)))
    return out


def test_records_say_what_their_pages_say(site, records):
    """A quotable thing's record says exactly what its Quote button copies; any other's text is
    on its page."""
    pages: dict[str, tuple[list[str], str, dict]] = {}
    quoted = 0
    for rec in records:
        page, _, anchor = rec["url"].partition("#")
        if page not in pages:
            path = site / page.strip("/") / "index.html"
            assert path.exists(), f"{rec['url']}: no such page"
            html = path.read_text(encoding="utf-8")
            pages[page] = (parse(path).ids, words(html), quotes_of(html))
        ids, text, quotes = pages[page]
        assert not anchor or anchor in ids, f"{rec['url']}: no such anchor"
        quote = quotes.get(anchor or rec["id"])
        if not quote:
            assert squash(rec["name"].split(": ", 1)[-1]) in text, (rec["id"], rec["name"])
        if quote:
            quoted += 1
            assert rec["text"] == quote["text"], (rec["kind"], rec["id"])
            # the quote names the same document, or says the page's text is this site's own note
            assert quote["source"].endswith(rec["source"]) or "note" in quote["source"], rec["id"]
            assert (rec.get("verdict"), rec.get("now")) == (quote.get("verdict"), quote.get("note")), rec["id"]
            assert rec.get("link", rec["url"]).endswith(quote.get("url", rec["url"].rpartition("#")[2])), rec["id"]
        elif rec["kind"] != "dice":   # a die's page draws its faces: its record is checked against the data
            assert squash(rec["text"]) in text, (rec["kind"], rec["id"], rec["text"][:80])
    assert quoted > 300


def test_a_records_own_page_previews_the_same_text(site, records):
    for rec in [r for r in records if r.get("link")]:
        html = (site / rec["link"].strip("/") / "index.html").read_text(encoding="utf-8")
        assert f"<h1>{rec['name'].split(': ', 1)[-1]}" in unescape(html) or rec["name"] in unescape(html), rec["id"]
        assert squash(rec["text"]) in words(html), rec["id"]


def test_url_list_names_every_page_and_anchor(site):
    listed = (site / "urls.txt").read_text(encoding="utf-8").splitlines()
    assert listed == sorted(site_urls(site))
    assert {"/sai/counter/", "/sai/counter/#clause-1", "/rulings/monster-sais-charm-e-2/",
            "/rules/play-areas/#dead-unit-area"} <= set(listed)


def test_a_dies_record_names_its_faces(records, dataset):
    icons = {i["id"]: i["name"] for i in [*dataset.kinds["icons"], *dataset.kinds["sais"]]}
    for rec in [r for r in records if r["kind"] == "dice"]:
        die = dataset.get("dice", rec["id"])
        faces = rec["text"].split("Faces: ", 1)[1].rstrip(".").split(", ")
        assert faces == [f"{f.get('count', 1)} {icons[f['icon']]}" for f in die["faces"]], rec["id"]
