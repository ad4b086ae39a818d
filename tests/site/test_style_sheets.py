"""The site's own style sheets go out without their comments (every page loads them all, so a comment
is weight on every first visit) and with every rule of their sources, unchanged."""
from __future__ import annotations

import re
from pathlib import Path

from generator.site.finish import without_comments

SOURCES = Path(__file__).resolve().parents[2] / "docs" / "assets" / "css"


def rules(css: str) -> list[str]:
    """The sheet's text outside comments, by hand (not with the generator's own stripping): what
    is left once each comment, which here never holds quotes that matter, is cut out."""
    return [line.strip() for line in re.sub(r"/\*.*?\*/", "", css, flags=re.S).splitlines() if line.strip()]


def test_every_sheet_goes_out_with_its_rules_and_no_comment(site):
    sources = sorted(SOURCES.glob("*.css"))
    assert sources
    for source in sources:
        text = source.read_text(encoding="utf-8")
        assert "/*" in text, source.name                 # the sources keep their comments
        built = (site / "assets" / "css" / source.name).read_text(encoding="utf-8")
        assert "/*" not in built, source.name
        assert rules(built) == rules(text), source.name


def test_text_in_quotes_is_never_taken_for_a_comment():
    sheet = 'a::after { content: "/* kept */"; } /* gone, it\'s said */\nb { --x: \'/*\'; }\n'
    assert without_comments(sheet) == 'a::after { content: "/* kept */"; } \nb { --x: \'/*\'; }\n'
