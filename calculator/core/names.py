"""Units named as players name them: by their die's name, and, when the army holds two or more
of the same die, as "the 2nd Mugger" does at the table ("1st Mugger", "2nd Mugger", ...).

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
>>> player_names(["Mugger", "Warrior", "Mugger"])
['1st Mugger', 'Warrior', '2nd Mugger']
"""
from __future__ import annotations


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, ... 21st."""
    tail = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def player_names(labels: list[str]) -> list[str]:
    """Each name as it is, or with its place among the same name when several share it."""
    total: dict[str, int] = {}
    for label in labels:
        total[label] = total.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if total[label] == 1:
            out.append(label)
        else:
            seen[label] = n = seen.get(label, 0) + 1
            out.append(f"{ordinal(n)} {label}")
    return out
