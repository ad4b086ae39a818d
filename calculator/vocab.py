"""The shared vocabulary of roll and result types (data/README.md, "Roll types and result types").

>>> counted_types("dragon_attack")
('save', 'melee', 'missile')
"""
from __future__ import annotations

ROLL_TYPES: tuple[str, ...] = ("maneuver", "melee", "missile", "magic", "save", "dragon_attack")
RESULT_TYPES: tuple[str, ...] = ("maneuver", "melee", "missile", "magic", "save")
AGAINST: tuple[str, ...] = ("melee", "missile", "magic", "dragon", "other")
NORMAL_ICONS: tuple[str, ...] = ("id",) + RESULT_TYPES
OPS: tuple[str, ...] = ("add", "subtract", "divide", "multiply")

# A dragon-attack response is a combination roll counting save, melee and missile results
# (rulebook p.17, p.28); every other roll counts its own type.
_COUNTED: dict[str, tuple[str, ...]] = {t: (t,) for t in RESULT_TYPES}
_COUNTED["dragon_attack"] = ("save", "melee", "missile")

# Clause shorthands the data writer may leave unexpanded (data/README.md).
ROLL_GROUPS: dict[str, tuple[str, ...]] = {
    "any": ROLL_TYPES,
    "non_maneuver": tuple(r for r in ROLL_TYPES if r != "maneuver"),
}

DOC = "/rules/how-the-calculator-reads-the-rules/"


def counted_types(roll: str) -> tuple[str, ...]:
    """Result types that count in a roll, in the order the roll names them."""
    return _COUNTED[roll]


def see(anchor: str) -> str:
    """Link to one interpretation on the hand-written rules page."""
    return f"{DOC}#{anchor}"


def slug(text: str) -> str:
    """Lower-case hyphenated form used for ids.

    >>> slug("Rise from the Ashes")
    'rise-from-the-ashes'
    >>> slug("double_strike")
    'double-strike'
    """
    out = []
    for ch in text.strip().lower():
        if ch.isalnum():
            out.append(ch)
        elif ch in " -_/&" and out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")
