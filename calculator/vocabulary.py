"""The engine's vocabulary, published in the open data bundle (key ``calculator``) so that the page
and other tools use the one set of names, roll types, limits and interpretation anchors.

>>> sorted(vocabulary())[:3]
['advise', 'against', 'categories']
"""
from __future__ import annotations

from typing import Any

from .core.shapes import Answer
from .bundle import make_modifiers
from .dragons.dice import face_words
from .dragons.tamed import CHOICES as BOND_CHOICES
from .exchange.words import exchange_vocabulary
from .forces.request import force_vocabulary
from .terrain.request import maneuver_vocabulary
from .advise.words import advise_vocabulary
from .core.errors import BundleError, ParamError
from .core.dice import DIE_KINDS, ITEM_KINDS, SIZES
from .core.interpret import ANCHORS, DOC, see
from .kinds import ABILITIES, EFFECTS, MODIFIERS, TERRAIN
from .kinds.modifiers import SIGN, free_modifier_ops
from .core.limits import published
from .core.rolls import AGAINST, CATEGORY_NAMES, RESULT_TYPES, ROLL_TYPES


def spell_modifiers(spells: list[Answer]) -> list[Answer]:
    """Spells that change rolls, with their modifiers in words (for the page's spell list)."""
    out = []
    for s in spells:
        try:
            mods = make_modifiers(s)
        except ParamError as exc:       # the data's mistake, named (generator check prints one line)
            raise BundleError("spells", str(s.get("id")), exc.field, exc.message) from None
        if mods:
            out.append({"id": s["id"], "name": s.get("name", s["id"]), "label": "; ".join(m.label() for m in mods)})
    return out


def vocabulary(spells: list[Answer] | None = None, dragons: list[Answer] | None = None,
               icons: list[Answer] | None = None) -> Answer:
    return {
        "dragon_faces": face_words(dragons or [], icons or []),
        "dragon_bonds": {"choices": list(BOND_CHOICES), "see": see("dragon-attacks")},
        "spell_modifiers": spell_modifiers(spells or []),
        "roll_types": [r.to_json() for r in ROLL_TYPES.values()],
        "result_types": list(RESULT_TYPES),
        "against": list(AGAINST),
        "categories": [{"id": c, "name": n} for c, n in CATEGORY_NAMES.items()],
        "die_kinds": list(DIE_KINDS), "item_kinds": list(ITEM_KINDS), "sizes": list(SIZES),
        # Each op's smallest amount too: the page refuses a smaller one beside its field.
        "free_modifiers": [{"op": op, "sign": SIGN[op], "lowest": MODIFIERS.kinds[op].lowest_amount()}
                           for op in free_modifier_ops()],
        "limits": published(),
        "interpretations": {"page": DOC, "anchors": dict(ANCHORS)},
        "exchange": exchange_vocabulary(),
        "maneuver": maneuver_vocabulary(),
        "force": force_vocabulary(),
        "advise": advise_vocabulary(),
        "kinds": {"effects": EFFECTS.catalogue(), "abilities": ABILITIES.catalogue(),
                  "modifiers": MODIFIERS.catalogue(), "terrain": TERRAIN.catalogue()},
    }
