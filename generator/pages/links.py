"""Cross-references between generated pages: URLs, seed ``@NN_name.md`` references, name links.

Every link is written as a relative URL (``../../sai/counter/``) so that it works in Markdown and
in raw HTML alike and the site can live under any path. ``tests/site/test_links.py`` checks them.
"""
from __future__ import annotations

import html
import posixpath
import re
from typing import Any, Callable, Iterable

from ..data.dataset import Dataset

# Seed cross-references -> (page, anchor) of ours that covers the topic. A reference missing
# here (or whose page does not exist) is shown as plain text "rulebook p.NN", never a dead link.
SEED_REFS: dict[str, tuple[str, str | None]] = {
    "17_dragons": ("dragons", None),
    "28_rules_reference_combination_rolls": ("rules/combination-rolls", None),
    "31_special_action_icons": ("sai", None),
    "54_dragonkin": ("species/dragonkin", None),
    "59_items": ("dice/items", None),
    "62_eldarim_champions": ("species/eldarim", None),
}
SEED_REF_RE = re.compile(r"\(see @(\d+)_([a-z0-9_]+)\.md\)|@(\d+)_([a-z0-9_]+)\.md")

# Which kinds get their names linked in rule text, in priority order (an SAI wins over a spell
# of the same name: Summon Dragon).
LINKED_KINDS = ("sais", "spells", "species", "rules")
PAGE_DIR = {"sais": "sai", "spells": "spells", "species": "species", "rules": "rules"}


def page_url(page: str) -> str:
    """``sai/counter`` -> ``sai/counter/``; ``sai`` (an index) -> ``sai/``; ``""`` -> ``""``."""
    return page.strip("/") + "/" if page else ""


def rel_url(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """Relative URL from one page (``sai/counter``) to another page and optional anchor."""
    frag = f"#{anchor}" if anchor else ""
    if to_page == from_page:
        return frag or "./"
    rel = posixpath.relpath("/" + page_url(to_page), "/" + page_url(from_page))
    return ("./" if rel == "." else rel + "/") + frag


def site_url(from_page: str, absolute: str) -> str:
    """A root-absolute site path (``/rules/x/#a``) made relative to ``from_page``."""
    path, _, frag = absolute.partition("#")
    return rel_url(from_page, path.strip("/"), frag or None)


# Data texts go into Markdown pages: besides HTML's <, > and &, the brackets and braces that start a
# Markdown link ("[see](javascript:...)", which would also break out of a title attribute) or an
# attribute list ("{: onmouseover=...}") are written as character references, shown the same but
# never read as markup (issue 52; generator/data/markup.py refuses such texts in the data too).
MARKDOWN_SYNTAX = str.maketrans({"[": "&#91;", "]": "&#93;", "{": "&#123;", "}": "&#125;"})


def esc(text: str, quote: bool = True) -> str:
    """``text`` escaped for HTML inside a Markdown page: never markup, shown as written."""
    return html.escape(str(text), quote=quote).translate(MARKDOWN_SYNTAX)


def a(href: str, text: str, title: str | None = None, cls: str | None = None) -> str:
    """An HTML link (works in Markdown paragraphs and raw HTML blocks)."""
    attrs = f' href="{esc(href)}"'
    if title:
        attrs += f' title="{esc(short(title))}"'
    if cls:
        attrs += f' class="{cls}"'
    return f"<a{attrs}>{esc(text, quote=False)}</a>"


def short(text: str, limit: int = 140) -> str:
    """One line of at most ``limit`` characters (link titles, descriptions)."""
    text = " ".join(str(text).replace("<br>", " ").split()).lstrip("•")
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def entry_title(kind: str, entry: dict[str, Any], say: Callable[[str], str] = str) -> str:
    """The hover preview of a link to an entry: its first clause, summary or text, in player words."""
    if kind == "sais" and entry.get("clauses") and not entry.get("status"):
        return short(say(entry["clauses"][0]["text"]))
    return short(say(entry.get("summary") or entry.get("text") or entry["name"]))


class Linker:
    """Turns names of SAIs, spells, species and rules in text into links (one compiled regex)."""

    def __init__(self, ds: Dataset, say: Callable[[str], str] = str) -> None:
        self.ds = ds
        self.say = say      # player wording for internal labels (generator/pages/wording.py)
        self.targets: dict[str, tuple[str, str, str]] = {}   # name -> (page, title, kind)
        # One-word rule names (Modifiers, Targeting) are ordinary words in rule text: linked only where
        # the text points at the rule, "(see Counter-attacks)".
        self.see_only: dict[str, tuple[str, str, str]] = {}
        for kind in LINKED_KINDS:
            for entry in ds.kinds.get(kind, []):
                name = entry["name"]
                if kind == "rules" and entry.get("applies_to_dragon_dice") is False:
                    continue
                found = (f"{PAGE_DIR[kind]}/{entry['id']}", entry_title(kind, entry, self.plain), kind)
                if kind == "rules" and len(name.split()) < 2:
                    self.see_only[name] = found
                else:
                    self.targets.setdefault(name, found)
        for sp in ds.kinds.get("species", []):   # "Javelin Charge" is the ability, not the Charge SAI
            for ab in sp.get("abilities", []):
                if len(ab["name"].split()) > 1:
                    self.targets.setdefault(ab["name"], (f"species/{sp['id']}#{ab['id']}",
                                                         short(self.plain(ab.get("summary") or ab["name"])),
                                                         "abilities"))
        counts: dict[str, int] = {}
        for die in ds.kinds.get("dice", []):
            counts[die["name"]] = counts.get(die["name"], 0) + 1
        for die in ds.kinds.get("dice", []):   # "Sprite Swarm", "Silver Medallion": the die itself
            if counts[die["name"]] == 1 and len(die["name"].split()) > 1:
                self.targets.setdefault(die["name"], (f"dice/{die['species']}#{die['id'].split('/', 1)[1]}",
                                                      f"{die['name']}: {'an' if die['kind'][0] in 'aeiou' else 'a'} {die['kind']} die", "dice"))
        names = sorted(self.targets, key=len, reverse=True)
        alts = "|".join(re.escape(n) for n in names) or r"(?!x)x"
        see = "|".join(re.escape(n) for n in sorted(self.see_only, key=len, reverse=True)) or r"(?!x)x"
        self.regex = re.compile(rf"{SEED_REF_RE.pattern}|(?<![\w-])({alts})(?![\w-])|\(see ({see})\)")
        self.pages = {page for page, _, _ in self.targets.values()}

    def seed_ref(self, from_page: str, number: str, name: str) -> str:
        target = SEED_REFS.get(f"{number}_{name}")
        if target is None or not self.page_exists(target[0]):
            return f"rulebook p.{int(number)}"
        label = f"rulebook p.{int(number)}: {name.replace('_', ' ')}"
        return a(rel_url(from_page, target[0], target[1]), label, cls="dd-xref")

    def page_exists(self, page: str) -> bool:
        kind_dir, _, ident = page.partition("/")
        kinds = {"sai": "sais", "spells": "spells", "species": "species", "rules": "rules",
                 "dice": "species"}
        if not ident:
            return kind_dir in ("sai", "spells", "species", "dice", "rules", "rulings", "terrains", "dragons")
        if kind_dir == "dice" and ident == "items":
            return True
        return kind_dir in kinds and self.ds.has(kinds[kind_dir], ident)

    def plain(self, text: str) -> str:
        """``text`` for quoting: player wording, seed references as "rulebook p.NN", no markup."""
        def ref(m: re.Match[str]) -> str:
            number = m.group(1) or m.group(3)
            return f"(see the rulebook, p.{int(number)})" if m.group(1) else f"the rulebook, p.{int(number)}"
        return SEED_REF_RE.sub(ref, self.say(str(text)))

    def link(self, text: str, from_page: str, skip: Iterable[str] = ()) -> str:
        """HTML-escaped ``text`` with seed references and the first mention of each name linked.

        ``skip``: names not to link (the page's own entry). Works per call: call it once per
        paragraph so that each name is linked once per paragraph.
        """
        text = self.say(text)
        seen = set(skip)
        out: list[str] = []
        pos = 0
        for m in self.regex.finditer(text):
            out.append(esc(text[pos:m.start()], quote=False))
            pos = m.end()
            if m.group(1) or m.group(3):
                number, name = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                ref = self.seed_ref(from_page, number, name)
                out.append(f"(see {ref})" if m.group(1) else ref)
                continue
            if m.group(6):              # "(see Counter-attacks)": a pointer to a rule of one word
                out.append(f"(see {self.xref(from_page, m.group(6), self.see_only[m.group(6)])})")
                continue
            name = m.group(5)
            out.append(esc(name, quote=False) if name in seen else self.xref(from_page, name, self.targets[name]))
            seen.add(name)
        out.append(esc(text[pos:], quote=False))
        return "".join(out)

    @staticmethod
    def xref(from_page: str, name: str, found: tuple[str, str, str]) -> str:
        """``name`` as a link to its page (text on that page itself)."""
        page, title, _ = found
        if page == from_page:
            return esc(name, quote=False)
        target, _, anchor = page.partition("#")
        return a(rel_url(from_page, target, anchor or None), name, title, "dd-xref")
