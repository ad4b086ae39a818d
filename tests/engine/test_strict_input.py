"""Careless and hostile input that the engine used to accept silently (issue 22): a key given twice
(the last one won), a falsy value where a list belongs (read as an empty list), hidden characters
inside ids (dropped when the id was spelled out), input nested thousands of levels deep (the browser's
worker parsed it, the command line did not). Each is now one line naming the field, exit status 2,
and the browser's worker answers the very same line."""
from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from calculator import webworker
from calculator.core.errors import InputError

from .test_hostile import one_line_error, run

WARRIOR = '{"die": "amazons/warrior", "rolled": 1}'
MONSTER = '{"species": "amazons", "die_type": "monster", "rolled": "melee"}'


def roll(*fields: str, army: str = WARRIOR) -> str:
    return '{"roll": "melee", "army": [' + army + "]" + "".join(", " + f for f in fields) + "}"


def exchange(attacker: str = WARRIOR, defender: str = '{"die": "amazons/warrior"}', *fields: str) -> str:
    return ('{"attack": "melee", "attacker": {"army": [' + attacker + ']}, "defender": {"army": [' + defender + "]"
            + "".join(", " + f for f in fields) + "}}")


DRAGON = ('{"attack": "dragon", "attacker": {"dragons": [{"die": "red-drake", "rolled": {"dragon": "tail"}, '
          '"rerolled": {"dragon": 0}}]}, "defender": {"army": [{"die": "amazons/warrior"}]}}')

CASES = [
    # Nesting: 2,000 levels (a 12 KB share link) and one level past the bound.
    ("deep-2000", "resolve", roll('"x": ' + '{"a": ' * 2000 + "1" + "}" * 2000), "input", "nested more than 16"),
    ("deep-17", "resolve", "[" * 17 + "]" * 17, "input", "nested more than 16"),
    # A key given twice: JSON readers keep the last one without a word.
    ("twice-top", "resolve", roll('"roll": "save"'), "roll", "given twice"),
    ("twice-unit", "resolve", roll(army='{"die": "amazons/warrior", "rolled": 1, "rolled": 2}'), "army[0].rolled",
     "given twice"),
    ("twice-exchange", "exchange", exchange('{"die": "amazons/warrior", "rolled": {"attack": 1, "attack": 2}}'),
     "attacker.army[0].rolled.attack", "given twice"),
    # Falsy values that are not lists were read as empty lists.
    ("rerolled-0", "resolve", roll(army='{"die": "amazons/warrior", "rolled": 1, "rerolled": 0}'),
     "army[0].rerolled", "expected a list"),
    ("modifiers-false", "resolve", roll('"modifiers": false'), "modifiers", "expected a list"),
    ("faces-empty-text", "resolve", roll(army='{"species": "amazons", "rolled": "melee", "faces": ""}'),
     "army[0].faces", "expected a list"),
    ("delayed-0", "resolve", '{"roll": "save", "against": "melee", "delayed": 0, "army": [' + WARRIOR + "]}",
     "delayed", "expected a list"),
    ("side-modifiers-false", "exchange", exchange(WARRIOR, '{"die": "amazons/warrior"}', '"modifiers": false'),
     "defender.modifiers", "expected a list"),
    ("unit-rerolled-0", "exchange", exchange('{"die": "amazons/warrior", "rerolled": {"attack": 0}}'),
     "attacker.army[0].rerolled.attack", "expected a list"),
    ("dragon-rerolled-0", "exchange", DRAGON, "attacker.dragons[0].rerolled.dragon", "expected a list"),
    # Hidden characters inside ids were dropped when the id was spelled out: "\u202emelee" was melee.
    ("rtl-override", "resolve", roll(army=MONSTER.replace('"melee"', '"\\u202emelee"')), "army[0].rolled", "U+202E"),
    ("nul-species", "resolve", roll(army=MONSTER.replace('"amazons"', '"amazons\\u0000"')), "army[0].species",
     "U+0000"),
    ("zero-width-spell", "resolve", roll('"modifiers": [{"spell": "\\u200bblizzard"}]'), "modifiers[0].spell",
     "U+200B"),
    ("hidden-key", "resolve", roll('"dua\\u200b": false'), "dua\\u200b", "U+200B"),
    # The maneuver and the force read their input the same way.
    ("maneuver-rtl", "maneuver", '{"terrain": {"die": "coastland-tower", "face": 3}, "maneuvering": {"army": ['
     '{"die": "amazons/warrior", "rolled": "\\u202emaneuver"}]}, "direction": "up"}',
     "maneuvering.army[0].rolled", "U+202E"),
    ("force-nul", "force", '{"size": 24, "armies": {"home": ["amazons/warrior\\u0000"]}}', "armies.home[0]", "U+0000"),
    ("force-twice", "force", '{"size": 24, "size": 30}', "size", "given twice"),
    # A die type that is not a text once stopped the engine with a traceback (a list or an object
    # cannot be looked up among the species).
    ("die-type-list", "distribution", roll(army='{"species": "amazons", "die_type": ["unit"], "faces": ["melee"]}'),
     "army[0].die_type", "unknown die type"),
    ("die-type-object", "distribution", roll(army='{"species": "amazons", "die_type": {"unit": 1}, "faces": ["melee"]}'),
     "army[0].die_type", "unknown die type"),
    # A roll without 'roll' once said "unknown roll None": the field is missing, and says so.
    ("roll-missing", "resolve", '{"army": [' + WARRIOR + "]}", "roll", "missing"),
    ("roll-null", "resolve", '{"roll": null, "army": [' + WARRIOR + "]}", "roll", "missing"),
    # Issue 52. A side's army given as true once ended the maneuver with a traceback ('bool' object is
    # not iterable): the maneuver reads its sides as the exchange does.
    ("maneuver-army-true", "maneuver", '{"direction": "up", "maneuvering": {"army": [{"die": "amazons/envoy", '
     '"rolled": "3 maneuver"}]}, "opposing": [{"army": true}], "terrain": {"die": "coastland-temple", "face": 3}}',
     "opposing[0].army", "expected a list"),
    # Another command's input given to carry was answered as an empty cast list.
    ("carry-roll-input", "carry", roll(), "army", "unknown field"),
    # Huge inputs were read and parsed whole before being refused (a 30 MB one took seconds and
    # hundreds of MB): now refused by size first. Counted in UTF-8 bytes, as a file's size is.
    ("huge-unparsable", "resolve", '{"roll": "melee", "army": [' + "1," * 300_000, "input", "longer than 500 KB"),
    ("huge-in-bytes", "resolve", roll('"x": "' + "\u00e9" * 10 + "é" * 260_000 + '"'), "input", "longer than 500 KB"),
    # Ids and faces with a space or another blank at an end were silently trimmed: refused in every
    # command alike (calculator.core.fields.check_text).
    ("die-trailing-space", "resolve", roll(army='{"die": "amazons/warrior ", "rolled": 1}'), "army[0].die",
     "starts or ends with a space"),
    ("die-leading-nbsp", "exchange", exchange('{"die": "\u00a0amazons/warrior", "rolled": {"attack": 1}}'),
     "attacker.army[0].die", "starts or ends with a space"),
    ("face-trailing-space", "distribution", roll(army=MONSTER.replace('"melee"', '"melee "')), "army[0].rolled",
     "starts or ends with a space"),
    ("spell-ideographic-space", "carry", '{"cast": [{"spell": "blizzard\u3000"}]}', "cast[0].spell",
     "starts or ends with a space"),
    ("force-id-space", "force", '{"size": 24, "armies": {"home": [" amazons/warrior"]}}', "armies.home[0]",
     "starts or ends with a space"),
    ("terrain-die-space", "maneuver", '{"terrain": {"die": "coastland-tower ", "face": 3}, "maneuvering": {"army": ['
     '{"die": "amazons/warrior", "rolled": "maneuver"}]}, "direction": "up"}', "terrain.die",
     "starts or ends with a space"),
    ("dragon-space", "exchange-odds", DRAGON.replace('"red-drake"', '"red-drake "'), "attacker.dragons[0].die",
     "starts or ends with a space"),
    # Player words, not Python's: "got None", "invalid literal for int()", the parser's own text.
    ("size-null", "force", '{"size": null, "armies": {}}', "size", "got null"),
    ("size-1e400", "force", '{"size": 1e400, "armies": {}}', "size", "got a number too large to use"),
    ("size-nan", "force", '{"size": NaN, "armies": {}}', "input", "NaN is not a JSON number"),
    ("superscript-count", "resolve", roll(army=MONSTER.replace('"melee"', '"\u00b2 melee"')), "army[0].rolled",
     "unknown icon"),
    ("json-words", "resolve", '{"roll": "melee", "army": [}', "input", "column 28: a value is missing"),
    ("json-words-text", "resolve", '{"roll": "melee', "input", "a text in quotes is not closed"),
]


@pytest.fixture(scope="module")
def worker(bundle):
    webworker.dispatch("load", json.dumps(bundle))
    return webworker.dispatch


@pytest.mark.parametrize("name,command,text,field,words", CASES, ids=[c[0] for c in CASES])
def test_one_line_naming_the_field_in_the_cli_and_the_worker(bundle_file, worker, name, command, text, field, words):
    line = one_line_error(run([command, "-"], text.encode(), bundle_file), words)
    assert line.startswith(f"error: {field}: "), line
    answer = json.loads(worker(command, text))
    assert answer["ok"] is False and answer["error"] == line[len("error: "):], answer


def test_the_worker_reads_a_link_without_resolving_it(worker):
    # "read": the page's check of a link naming no dice yet; the same reading as every command.
    assert json.loads(worker("read", '{"roll": "melee", "army": []}')) == {
        "ok": True, "result": {"roll": "melee", "army": []}}
    answer = json.loads(worker("read", '{"army": [], "x\\u202e": ' + "[" * 40 + "]" * 40 + "}"))
    assert answer["error"] == "input: nested more than 16 levels deep"


def test_the_bound_counts_arrays_and_objects_alike():
    # 16 levels pass the reading (the deepest real input, an exchange unit's rerolled faces, needs 6).
    from calculator.core.fields import check_tree
    from calculator.core.jsontext import read_json

    sixteen = '{"a": ' * 8 + "[" * 8 + "1" + "]" * 8 + "}" * 8
    check_tree(read_json(sixteen))
    with pytest.raises(InputError, match="nested more than 16"):
        read_json("[" + sixteen + "]")
    # The field named is the 17th array or object: nine objects' "a", then the seventh array.
    with pytest.raises(InputError, match="^" + re.escape("a." * 8 + "a" + "[0]" * 7) + ": nested more than 16"):
        check_tree({"a": json.loads(sixteen)})
    # Brackets inside texts are not nesting.
    assert read_json('{"name": "' + "[" * 40 + '"}') == {"name": "[" * 40}


@pytest.mark.parametrize("first,second", [(1, True), (1, 1.0), ([], 0), ({}, False)],
                         ids=["true-after-1", "float-after-1", "zero-after-empty", "false-after-empty"])
def test_a_checked_unit_is_reused_only_for_the_same_json(engine, first, second):
    # The engine keeps each catalogue unit it has checked. 1 and true (or 1.0) are equal in Python
    # but not in JSON: the second must be checked on its own, not taken from the first.
    key = "rolled" if not isinstance(first, (list, dict)) else ("rerolled" if first == [] else "choose")
    unit = {"die": "amazons/warrior", "rolled": 1, key: first}
    engine.resolve({"roll": "melee", "army": [unit]})
    with pytest.raises(InputError) as err:
        engine.resolve({"roll": "melee", "army": [dict(unit, **{key: second})]})
    assert err.value.field == f"army[0].{key}"


# Texts that mix printable characters with hidden ones (U+200B, U+202E, NUL, a lone surrogate) and
# characters that are not printable yet allowed (a no-break space).
TEXTS = st.text(alphabet=st.sampled_from(["a", "1", " ", "[", "\u00a0", "\u200b", "\u202e", "\x00", "\ud800", "é"]),
                max_size=4)
TREES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXTS,
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXTS, inner, max_size=3),
                     max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(TREES, st.integers(1, 6))
def test_the_quick_pass_lets_through_only_what_the_full_walk_accepts(tree, limit):
    # check_tree first takes a quick pass that names no field; whenever it lets an input through, the
    # full walk (which names the field) must find nothing either, at any nesting bound.
    from calculator.core.fields import plainly_fine, walk_check

    if plainly_fine(tree, limit):
        walk_check(tree, limit)


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(bundle_file, worker, tmp_path):
    # 50 MB (a sparse file: no disk used): the command line looks at its size, not its text, and
    # answers the worker's line for a text that long.
    from calculator.core.limits import LIMITS

    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(50_000_000)
    line = one_line_error(run(["resolve", str(big)], b"", bundle_file), "longer than 500 KB")
    answer = json.loads(worker("resolve", " " * (LIMITS["input_bytes"] + 1)))
    assert answer["error"] == line[len("error: "):] == "input: longer than 500 KB (500,000 bytes); no game needs an " \
                                                       "input that long"
