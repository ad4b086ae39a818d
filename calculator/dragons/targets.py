"""Whom each dragon at the terrain attacks (rulebook v4.01d p.17, the targeting table).

A dragon attacks another dragon when there is one it is able to attack; only otherwise does it
attack the marching player's army. The table is data (rules.yaml ``dragon-attacks``
``dragon_types``); today, by type of the attacking dragon (rows) and of the attacked one:

- Elemental: an Elemental dragon unless of the same element; any Hybrid; an Ivory Hybrid unless
  the element matches; a White dragon; never an Ivory dragon;
- Hybrid: any Elemental; a Hybrid unless it matches both elements; an Ivory Hybrid unless it
  matches one element; a White dragon; never an Ivory dragon;
- Ivory and Ivory Hybrid: no dragon (they always attack the army);
- White: Elemental, Hybrid and Ivory Hybrid dragons; never an Ivory or White dragon.

When a dragon may attack several dragons, its owner chooses (step 2, in secret): the input's
``target`` (a dragon's index) or, without it, the first such dragon in the input's order.

>>> from calculator.dragons.dice import DragonDie
>>> from calculator.kinds.dragon import DragonType
>>> elemental = DragonType("elemental", "Elemental", "own-elements", (("elemental", "same-elements"),))
>>> red = DragonDie("red-drake", "Red Drake", "elemental", ("fire",), 5, 5, (), elemental)
>>> blue = DragonDie("blue-drake", "Blue Drake", "elemental", ("air",), 5, 5, (), elemental)
>>> can_attack(red, blue), can_attack(red, red)
(True, False)
"""
from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from ..core.fields import need_int
from ..core.names import player_names
from .dice import ARMY, DragonDie
from .tamed import bond_text, bonded_targets


def can_attack(a: DragonDie, b: DragonDie) -> bool:
    """Whether a dragon of die ``a`` attacks one of die ``b`` when both are at the terrain (p.17):
    its type's row of the table (rules.yaml ``dragon_types``) names ``b``'s type, and ``b`` is not
    excepted ("same-elements": not when their elements are the same; "shared-element": not when
    they share one)."""
    rows = a.type.attacks if a.type is not None else ()
    for kind, unless in rows:
        if kind != b.dragon_type:
            continue
        if unless == "same-elements":
            return set(a.elements) != set(b.elements)
        if unless == "shared-element":
            return not set(a.elements) & set(b.elements)
        return True
    return False


def choose_targets(dice: list[DragonDie], given: list[Any], bonds: list[str] | None = None
                   ) -> tuple[list[int | str], set[int]]:
    """Each dragon's target: another dragon's index, or ``"army"`` (p.17 steps 1-2), or for a tamed or
    controlled dragon (``bonds``, p.62: calculator.dragons.tamed) none or the army's side; and the
    dragons whose target the calculator picked among several. ``given``: each dragon's ``target`` from
    the input (None: the first dragon it may attack)."""
    out: list[int | str] = []
    picked: set[int] = set()
    bonds = bonds or [""] * len(dice)
    ables = []
    for i, (die, want) in enumerate(zip(dice, given)):
        able = [j for j, other in enumerate(dice) if j != i and can_attack(die, other)]
        ables.append(able)
        where = f"attacker.dragons[{i}].target"
        if want is None or bonds[i]:
            out.append(able[0] if able else ARMY)
            if len(able) > 1:
                picked.add(i)
            continue
        if want == ARMY:
            if able:
                raise InputError(where, f"the {die.name} must attack a dragon it is able to attack before the army "
                                        f"(here: {', '.join(label(dice, j) for j in able)})")
            out.append(ARMY)
            continue
        j = need_int(want, where, 0, len(dice) - 1)
        if j not in able:
            raise InputError(where, f"the {die.name} does not attack the {dice[j].name}"
                                    + (" (a dragon never attacks itself)" if j == i else ""))
        out.append(j)
    return bonded_targets(dice, given, bonds, out, ables), picked


def label(dice: list[DragonDie], i: int) -> str:
    """A dragon's name, as "the 2nd Red Dragon" when another dragon here has the same name."""
    return player_names([d.name for d in dice])[i]


def target_text(dice: list[DragonDie], targets: list[int | str], i: int, picked: bool, how: str = "") -> str:
    """Whom dragon ``i`` attacks, in words (``picked``: the calculator chose among several dragons;
    ``how``: tamed or controlled, p.62)."""
    t, name = targets[i], label(dice, i)
    if isinstance(t, str) and t != ARMY:
        return bond_text(name, t, how)
    if t == ARMY:
        return f"The {name} attacks the army" + ("" if len(dice) == 1 else " (no other dragon here is one it attacks)")
    assert isinstance(t, int)
    back = ", which attacks it too" if targets[t] == i else ""
    how = " (the first dragon here it may attack; its owner may choose another)" if picked else ""
    return f"The {name} attacks the {label(dice, t)}{back}, not the army{how}"
