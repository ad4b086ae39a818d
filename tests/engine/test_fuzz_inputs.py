"""Mutated inputs for every engine command (issue 52): a valid input with one value replaced, one
field removed or one unknown field added, read as JSON text the way the command line and the worker
read it. Every such input is either answered or refused with one InputError line; any other
exception (a TypeError deep in a room, a KeyError) is a bug. Bounded: a few dozen examples per
command, so the whole file runs in seconds (the CI profile in tests/conftest.py derandomizes it)."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from calculator.core.errors import InputError
from calculator.core.jsontext import read_json

WARRIOR = {"die": "amazons/warrior", "rolled": "2 melee"}
SEEDS: dict[str, dict[str, Any]] = {
    "resolve": {"roll": "melee", "army": [WARRIOR, {"species": "amazons", "die_type": "monster", "rolled": "3 melee"}],
                "modifiers": [{"op": "add", "result": "melee", "amount": 1}], "seed": 3},
    "distribution": {"roll": "save", "army": [{"die": "amazons/warrior"}, {"die": "coral-elves/trooper"}]},
    "plan": {"roll": "magic", "army": [{"die": "amazons/oracle", "rolled": "4 magic"}], "terrain": "coastland",
             "cast": [{"spell": "blizzard", "times": 1}]},
    "exchange": {"attack": "melee", "attacker": {"army": [{"die": "amazons/warrior", "rolled": {"attack": "2 melee"}}]},
                 "defender": {"army": [{"die": "coral-elves/trooper", "rolled": {"save": "save"}}]}, "seed": 1},
    "exchange-odds": {"attack": "missile", "attacker": {"army": [{"die": "amazons/warrior"}]},
                      "defender": {"army": [{"die": "coral-elves/trooper"}]}},
    "carry": {"cast": [{"spell": "blizzard", "times": 1}]},
    "maneuver": {"direction": "up", "terrain": {"die": "coastland-temple", "face": 3},
                 "maneuvering": {"army": [{"die": "amazons/envoy", "rolled": "3 maneuver"}]},
                 "opposing": [{"army": [{"die": "coral-elves/trooper", "rolled": "maneuver"}]}]},
    "force": {"size": 24, "armies": {"home": ["amazons/warrior", "amazons/warrior"]}},
    "game": {"setup": {"size": 24, "frontier": "alice", "first": "alice", "faces": {"alice": 2, "bob": 3, "frontier": 6},
                       "players": [{"name": "alice", "terrains": {"home": "highland-tower", "frontier": "coastland-city"},
                                    "armies": {"home": ["amazons/seer"], "campaign": ["amazons/soldier"]},
                                    "summoning_pool": ["red-drake"]},
                                   {"name": "bob", "terrains": {"home": "flatland-tower", "frontier": "swampland-city"},
                                    "armies": {"home": ["goblins/thug"], "campaign": ["goblins/thug"]}}]},
             "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up",
                        "faces": {"alice.campaign.1": "1 maneuver", "bob.campaign.1": "id"}},
                       {"move": "melee", "army": "alice.campaign", "target": "bob.campaign",
                        "faces": {"alice.campaign.1": {"attack": "2 melee"},
                                  "bob.campaign.1": {"save": "1 save", "counter": "2 melee"}}}],
             "calculator": {"move": "maneuver", "army": "alice.home", "direction": "up", "faces": {"alice.home.1": 5}}},
    "advise": {"terrain": {"die": "coastland-city", "face": 6, "controller": None, "home": False},
               "army": {"name": "alice.campaign", "army": [{"die": "amazons/warrior"}]},
               "opposing": [{"name": "bob.campaign", "army": [{"die": "amazons/soldier"}]}],
               "elsewhere": [{"name": "bob.home", "at": "home", "terrain": "flatland-temple",
                              "army": [{"die": "amazons/soldier"}]}], "size": 24},
    "forum": {"command": "resolve", "input": {"roll": "melee", "army": [WARRIOR]}, "format": "bbcode",
              "link": "https://example.org/calculator/"},
}
# A roll a spell calls for (calculator.magic.effects): the unit's save roll against Fearful Flames.
SPELL = {"roll": "individual", "against": "magic", "spell": {"id": "fearful-flames", "times": 1},
         "army": [{"die": "amazons/runner", "rolled": "1 save"}], "seed": 2}
# Plasma Arc's later target (seed 003): its save roll alone, the spell passing on ("after_first").
ARC = {"roll": "individual", "against": "magic", "spell": {"id": "plasma-arc", "after_first": True},
       "army": [{"die": "amazons/runner", "rolled": "1 melee"}], "seed": 2}
# Bone Magic (p.21): a magic roll that says the Undead in the player's DUA and the force's size.
BONE = {"roll": "magic", "army": [{"die": "undead/heucuva", "rolled": "3 magic"}], "in_dua": {"undead": 2},
        "size": 24, "seed": 4}
# Magic Negation (p.21): the Frostwings' negation roll against a magic roll.
NEGATION = {"roll": "magic", "terrain": "coastland", "army": [{"die": "coral-elves/conjurer", "rolled": "3 magic"}],
            "negation": {"army": [{"die": "frostwings/apprentice", "rolled": "2 magic"}], "in_dua": {"frostwings": 1},
                         "size": 24}}
DRAGON = {"attack": "dragon", "attacker": {"dragons": [{"die": "red-drake", "rolled": {"dragon": "tail"}}]},
          "defender": {"army": [{"die": "amazons/warrior"}]}}
# Dragons fighting dragons (p.17): the Red and Blue Drakes attack each other, the Ivory Drake the army.
DRAGON_FIGHT = {"attack": "dragon", "attacker": {"dragons": [{"die": "red-drake", "rolled": {"dragon": "breath"}},
                                                             {"die": "blue-drake", "target": 0},
                                                             {"die": "ivory-drake", "rolled": {"dragon": "claws"}}]},
                "defender": {"army": [{"die": "amazons/warrior"}]}}

EXAMPLES = int(__import__("os").environ.get("FUZZ_EXAMPLES", 120))          # per command: about a second each

# Values a careless or hostile input puts anywhere: wrong types, out of range numbers, texts with
# spaces at the ends or hidden characters, ids of other kinds, containers where scalars belong.
SCALARS = st.one_of(
    st.none(), st.booleans(), st.sampled_from([0, -1, 1, 7, 2**70, 1.5, 1e308]),
    st.sampled_from(["", " ", "melee", " melee", "amazons/warrior ", "x" * 90, "\u00a0id", "² melee", "3 maneuver",
                     "0 melee", "blizzard", "coastland", "opposing[9]", "up", "dragon", "save", "-1 save"]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(["army", "rolled", "die", "x", "spell"]), inner, max_size=2), max_leaves=6)


def paths(tree: Any, here: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, as the keys and indexes leading to it."""
    out = [here]
    if isinstance(tree, dict):
        for k, v in tree.items():
            out += paths(v, here + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out += paths(v, here + (i,))
    return out


def mutate(tree: Any, path: tuple, how: str, value: Any) -> Any:
    tree = copy.deepcopy(tree)
    if not path:
        return value if how == "replace" else tree
    parent = tree
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "remove":
        del parent[last]
    elif isinstance(parent[last], dict):
        parent[last]["unknown"] = value
    elif isinstance(parent[last], list):
        parent[last].append(value)
    return tree


@st.composite
def mutated(draw: Any, seed: Any) -> Any:
    where = draw(st.sampled_from(paths(seed)))
    out = mutate(seed, where, draw(st.sampled_from(["replace", "remove", "add"])), draw(st.one_of(SCALARS, VALUES)))
    if draw(st.booleans()):         # a second mutation: two mistakes at once
        out = mutate(out, draw(st.sampled_from(paths(out))), "replace", draw(SCALARS))
    return out


def answered_or_refused(engine: Any, command: str, data: Any) -> None:
    method = getattr(engine, command.replace("-", "_"))
    try:
        method(read_json(json.dumps(data)))
    except InputError as exc:
        assert "\n" not in str(exc) and str(exc).strip(), repr(exc)


def test_every_command_has_a_seed():
    # A command added to the table is fuzzed too: it needs its seed here.
    from calculator.commands import COMMANDS

    assert set(COMMANDS) == set(SEEDS)


@pytest.mark.parametrize("command", sorted(SEEDS))
def test_every_seed_is_answered(engine, command):
    # The mutations start from inputs the engine answers; otherwise the property would test refusals only.
    method = getattr(engine, command.replace("-", "_"))
    method(SEEDS[command])
    if command.startswith("exchange"):
        method(DRAGON)
        method(DRAGON_FIGHT)
    if command == "resolve":
        assert method(SPELL)["spell"]["outcome"]["saved"] is True
        assert method(ARC)["spell"]["outcome"] == {"dies": True, "goes_on": True}
        assert method(BONE)["totals"] == {"magic": 4}
        assert method(NEGATION)["totals"] == {"magic": 2}


EXTRA = {"exchange-dragon": ("exchange", DRAGON), "exchange-dragon-fight": ("exchange", DRAGON_FIGHT),
         "exchange-odds-dragon-fight": ("exchange-odds", DRAGON_FIGHT), "resolve-spell": ("resolve", SPELL),
         "resolve-spell-chain": ("resolve", ARC), "resolve-dua": ("resolve", BONE),
         "distribution-dua": ("distribution", BONE), "resolve-negation": ("resolve", NEGATION)}


@pytest.mark.parametrize("command", sorted(SEEDS) + sorted(EXTRA))
def test_a_mutated_input_is_answered_or_refused_in_one_line(engine, command):
    name, seed = EXTRA.get(command, (command, SEEDS.get(command)))

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mutated(seed))
    def check(data: Any) -> None:
        answered_or_refused(engine, name, data)

    check()
