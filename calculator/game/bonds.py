"""Tamed and controlled dragons on the turns after (rulebook v4.01d p.62, the Eldarim champions'
Tame a Dragon and Control a Dragon; the logo-champion SAI).

A dragon attack move names, in ``bonds``, the dragon a champion of the attacked army tamed, controls
or slew with its SAI rolled in the response (``{dragon die id: {"unit": die id, "how": "tamed" |
"controlled" | "slain"}}``); the engine's answer must show a champion's ability used on a dragon there.
A slain dragon leaves the game (not its Summoning Pool); a slain White Dragon's roll (Jaws buries the
slayer) is left to the player. The
state then keeps the bond (``dragon_bonds``) and each later dragon attack at that terrain gives the
dragon as tamed or controlled when the bonding unit is in the army attacked (calculator.dragons.tamed
reads what that means). How p.62 is read: a unit tames or controls one dragon at a time, and a dragon
tamed or controlled anew leaves its old bond; the bond ends when the dragon and the unit no longer
stand at the same terrain (the dragon summoned away or killed, the unit moved or killed; riding the
dragon together keeps it); a White Dragon is freed at the Effects Expire step of the bonding player's
next turn.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_str, only, short
from ..core.shapes import Answer, Raw
from ..dragons.tamed import face_cancels_dragon_damage
from .state import Bond, State

HOWS = ("tamed", "controlled", "slain")
OUT = "out"                 # a slain dragon's place: out of the game (p.62)
BOND_KEYS = ("unit", "how")


def bond_flag(state: State, dragon: str, army: str) -> Answer:
    """The dragon's ``tamed`` or ``controlled`` in a dragon attack on ``army`` (p.62)."""
    b = state.bonds.get(dragon)
    if b is None or state.place.get(b.unit) != army:
        return {}
    return {b.how: True}


def takes_dragons(index: Index, die_id: str) -> bool:
    """Whether the die has a face whose SAI takes a dragon in a dragon attack (its kind cancels a
    dragon's damage: the Eldarim champions' logo, p.62), as the data's kinds say."""
    die = index.dice.get(die_id)
    return any(face_cancels_dragon_damage(index, f.icon) for f in (die.faces if die is not None else ()))


def take_bonds(state: State, index: Index, move: Raw, where: str, army: str, dragons: list[str],
               answer: Mapping[str, Any]) -> None:
    raw = move.get("bonds")
    if raw is None:
        return
    if not isinstance(raw, Mapping):
        raise InputError(f"{where}.bonds", 'expected {dragon die id: {"unit": die id, "how": "tamed" or "controlled"}}')
    spared = [dragons[d["dragon"]] for d in answer.get("dragons") or []
              if isinstance(d, Mapping) and d.get("ignored") and isinstance(d.get("dragon"), int)]
    for dragon, b in raw.items():
        at = f"{where}.bonds.{dragon}"
        if dragon not in dragons:
            raise InputError(at, f"{short(dragon)} is not a dragon that attacked {army}")
        if not isinstance(b, Mapping):
            raise InputError(at, 'expected {"unit": die id, "how": "tamed" or "controlled"}')
        only(b, BOND_KEYS, at)
        how = b.get("how")
        if how not in HOWS:
            raise InputError(f"{at}.how", f"expected tamed, controlled or slain, got {short(how)}")
        unit = need_str(b.get("unit"), f"{at}.unit")
        if unit not in state.dice or state.place.get(unit) != army or not takes_dragons(index, state.dice[unit].die):
            raise InputError(f"{at}.unit", f"{short(unit)} is not a champion of {army} that can tame, control or "
                                           f"slay a dragon (p.62)")
        if not spared:
            raise InputError(at, "no champion's Tame or Control a Dragon was used in the army's response: the "
                                 "answer ignores no dragon's damage (p.62)")
        white = (index.dragons.get(state.dice[dragon].die) or {}).get("dragon_type") == "white"
        for d in [d for d, old in state.bonds.items() if (old.unit == unit and how != "slain") or d == dragon]:
            del state.bonds[d]          # p.62: one dragon per unit; a new bond ends the old one
        if how == "slain":              # p.62: removed from the game entirely
            state.put(dragon, OUT)
            if white:
                state.warnings.append({"text": "A slain White Dragon is rolled: on Jaws its slayer is buried "
                                               "(p.62; an edit move)", "field": at})
            continue
        state.bonds[dragon] = Bond(str(how), unit, state.owner(army), white, state.turn.number)


def keep_bonds(state: State) -> None:
    """p.62: a bond ends when the dragon and its unit no longer stand at the same terrain."""
    for dragon, b in list(state.bonds.items()):
        where = state.place.get(dragon, "")
        army = state.place.get(b.unit, "")
        together = where.startswith("@") and army.count(".") == 1 and army.split(".")[1] != "reserve" and \
            not army.endswith((".dua", ".bua", ".pool")) and state.terrain_of(army) == where[1:]
        if not together:
            del state.bonds[dragon]


def free_white(state: State, number: int, player: str) -> None:
    """p.62: a White Dragon is freed at the Effects Expire step of the bonding player's next turn."""
    for dragon, b in list(state.bonds.items()):
        if b.white and b.player == player and b.turn < number:
            del state.bonds[dragon]
