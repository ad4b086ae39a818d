"""Careless data that used to pass ``generator check`` (issue 22), each now one line naming the file,
the entry and the field, found by ``check`` itself rather than by the full build: a die with the wrong
number of faces, an edition that is not its source's, a missing source reported as something else, a
face an example needs blamed on the example alone, and published URLs lost (a renamed id, a removed
ruling point) or moved nowhere."""
from __future__ import annotations

import pytest
import yaml

from generator.data.files import KINDS
from generator.errors import DataError
from generator.data.schemas import check_document, validator
from tests.data.test_errors import REPO_ROOT, assert_one_clear_line, check, data_copy, edit  # noqa: F401


def test_a_ten_sided_die_with_nine_faces(data_copy):
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/centaur", lambda e: e["faces"].pop())
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'", "field 'faces'",
                          "a d10 has 10 faces, but 9 are listed")


def test_an_edition_that_is_not_its_sources(data_copy):
    # data/sources.yaml: octgn is 'OCTGN 1.2.1.4'; v4.01d is the rulebook's edition.
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/centaur",
         lambda e: e.update(source={"doc": "octgn", "edition": "v4.01d"}))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaur'",
                          "field 'source.edition'", "'v4.01d' is not the edition of 'octgn'", "'OCTGN 1.2.1.4'")


def test_a_nested_source_edition_is_checked_too(data_copy):
    edit(data_copy / "sais.yaml", "sais", "bash",
         lambda e: e["clauses"][0].update(source={"doc": "seed-faq-1996", "edition": "v4.01d"}))
    assert_one_clear_line(check(data_copy), "data/sais.yaml", "entry 'bash'", "field 'clauses[0].source.edition'",
                          "'TSR 1996'")


def test_a_missing_source_is_reported_as_missing(data_copy):
    # The spell schema requires `text` for Dracolem sources only: a spell without any source was
    # reported as missing its `text`.
    edit(data_copy / "spells.yaml", "spells", "blizzard", lambda e: e.pop("source"))
    assert_one_clear_line(check(data_copy), "data/spells.yaml", "entry 'blizzard'", "field 'source'",
                          "missing required field")


@pytest.mark.parametrize("kind", KINDS, ids=[k.name for k in KINDS])
def test_every_missing_required_field_is_named(kind):
    # The first entry of each kind, without each of its required fields in turn: the report names that
    # field, never another one a conditional of the schema asks for.
    path = sorted(REPO_ROOT.joinpath("data").glob(kind.pattern))[0]
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    check = validator(REPO_ROOT / "data", kind)
    required = check.schema["properties"][kind.name]["items"].get("required", [])
    for name in required:
        entry = {k: v for k, v in doc[kind.name][0].items() if k != name}
        with pytest.raises(DataError) as err:
            check_document({kind.name: [entry]}, "data/x.yaml", kind.name, check)
        assert (err.value.field, err.value.message) == (name, "missing required field"), name


def test_a_face_an_example_needs_names_the_example_and_the_die(data_copy):
    # drr-step-1-roll shows the Protector's '4 melee'; the die now has '4 missile' there instead.
    def change(die):
        die["faces"] = [dict(f, icon="missile") if f == {"icon": "melee", "count": 4} else f for f in die["faces"]]
    edit(data_copy / "dice" / "coral-elves.yaml", "dice", "coral-elves/protector", change)
    assert_one_clear_line(check(data_copy), "data/examples.yaml", "entry 'drr-step-1-roll'",
                          "field 'input.army[0].rolled'", "'4 melee' is not a face of Protector",
                          "the die 'coral-elves/protector' (data/dice/coral-elves.yaml) does not have")


def test_a_renamed_published_id(data_copy):
    # /glossary/#action is published; its term renamed, nothing else names it (no dangling reference).
    edit(data_copy / "glossary.yaml", "glossary", "action", lambda e: e.update(id="actions"))
    assert_one_clear_line(check(data_copy), "data/glossary.yaml", "entry 'actions'", "field 'id'",
                          "/glossary/#action was published", "data/moves.yaml")


def test_a_renamed_page_is_the_cause_not_its_references(data_copy):
    edit(data_copy / "dice" / "amazons.yaml", "dice", "amazons/centaur", lambda e: e.update(id="amazons/centaurus"))
    assert_one_clear_line(check(data_copy), "data/dice/amazons.yaml", "entry 'amazons/centaurus'", "field 'id'",
                          "/dice/amazons/#centaur was published")


def test_a_removed_ruling_point(data_copy):
    edit(data_copy / "rulings.yaml", "rulings", "amazons-in-reserves", lambda e: e["points"].pop())
    assert_one_clear_line(check(data_copy), "data/rulings.yaml", "entry 'amazons-in-reserves'", "field 'points'",
                          "/rulings/#amazons-in-reserves-e is gone")


def test_a_declared_move_lets_the_id_change(data_copy):
    edit(data_copy / "glossary.yaml", "glossary", "action", lambda e: e.update(id="actions"))
    (data_copy / "moves.yaml").write_text("moves:\n- {from: /glossary/#action, to: /glossary/#actions, why: renamed}\n")
    proc = check(data_copy)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("target,words", [("/sai/no-such-sai/", "no entry or page makes /sai/no-such-sai/"),
                                          ("/glossary/#no-such-term", "/glossary/ has no anchor 'no-such-term'")],
                         ids=["page", "anchor"])
def test_a_move_to_a_missing_page(data_copy, target, words):
    edit(data_copy / "glossary.yaml", "glossary", "action", lambda e: e.update(id="actions"))
    (data_copy / "moves.yaml").write_text(f"moves:\n- {{from: /glossary/#action, to: '{target}', why: renamed}}\n")
    assert_one_clear_line(check(data_copy), "data/moves.yaml", "entry '/glossary/#action'", "field 'to'", words)
