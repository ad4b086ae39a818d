"""The game command (calculator/game): hand-worked games (tests/engine/game_cases.py, each with its
working and pages), refused moves, undo as a replay, and tampered input."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from calculator.core.errors import InputError

from .game_cases import CASES, END, REFUSED, at7, prefix_cases, setup, state_matches

PREFIXES = prefix_cases()


@pytest.mark.parametrize("cid,data,expect", PREFIXES, ids=[p[0] for p in PREFIXES])
def test_hand_worked_game(engine, cid, data, expect):
    answer = engine.game(copy.deepcopy(data))
    assert state_matches(answer, expect) == []


@pytest.mark.parametrize("case", REFUSED, ids=[c["id"] for c in REFUSED])
def test_a_move_the_rules_do_not_allow_is_refused_naming_its_field(engine, case):
    with pytest.raises(InputError) as err:
        engine.game({"setup": case["setup"], "moves": case["moves"]})
    assert str(err.value).startswith(case["refused"] + ": ")
    assert case.get("says", "") in str(err.value)      # which rule refused it, where the field is shared
    # the same game without the refused move plays (the refusal is the move's, not an earlier one's)
    n = int(case["refused"].split("]")[0].split("[")[1])
    engine.game({"setup": case["setup"], "moves": case["moves"][:n]})


def test_undo_is_the_game_without_its_last_move(engine):
    # p.11: the melee of the first case undone leaves the state after its maneuver: the frontier at
    # 7, every Thug still at the frontier, nobody in a DUA, the march at its action step.
    case = CASES[0]
    answer = engine.game({"setup": case["setup"], "moves": case["moves"][:-1]})
    assert state_matches(answer, {"terrains": {"frontier": {"face": 7}},
                                  "players": {"alice": {"dua": []}, "bob": {"dua": []}},
                                  "armies": {"bob.campaign": {"dice": ["bob.campaign.1", "bob.campaign.2"]}},
                                  "turn": {"phase": "first-march"}}) == []
    assert answer["state"]["turn"]["step"] == "action" and answer["state"]["turn"]["army"] == "alice.campaign"
    assert {"move": "melee", "army": "alice.campaign", "target": "bob.campaign"} in answer["open"]


def test_the_turn_starts_at_the_eighth_face_phase_and_passes(engine):
    # p.11: a turn begins with its Expire Effects done; end-turn gives the other player turn 2.
    answer = engine.game({"setup": setup(), "moves": []})
    assert answer["state"]["turn"] == {"number": 1, "player": "alice", "phase": "eighth-face", "step": None, "army": None}
    # p.11: on face 6 (melee) the campaign armies may fight; alice's horde at bob's Tower (3: missile)
    # may shoot bob's home army there and bob's campaign, not bob's horde at alice's home.
    opened = answer["open"]
    assert {"move": "melee", "army": "alice.campaign", "target": "bob.campaign"} in opened
    assert {"move": "missile", "army": "alice.horde", "target": "bob.campaign"} in opened
    assert {"move": "missile", "army": "alice.horde", "target": "bob.horde"} not in opened
    later = engine.game({"setup": setup(), "moves": [{"move": "end-turn"}]})
    assert later["state"]["turn"]["number"] == 2 and later["state"]["turn"]["player"] == "bob"


def test_open_offers_a_minor_terrain_only_where_the_rules_let_it_come(engine):
    # p.15: a minor terrain comes into play only at a terrain sharing one of its elements (a Deadlands
    # at any terrain), and not with an army that has captured the eighth face. A Coastland Bridge is
    # air and water (p.3): alice's campaign at the frontier (Coastland City: air, water) and her horde
    # at bob's Flatland Tower (air, earth) may bring it in; her home army at her Highland Tower (fire,
    # earth) may not.
    opened = engine.game({"setup": setup(alice={"pool": ["red-drake", "coastland-bridge"]}), "moves": []})["open"]
    assert {"move": "minor", "army": "alice.campaign"} in opened
    assert {"move": "minor", "army": "alice.horde"} in opened
    assert {"move": "minor", "army": "alice.home"} not in opened
    # The usual pool's Deadland Village comes into play anywhere, the home army's terrain too.
    assert {"move": "minor", "army": "alice.home"} in engine.game({"setup": setup(), "moves": []})["open"]
    # Turn 3: alice's campaign has taken the frontier 7 -> 8 (turn 1, unopposed) and holds its eighth face.
    captured = engine.game({"setup": setup(), "moves": [
        *at7("frontier"), {"move": "maneuver", "army": "alice.campaign", "direction": "up", "opposed_by": []}, END, END]})
    assert state_matches(captured, {"terrains": {"frontier": {"face": 8, "controller": "alice.campaign"}}}) == []
    assert {"move": "minor", "army": "alice.campaign"} not in captured["open"]
    assert {"move": "minor", "army": "alice.home"} in captured["open"]


def test_starting_faces_left_out_are_rolled_as_the_rules_say(engine):
    # p.8: a terrain starts on the face its die rolls, an 8 rolled again and a 7 turned down to 6: a face
    # from 1 to 6, and 6 twice as likely as any other (two of the seven faces that stand give it). A face
    # given stays; one left out (null, or not there) is rolled from the setup's seed, so a game replays
    # alike. 300 setups: 600 rolled faces, 6 expected about 171 times, each other face about 86.
    counts: Counter[int] = Counter()
    for seed in range(300):
        game = setup(faces={"alice": None, "bob": 3})
        del game["faces"]["frontier"]
        terrains = engine.game({"setup": {**game, "seed": seed}, "moves": []})["state"]["terrains"]
        assert terrains["bob"]["face"] == 3
        counts.update(terrains[t]["face"] for t in ("alice", "frontier"))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert counts[6] > 1.5 * max(counts[f] for f in range(1, 6)), counts
    again = setup(faces={"alice": None, "frontier": None})
    first = engine.game({"setup": {**again, "seed": 7}, "moves": []})["state"]["terrains"]
    assert engine.game({"setup": {**again, "seed": 7}, "moves": []})["state"]["terrains"] == first
    with pytest.raises(InputError) as err:
        engine.game({"setup": setup(faces={"alice": 7}), "moves": []})
    assert err.value.field == "setup.faces.alice"


def test_end_phase_walks_the_phases_in_order(engine):
    # p.11: eighth-face, dragon-attack, species-abilities, first-march, second-march, reserves, then
    # the next turn. No dragon stands at a terrain with an army of alice's, so the Dragon Attack Phase
    # is skipped ("Otherwise, skip this phase", p.11): the owed case is tested below.
    seen = []
    for n in range(6):
        answer = engine.game({"setup": setup(), "moves": [{"move": "end-phase"}] * n})
        seen.append((answer["state"]["turn"]["number"], answer["state"]["turn"]["phase"]))
    assert seen == [(1, "eighth-face"), (1, "species-abilities"), (1, "first-march"),
                    (1, "second-march"), (1, "reserves"), (2, "eighth-face")]


def test_setup_problems_never_stop_the_game(engine):
    # A force that costs less than its size is a setup problem (p.8), listed with its player.
    answer = engine.game({"setup": setup(), "moves": []})
    assert answer["setup_problems"] and all(p["player"] in ("alice", "bob") for p in answer["setup_problems"])


TAMPERED = [
    ({"setup": setup(), "moves": [{"move": "fly"}]}, "moves[0].move"),
    ({"setup": setup(), "moves": [{"move": "melee", "army": "carol.home", "target": "bob.campaign"}]}, "moves[0].army"),
    ({"setup": setup(), "moves": [{"move": "melee", "army": "alice.campaign", "target": "bob.nowhere"}]},
     "moves[0].target"),
    ({"setup": setup(), "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "sideways"}]},
     "moves[0].direction"),
    ({"setup": setup(), "moves": [{"move": "end-turn", "colour": "red"}]}, "moves[0]"),
    ({"setup": setup(), "moves": ["end-turn"]}, "moves[0]"),
    ({"setup": setup(), "moves": {"move": "end-turn"}}, "moves"),
    ({"setup": {**setup(), "size": 0}, "moves": []}, "setup.size"),
    ({"setup": {**setup(), "first": "carol"}, "moves": []}, "setup.first"),
    ({"setup": {**setup(), "faces": {"alice": 9, "bob": 1, "frontier": 1}}, "moves": []}, "setup.faces.alice"),
    ({"setup": setup(alice={"armies": {"home": ["amazons/nobody"]}}), "moves": []}, "setup.players[0].armies.home[0]"),
    ({"setup": setup(), "moves": [{"move": "edit", "dice": ["alice.home.7"], "to": "alice.dua"}]}, "moves[0].dice[0]"),
    ({"setup": setup(), "moves": [{"move": "edit", "dice": ["alice.home.1"], "to": "bob.dua"}]}, "moves[0].to"),
    ({"setup": setup(), "moves": [{"move": "reserves", "step": "retreat", "dice": ["bob.home.1"]}]}, "moves[0].dice[0]"),
    ({"setup": setup(), "moves": [{"move": "magic", "army": "alice.home", "faces": {"alice.home.1": "2 magic"},
                                   "cast": [{"spell": "no-such-spell", "target": "alice.home"}]}]}, "moves[0].cast[0]"),
    ({"setup": setup(), "moves": [{"move": "maneuver", "army": "alice.campaign", "direction": "up", "seed": -1}]},
     "moves[0].seed"),
    ({"setup": setup(), "moves": [{"move": "end-turn"}] * 3000}, "moves"),
    ({"setup": setup(), "moves": [{"move": ["end-turn"]}]}, "moves[0].move"),
]


@pytest.mark.parametrize("data,field", TAMPERED, ids=[f for _, f in TAMPERED])
def test_tampered_input_is_one_error_naming_the_field(engine, data, field):
    with pytest.raises(InputError) as err:
        engine.game(data)
    assert str(err.value).startswith(field)


def test_a_dragon_attack_owed_lets_the_turn_reach_its_phase_only(engine):
    # p.11, p.17: bob's turn 2 owes the attack of alice's Red Drake at the frontier, where his campaign
    # army stands: ending the Eighth Face Phase reaches the Dragon Attack Phase; ending that one, or the
    # turn, is refused until the dragons have attacked.
    moves = [{"move": "summon", "dragon": "alice.pool.1", "to": "frontier"}, {"move": "end-turn"}, {"move": "end-phase"}]
    answer = engine.game({"setup": setup(), "moves": moves})
    assert answer["state"]["turn"]["phase"] == "dragon-attack"
    for last in ({"move": "end-phase"}, {"move": "end-turn"}, {"move": "reserves", "step": "retreat", "dice": []}):
        with pytest.raises(InputError) as err:
            engine.game({"setup": setup(), "moves": [*moves, last]})
        assert str(err.value).startswith("moves[3].move: ")


MUTANTS = [None, 0, -1, 7, 10 ** 20, True, "", "x", "alice", "frontier", "reserve", "alice.home", "bob.pool.1",
           "alice.home.1", [], {}, ["a"], {"a": 1}, [1, 2], "id", "8", 3.5, "end-turn", "up"]


def _mutate(rng: random.Random, data: dict) -> None:
    """One field of a move (or of a player's setup) replaced by a value of another shape."""
    if data["moves"] and rng.random() < 0.8:
        m = rng.choice(data["moves"])
        k = rng.choice(list(m) + ["army", "target", "faces", "dice", "to", "cast", "casualties", "opposed_by", "face"])
        inner = m.get(k)
        if isinstance(inner, dict) and inner and rng.random() < 0.5:
            inner[rng.choice(list(inner))] = rng.choice(MUTANTS)
        elif isinstance(inner, list) and inner and rng.random() < 0.5:
            inner[rng.randrange(len(inner))] = rng.choice(MUTANTS)
        else:
            m[k] = rng.choice(MUTANTS)
    else:
        rng.choice(data["setup"]["players"])[rng.choice(["name", "armies", "terrains", "summoning_pool"])] = \
            rng.choice(MUTANTS)


def test_tampered_games_answer_or_name_a_field_never_crash(engine):
    # Every hand-worked game with one to three fields replaced by values of the wrong shape: the engine
    # answers or raises one InputError naming a field; nothing else escapes (the CLI's exit 2).
    rng = random.Random(20261128)
    for _ in range(300):
        case = rng.choice(CASES + REFUSED)
        data = {"setup": copy.deepcopy(case["setup"]), "moves": copy.deepcopy(case["moves"])}
        for _ in range(rng.randint(1, 3)):
            _mutate(rng, data)
        try:
            engine.game(data)
        except InputError as exc:
            assert exc.field.startswith(("moves", "setup")) and "\n" not in str(exc), str(exc)
