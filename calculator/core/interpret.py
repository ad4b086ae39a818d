"""Interpretation anchors: each reading the calculator makes has one anchor on the page
"How the calculator reads the rules" (docs/rules/how-the-calculator-reads-the-rules.md).

A test checks that the page has exactly these anchors; the trace links to them with :func:`see`.

>>> see("counts-as")
'/rules/how-the-calculator-reads-the-rules/#counts-as'
"""
from __future__ import annotations

DOC = "/rules/how-the-calculator-reads-the-rules/"

ANCHORS: dict[str, str] = {
    "one-clause-per-roll": "One part of an SAI per roll",
    "choice-results": "Choices between result types",
    "id-in-combination-rolls": "ID results in a combination roll",
    "all-results": "Modifiers on all results",
    "modifiers": "Modifiers that do not touch the roll",
    "modifiers-by-hand": "Modifiers the calculator leaves to you",
    "one-divide-one-multiply": "One divide and one multiply per result type",
    "unit-multipliers": "SAIs that double one unit",
    "counts-as": "Counts-as results",
    "may-options": "May options",
    "counter-rolls": "Counter-attacks",
    "no-terrain": "No terrain given",
    "delayed-effects": "Effects delayed until the save roll",
    "automatic-saves": "Automatic saves",
    "dua-rolls": "Dice in the DUA",
    "reroll-faces": "Re-rolls",
    "random-faces": "Random faces",
    "conditional-results": "Results that depend on the other side",
    "effects-reported": "Effects that are reported, not calculated",
    "abilities-by-hand": "Species abilities left to you",
    "icons-without-rules": "Icons without rules text",
    "chances": "Chances of each total",
    "items-are-not-units": "Items are not units",
    "x-values": "X on a face given without a count",
    "individual-rolls": "Individual rolls",
    "lasting-saves": "Saves added to the army until your next turn",
    "spells-computed": "Spells the calculator works out",
    "spell-effects": "Spells that deal damage or call for a roll",
    "limits": "Input limits",
    "exchanges": "Exchanges",
    "casualties": "Choosing casualties",
    "targets": "Choosing targets",
    "exchange-odds": "Chances of an exchange",
    "dragon-attacks": "Dragon attacks",
    "dragon-response": "Splitting the response to a dragon attack",
    "magic-pools": "Whose magic, of which element",
    "magic-payment": "Paying for spells",
    "maneuvers": "Maneuvers and the terrain die",
    "eighth-faces": "Eighth faces",
    "minor-terrains": "Minor terrains",
}


def see(anchor: str) -> str:
    """Link to one interpretation; an unknown anchor is a programming error."""
    if anchor not in ANCHORS:
        raise KeyError(f"no interpretation anchor '{anchor}'")
    return f"{DOC}#{anchor}"
