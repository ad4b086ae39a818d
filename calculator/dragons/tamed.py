"""Tamed and controlled dragons on the turns after (rulebook v4.01d p.62, the Eldarim champions'
Tame a Dragon and Control a Dragon), where the input says so: a dragon's ``"tamed": true`` (a unit of
the attacked army tamed it) or ``"controlled": true`` (a unit of the attacked army controls it).

How the calculator reads p.62:

- a tamed dragon "will not attack an army containing the unit that tamed it" and "still attacks
  other dragons as normal": it attacks a dragon by the p.17 table when it can, else it does not
  attack at all (no roll);
- a controlled dragon: its controller "may have the controlled dragon not roll, or may have it attack
  any other dragon, even a type of dragon that it would not usually attack" (``target``: a dragon's
  index, or ``"none"``); and "if another dragon attacks the controller's army, roll the controlled
  dragon and add any damage it inflicts to the melee results of the army, ignoring any Wings
  results". Without a ``target`` the calculator does the latter when another dragon attacks the
  army, else the dragon does not roll. Its damage is that of its faces against an army (Jaws, Claws,
  Tail, Wing; Tail rolls again; Breath deals no damage); it is not part of the army and takes no
  damage from the army's roll. It never attacks its controller's army.

Whether a dragon is still tamed or controlled (the unit still there, a White Dragon freed at the
Effects Expire step, ...) is the game's state, which the input states.
"""
from __future__ import annotations

from typing import Any

from ..bundle import Index
from ..core.errors import InputError
from ..core.fields import need_int
from ..core.registry import Kind
from .dice import ARMY, DragonDie

# What a page offers for a dragon of a dragon attack (the input's key, in player words; p.62).
CHOICES = ({"id": "", "name": "Free: no champion of the army tamed or controls it"},
           {"id": "tamed", "name": "Tamed by a champion of the army it attacks"},
           {"id": "controlled", "name": "Controlled by a champion of the army it attacks"})
STILL = "none"             # it does not roll
HELPS = "helps-army"       # controlled: rolled with the army, its damage added to the army's melee results


def face_cancels_dragon_damage(idx: Index, icon: str) -> bool:
    """Whether a face with this icon has an SAI that, in a dragon attack, cancels a dragon's damage
    (the Eldarim champions' logo, p.62): a kind that overrides the hook, as the data's kinds say."""
    sai = idx.sais.get(icon)
    return any("dragon_attack" in c.rolls and any(type(e).cancels_dragon_damage is not Kind.cancels_dragon_damage
                                                  for e in c.effects)
               for c in (sai.clauses if sai else ()))


def bond(raw: Any, where: str) -> str:
    """"tamed", "controlled" or "" from a dragon's input."""
    tamed, controlled = raw.get("tamed"), raw.get("controlled")
    for key, value in (("tamed", tamed), ("controlled", controlled)):
        if value is not None and not isinstance(value, bool):
            raise InputError(f"{where}.{key}", "expected true or false")
    if tamed and controlled:
        raise InputError(f"{where}.controlled", "a dragon is tamed or controlled, not both: the later one ends "
                                                "the other (rulebook p.62)")
    return "tamed" if tamed else "controlled" if controlled else ""


def bonded_targets(dice: list[DragonDie], given: list[Any], bonds: list[str], targets: list[int | str],
                   able: list[list[int]]) -> list[int | str]:
    """The targets of tamed and controlled dragons (p.62), the others' as the table gave them."""
    out = list(targets)
    for i, (want, how) in enumerate(zip(given, bonds)):
        where = f"attacker.dragons[{i}].target"
        if not how:
            continue
        if want == ARMY:
            raise InputError(where, f"a {how} dragon does not attack the army holding the unit that "
                                    f"{'tamed' if how == 'tamed' else 'controls'} it (rulebook p.62)")
        if want == STILL and how == "controlled":
            out[i] = STILL
        elif want is None and how == "tamed":
            out[i] = able[i][0] if able[i] else STILL
        elif want is not None:
            j = need_int(want, where, 0, len(dice) - 1)
            if j == i or (how == "tamed" and j not in able[i]):
                raise InputError(where, f"the {dice[i].name} does not attack the {dice[j].name}"
                                        + (" (a dragon never attacks itself)" if j == i else ""))
            out[i] = j
    for i, how in enumerate(bonds):          # a controlled dragon with no target given helps the army
        if how == "controlled" and given[i] is None:
            out[i] = HELPS if any(t == ARMY for j, t in enumerate(out) if j != i) else STILL
    return out


def bond_text(name: str, target: int | str, how: str) -> str:
    if target == HELPS:
        return (f"The {name} is controlled by a unit of the army: it rolls with the army and its damage is added "
                f"to the army's melee results, Wing ignored (rulebook p.62)")
    return f"The {name} does not roll: a unit of the army {'tamed' if how == 'tamed' else 'controls'} it (rulebook p.62)"
