"""The engine's vocabulary, published in the open data bundle (key ``calculator``) so that the page
and other tools use the one set of names, roll types, limits and interpretation anchors.

>>> sorted(vocabulary())[:3]
['against', 'categories', 'die_kinds']
"""
from __future__ import annotations

from typing import Any

from .core.dice import DIE_KINDS, ITEM_KINDS, SIZES
from .core.interpret import ANCHORS, DOC
from .kinds import ABILITIES, EFFECTS, MODIFIERS
from .kinds.modifiers import SIGN, free_modifier_ops
from .core.limits import published
from .core.rolls import AGAINST, CATEGORY_NAMES, RESULT_TYPES, ROLL_TYPES


def spell_modifiers(spells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Spells that change rolls, with their modifiers in words (for the page's spell list)."""
    from .bundle import make_modifiers

    out = []
    for s in spells:
        mods = make_modifiers(s)
        if mods:
            out.append({"id": s["id"], "name": s.get("name", s["id"]), "label": "; ".join(m.label() for m in mods)})
    return out


# Exchanges, in the players' words: the attacks, the rolls each side makes (the input's roll names,
# calculator.exchange.request.ROLL_NAMES and the dragon attack's), and the summary's keys. The page
# shows these names instead of the input's ids.
EXCHANGE_ATTACKS = (
    {"id": "melee", "name": "Melee attack",
     "rolls": {"attacker": ["attack", "counter_save"], "defender": ["save", "counter"]}},
    {"id": "missile", "name": "Missile attack", "rolls": {"attacker": ["attack"], "defender": ["save"]}},
    {"id": "dragon", "name": "Dragon attack", "rolls": {"attacker": ["dragon"], "defender": ["response"]}},
)
EXCHANGE_ROLLS = {
    "attack": "Attack", "save": "Save roll", "save_and_melee": "Save-and-melee roll (against a Charge)",
    "counter": "Counter-attack", "counter_save": "Save roll against the counter-attack",
    "dragon": "Dragon's roll", "response": "Response to the dragons", "breath_save": "Roll against burial by breath",
    "breath": "Breath",                 # not a roll: where a dragon attack's first damage comes from
}
EXCHANGE_SUMMARY = {
    "attack_total": "Attack results", "save_total": "Saves against the attack", "damage": "Damage to the defender",
    "counter_total": "Counter-attack results", "counter_save_total": "Saves against the counter-attack",
    "counter_damage": "Damage to the attacker from the counter-attack",
    "save_roll_damage_to_attacker": "Damage to the attacker from the defender's save roll",
    "counter_save_roll_damage_to_defender": "Damage to the defender from the attacker's save roll",
    "dragon_damage": "Damage from the dragons' faces", "breath_killed": "Health-worth killed by breath",
    "response_save": "Saves in the response", "response_melee": "Melee results in the response",
    "response_missile": "Missile results in the response", "army_damage": "Damage to the army after its saves",
    "dragons_killed": "Dragons killed",
}


def exchange_vocabulary() -> dict[str, Any]:
    """Names for the exchange's attacks, rolls, sides and summary (a unit's own roll against an SAI
    that targets it is ``<sai id>_target_<test>``: ``target_roll`` names it)."""
    return {"attacks": [dict(a) for a in EXCHANGE_ATTACKS], "rolls": dict(EXCHANGE_ROLLS),
            "target_roll": "{sai}: the unit it targets rolls alone", "summary": dict(EXCHANGE_SUMMARY),
            "sides": {"attacker": "Attacker", "defender": "Defender"}}


def vocabulary(spells: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "spell_modifiers": spell_modifiers(spells or []),
        "roll_types": [r.to_json() for r in ROLL_TYPES.values()],
        "result_types": list(RESULT_TYPES),
        "against": list(AGAINST),
        "categories": [{"id": c, "name": n} for c, n in CATEGORY_NAMES.items()],
        "die_kinds": list(DIE_KINDS), "item_kinds": list(ITEM_KINDS), "sizes": list(SIZES),
        "free_modifiers": [{"op": op, "sign": SIGN[op]} for op in free_modifier_ops()],
        "limits": published(),
        "interpretations": {"page": DOC, "anchors": dict(ANCHORS)},
        "exchange": exchange_vocabulary(),
        "kinds": {"effects": EFFECTS.catalogue(), "abilities": ABILITIES.catalogue(),
                  "modifiers": MODIFIERS.catalogue()},
    }
