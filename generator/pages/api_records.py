"""A static JSON record per thing a player quotes, for chat bots and other sites (``/api/``).

``/api/<kind>/<id>.json`` holds ``{kind, id, name, text, source, edition, url}`` (and ``link``,
the part's own small page, for rule parts, ruling points and glossary terms; ``verdict`` and
``now`` for a ruling point), the same words the page shows and its Quote button copies, so that a
bot can quote a ruling exactly as the page does. ``url`` and ``link`` are site paths (from the
site's address). ``/api/index.json`` lists every record. Documented on ``docs/open-data.md``.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from . import reference
from .context import Site
from .link_pages import RULE_PARTS, verdict
from .text import point_label, point_text

DIR = "api"
Record = dict[str, Any]


def _record(kind: str, ident: str, name: str, text: str, src: dict[str, Any] | None, site: Site,
            url: str, **extra: Any) -> Record:
    src = src or {}
    return {"kind": kind, "id": ident, "name": name, "text": " ".join(text.split()) if "\n" not in text else text,
            "source": site.wording.label(src), "edition": src.get("edition", ""), "url": url,
            **{k: v for k, v in extra.items() if v}}


def things(site: Site) -> Iterator[Record]:
    """SAIs, spells, species and dice."""
    for sai in site.ds.kinds.get("sais", []):
        quote = reference.sai_quote(site, sai)
        yield _record("sai", sai["id"], sai["name"], quote["text"], sai.get("source"), site, f"/sai/{sai['id']}/")
    for spell in site.ds.kinds.get("spells", []):
        yield _record("spells", spell["id"], spell["name"], site.plain(spell["summary"]), spell.get("source"), site,
                      f"/spells/{spell['id']}/", element=spell["element"], cost=spell["cost"])
    for sp in site.ds.kinds.get("species", []):
        yield _record("species", sp["id"], sp["name"], site.plain(sp["summary"]), sp.get("source"), site,
                      f"/species/{sp['id']}/", elements=sp.get("elements") or ["ivory"])
    for die in site.ds.kinds.get("dice", []):
        faces = ", ".join(f"{f.get('count', 1)} {site.icon_name(f['icon'])}" for f in die["faces"])
        slug = die["id"].split("/", 1)[1]
        text = f"{site.die_size(die).capitalize()}. Faces: {faces}."
        yield _record("dice", die["id"], site.die_label(die), text, die.get("source"), site,
                      f"/dice/{die['species']}/#{slug}", health=die.get("health"))


def reference_records(site: Site) -> Iterator[Record]:
    """Rules and their parts, ruling points, glossary terms."""
    for rule in site.ds.kinds.get("rules", []):
        yield _record("rules", rule["id"], rule["name"], site.plain(rule.get("summary") or rule.get("text")),
                      rule.get("source"), site, f"/rules/{rule['id']}/")
        for key in RULE_PARTS:
            for part in rule.get(key, []):
                title = site.part_name(rule["id"], part["id"])
                yield _record("rules", f"{rule['id']}/{part['id']}", f"{rule['name']}: {title}",
                              site.plain(part.get("text") or part.get("summary")), part.get("source") or rule.get("source"),
                              site, f"/rules/{rule['id']}/#{part['id']}", link=f"/rules/{rule['id']}/{part['id']}/")
    for ruling in site.ds.kinds.get("rulings", []):
        for point in ruling["points"]:
            yield _record("rulings", point["id"], f"{ruling['name']}, point {point_label(ruling, point)}",
                          point_text(point), ruling["source"], site, f"/rulings/#{point['id']}",
                          link=f"/rulings/{point['id']}/", verdict=verdict(point["status"]).capitalize(),
                          now=site.say(point["now"]))
    for term in site.ds.kinds.get("glossary", []):
        yield _record("glossary", term["id"], term["name"], site.plain(term["text"]), term.get("source"), site,
                      f"/glossary/#{term['id']}", link=f"/glossary/{term['id']}/", aliases=term.get("aliases"))


def records(site: Site) -> list[Record]:
    return [*things(site), *reference_records(site)]


def path_of(record: Record) -> str:
    return f"{DIR}/{record['kind']}/{record['id']}.json"


def render_records(site: Site) -> dict[str, str]:
    """``{path below the site root: JSON}``: one file per record, and the index of them all."""
    out: dict[str, str] = {}
    index = []
    for rec in records(site):
        out[path_of(rec)] = json.dumps(rec, ensure_ascii=False, indent=1) + "\n"
        index.append({"kind": rec["kind"], "id": rec["id"], "name": rec["name"], "record": "/" + path_of(rec),
                      "url": rec["url"]})
    out[f"{DIR}/index.json"] = json.dumps({"format": 1, "records": index}, ensure_ascii=False, separators=(",", ":"))
    return out
