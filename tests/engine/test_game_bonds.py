"""Tamed and controlled dragons on the turns after, in the game (calculator/game/bonds.py; rulebook
v4.01d p.62, the Eldarim champions; p.17 dragon attacks). Worked by hand:

Dice: Red Drake (alice.pool.1): Claws = 6 damage (p.17). Eldarim Dragonlord (health 4): ID, Cantrip,
Fly, Smite, Sneak Attack, SFR/TSR logo (the champion's SAI: Tame a Dragon, p.62). Goblin Thug
(health 1): ID, 1 save, 1 melee, 1 melee, 1 maneuver, 2 melee. alice has no army at the frontier, so
only bob's campaign army (Dragonlord, Thug) meets the dragon there.

Turn 1 alice summons her Red Drake to the frontier (an edit-like summon). Turn 2 bob owes a dragon
attack there (p.11, p.17): Claws, 6 damage; in the army's response the Dragonlord rolls its logo: it
tames the drake, whose non-breath damage is ignored (p.62), so nobody dies. The move names the bond.
Turn 4 bob owes the attack again: the drake "will not attack an army containing the unit that tamed
it" and no other dragon is there to fight (p.62), so it does not roll: the Dragonlord showing Cantrip
and the Thug 1 melee (no saves) lose nothing. Without the bond, 6 damage and no save would kill both
(4 + 1 = 5 health within 6, p.29).
"""
from __future__ import annotations

import copy

import pytest

from calculator.core.errors import InputError

from .game_cases import END, setup

SETUP = setup(alice={"armies": {"campaign": []}}, bob={"armies": {"campaign": ["eldarim/dragonlord", "goblins/thug"]}})
SUMMON = {"move": "summon", "dragon": "alice.pool.1", "to": "frontier", "reason": "test"}
TAME = {"move": "dragon-attack", "terrain": "frontier",
        "faces": {"alice.pool.1": "claws", "bob.campaign.1": "logo-champion", "bob.campaign.2": "1 save"},
        "bonds": {"alice.pool.1": {"unit": "bob.campaign.1", "how": "tamed"}}}
AGAIN = {"move": "dragon-attack", "terrain": "frontier",
         "faces": {"alice.pool.1": "claws", "bob.campaign.1": "cantrip", "bob.campaign.2": "1 melee"}}
BOND = {"dragon": "alice.pool.1", "how": "tamed", "unit": "bob.campaign.1", "player": "bob"}


def play(engine, moves):
    return engine.game(copy.deepcopy({"setup": SETUP, "moves": moves}))


def test_the_tamed_dragon_is_kept_and_spares_its_tamers_army_next_time(engine):
    after = play(engine, [SUMMON, END, TAME])
    assert after["state"]["dragon_bonds"] == [BOND]
    assert after["state"]["armies"]["bob.campaign"]["dice"] == ["bob.campaign.1", "bob.campaign.2"]
    later = play(engine, [SUMMON, END, TAME, END, END, AGAIN])
    assert later["state"]["dragon_bonds"] == [BOND]
    assert later["state"]["armies"]["bob.campaign"]["dice"] == ["bob.campaign.1", "bob.campaign.2"]
    assert later["state"]["players"]["bob"]["dua"] == []
    [drake] = later["log"][-1]["answer"]["dragons"]
    assert drake["target"] == "none" and drake["damage"] == 0


def test_without_the_bond_the_same_attack_kills_both(engine):
    untamed = {**TAME, "bonds": None}
    untamed.pop("bonds")
    out = play(engine, [SUMMON, END, untamed, END, END, AGAIN])
    assert out["state"]["dragon_bonds"] == []
    assert sorted(out["state"]["players"]["bob"]["dua"]) == ["bob.campaign.1", "bob.campaign.2"]


def test_the_bond_ends_when_the_tamer_leaves_the_terrain(engine):
    # p.62: "The taming unit leaves the terrain without the dragon": bob retreats his Dragonlord to his
    # Reserve Area in his Reserves Phase (p.11); the drake is free again.
    retreat = {"move": "reserves", "step": "retreat", "dice": ["bob.campaign.1"]}
    out = play(engine, [SUMMON, END, TAME, retreat])
    assert out["state"]["dragon_bonds"] == []


@pytest.mark.parametrize("bonds,field", [
    ({"alice.pool.1": {"unit": "bob.campaign.2", "how": "tamed"}}, "moves[2].bonds.alice.pool.1.unit"),   # a Thug
    ({"alice.pool.1": {"unit": "bob.campaign.1", "how": "ridden"}}, "moves[2].bonds.alice.pool.1.how"),
    ({"bob.pool.1": {"unit": "bob.campaign.1", "how": "tamed"}}, "moves[2].bonds.bob.pool.1"),   # did not attack
])
def test_a_bond_the_rules_refuse_names_its_field(engine, bonds, field):
    with pytest.raises(InputError) as err:
        play(engine, [SUMMON, END, {**TAME, "bonds": bonds}])
    assert str(err.value).startswith(field + ": ")


def test_no_bond_without_the_champions_ability_used(engine):
    # The Dragonlord shows Cantrip, not its logo: no dragon's damage is ignored, so nothing was tamed (p.62).
    faces = {**TAME["faces"], "bob.campaign.1": "cantrip"}
    with pytest.raises(InputError) as err:
        play(engine, [SUMMON, END, {**TAME, "faces": faces}])
    assert str(err.value).startswith("moves[2].bonds.alice.pool.1: ")


def test_a_slain_dragon_leaves_the_game(engine):
    # p.62 Slay a Dragon: bob's Dragonslayer (its logo in the response) slays the Red Drake, whose 6
    # damage is ignored: "a slain dragon is not returned to its owner's Summoning Pool, but is instead
    # removed from the game entirely": not at the frontier, not in alice's pool (her Village stays).
    setup_ = setup(alice={"armies": {"campaign": []}}, bob={"armies": {"campaign": ["eldarim/dragonslayer", "goblins/thug"]}})
    slay = {**TAME, "bonds": {"alice.pool.1": {"unit": "bob.campaign.1", "how": "slain"}}}
    out = engine.game(copy.deepcopy({"setup": setup_, "moves": [SUMMON, END, slay]}))
    st = out["state"]
    assert st["terrains"]["frontier"]["dragons"] == [] and st["players"]["alice"]["pool"] == ["alice.pool.2"]
    assert st["dragon_bonds"] == [] and st["armies"]["bob.campaign"]["dice"] == ["bob.campaign.1", "bob.campaign.2"]
