"""Registered kinds: SAI effects, species abilities and spell modifiers, one class each.

Importing this package registers every kind; ``EFFECTS``, ``ABILITIES`` and ``MODIFIERS`` are
the three families (see calculator.core.registry).
"""
from __future__ import annotations

from ..core.registry import Registry

EFFECTS = Registry("effect")        # sais.yaml clause `effect` / `extra_effects`
ABILITIES = Registry("ability")     # species.yaml ability `engine`
MODIFIERS = Registry("modifier")    # spells.yaml `modifier`, and free modifiers of an input

from . import roll, exchange, after, abilities, modifiers  # noqa: E402,F401  (registers the kinds)

__all__ = ["EFFECTS", "ABILITIES", "MODIFIERS"]
