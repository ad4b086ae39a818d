"""Rule text that points at a rule, "(see Counter-attacks)", links to it, even where the rule's name
is one word; elsewhere a one-word rule name is an ordinary word and stays text (generator/pages/links.py)."""
from __future__ import annotations

from generator.pages.links import Linker


def test_a_pointer_to_a_one_word_rule_is_a_link(dataset):
    linker = Linker(dataset)
    html = linker.link("the defending army may counter-attack the attacker (see Counter-attacks).", "rules/melee-action")
    assert '(see <a href="../counter-attacks/"' in html and 'class="dd-xref">Counter-attacks</a>)' in html


def test_a_one_word_rule_name_in_a_sentence_stays_text(dataset):
    linker = Linker(dataset)
    assert "<a " not in linker.link("Counter-attacks and Reserves are rules too.", "rules/melee-action")


def test_a_rules_own_page_does_not_point_at_itself(dataset):
    html = Linker(dataset).link("More below (see Counter-attacks).", "rules/counter-attacks")
    assert html == "More below (see Counter-attacks)."
