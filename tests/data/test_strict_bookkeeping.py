"""Issue 52: mistakes in the data's bookkeeping that ``generator check`` let through or answered with
a traceback now stop it with one line naming the file, the entry (or line) and the field: a bad
spell-modifier parameter, a move from a URL never published or of a page that still exists, and a
typo in data/published-urls.txt."""
from __future__ import annotations

import pytest

from tests.data.test_errors import assert_one_clear_line, check, data_copy  # noqa: F401
from tests.data.test_strict_data import replace_once

WIND_WALK = "    modifier: {op: add, result: maneuver, amount: 4, target: army}\n"


@pytest.mark.parametrize("modifier,field,words", [
    ("{op: divide, result: maneuver, amount: 0, target: army}", "modifier.amount", "0 is not a whole number >= 1"),
    ("{op: add, result: maneuver, amount: -1, target: army}", "modifier.amount", "-1 is not a whole number >= 0"),
    ("{op: add, result: maneuver, amount: 4, target: army, colour: red}", "modifier.colour", "unknown parameter"),
], ids=["divide-by-0", "add-minus-1", "unknown-parameter"])
def test_a_bad_spell_modifier_parameter_is_one_line(data_copy, modifier, field, words):
    # Wind Walk's modifier (data/spells.yaml) with a value no modifier accepts: was a 36-line traceback.
    replace_once(data_copy / "spells.yaml", WIND_WALK, f"    modifier: {modifier}\n")
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "entry 'wind-walk'", f"field '{field}'", words)


def test_a_move_from_an_anchor_never_published(data_copy):
    (data_copy / "moves.yaml").write_text("moves:\n- {from: /glossary/#no-such-term, to: /glossary/#action, "
                                          "why: renamed}\n")
    assert_one_clear_line(check(data_copy), "data/moves.yaml", "entry '/glossary/#no-such-term'", "field 'from'",
                          "was never published")


@pytest.mark.parametrize("old", ["/sai/counter/", "/glossary/#action"], ids=["page", "anchor"])
def test_a_move_of_a_url_that_still_exists(data_copy, old):
    # Both are published and still made by an entry: a move would send readers away from them.
    (data_copy / "moves.yaml").write_text(f"moves:\n- {{from: '{old}', to: /rules/, why: merged}}\n")
    assert_one_clear_line(check(data_copy), "data/moves.yaml", f"entry '{old}'", "field 'from'", "still exists")


@pytest.mark.parametrize("typo", ["/sai/counter", "sai/counter/", "/sai/counter/ #clause-1", "/sai//counter/",
                                  "https://example.org/sai/counter/"])
def test_a_typo_in_the_published_urls_names_the_line(data_copy, typo):
    path = data_copy / "published-urls.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    n = lines.index("/army/#army") + 1
    lines[n - 1] = typo
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_one_clear_line(check(data_copy), "data/published-urls.txt", f"field 'line {n}'", "is not a site path")


# Data texts become Markdown: a link in a summary would be a live javascript: link, and the same text
# in a link's title attribute (every link to Wind Walk shows its summary) would add an onmouseover.
@pytest.mark.parametrize("summary,words", [
    ("The target army gains 4 maneuver results ([see](javascript:alert(1))).", "a Markdown link"),
    ('Gains 4 maneuver results [x](y "z" onmouseover=alert(1)).', "a Markdown link"),
    ("Gains 4 maneuver results {: onmouseover=alert(1)}", "a Markdown attribute list"),
    ("Gains 4 maneuver results, see javascript:alert(1)", "a script or data address"),
], ids=["link", "link-with-title", "attribute-list", "script-address"])
def test_a_data_text_with_markup_is_refused(data_copy, summary, words):
    replace_once(data_copy / "spells.yaml", "    summary: The target army gains 4 maneuver results on its rolls.\n",
                 f"    summary: '{summary}'\n")
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "entry 'wind-walk'", "field 'summary'", words)
