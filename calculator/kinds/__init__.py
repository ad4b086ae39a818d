"""Registered kinds: SAI effects, species abilities, spell modifiers and spell effects, one class each.

Importing this package registers every kind; ``EFFECTS``, ``ABILITIES`` and ``MODIFIERS`` are
the three families (see calculator.core.registry).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.registry import Kind, Registry

if TYPE_CHECKING:
    from .abilities import Ability
    from .modifiers import Modifier
    from .spells import SpellEffect
    from .terrain import TerrainEffect

EFFECTS: Registry[Kind] = Registry("effect")           # sais.yaml clause `effect` / `extra_effects`
ABILITIES: Registry[Ability] = Registry("ability")     # species.yaml ability `engine`
MODIFIERS: Registry[Modifier] = Registry("modifier")   # spells.yaml `modifier`, and free modifiers of an input
TERRAIN: Registry[TerrainEffect] = Registry("terrain face")   # icons.yaml `terrain_effects` (eighth and minor faces)
SPELL_EFFECTS: Registry[SpellEffect] = Registry("spell effect")   # spells.yaml `effect` (damage, a maneuver to hold a terrain)

from . import roll, exchange, opposing, after, abilities, against, dua, modifiers, terrain, spells, dragon  # noqa: E402,F401  (registers the kinds)
from .dragon import BREATH, DRAGON_FACE  # noqa: E402  (icons.yaml `dragon_face`, rules.yaml `breath_effects`)

__all__ = ["EFFECTS", "ABILITIES", "MODIFIERS", "TERRAIN", "SPELL_EFFECTS", "DRAGON_FACE", "BREATH"]
