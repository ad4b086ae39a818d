"""An exchange's attacks, rolls and summary in the players' words (the page shows these names
instead of the input's ids; calculator.vocabulary publishes them)."""
from __future__ import annotations

from typing import Any

from ..core.shapes import Answer

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


def exchange_vocabulary() -> Answer:
    """Names for the exchange's attacks, rolls, sides and summary (a unit's own roll against an SAI
    that targets it is ``<sai id>_target_<test>``: ``target_roll`` names it)."""
    return {"attacks": [dict(a) for a in EXCHANGE_ATTACKS], "rolls": dict(EXCHANGE_ROLLS),
            "target_roll": "{sai}: the unit it targets rolls alone", "summary": dict(EXCHANGE_SUMMARY),
            "sides": {"attacker": "Attacker", "defender": "Defender"}}
