"""The answer of the exact odds (calculator.exchange.odds): each side's chances of every amount of
damage and of health-worth killed, from the states at the end of the exchange, with the notes."""
from __future__ import annotations

from typing import Any

from ...core.interpret import see
from ...roll.chances import summarize
from .chances import SIDE_PLACES, SIDES, Payload
from .run import OddsRun


def answer(run: OddsRun, parts: list[tuple[list[Payload], tuple[str, ...]]]) -> dict[str, Any]:
    """``parts``: the chances of the states at the end, each part with the sides whose losses it
    answers for."""
    joint: dict[str, dict[str, dict[int, float]]] = {s: {"damage": {}, "killed": {}} for s in SIDES}
    total = {s: 0.0 for s in SIDES}
    for payloads, answers in parts:
        for payload in payloads:
            for loss, p in payload.items():
                for i, side in enumerate(SIDES):
                    if side not in answers:
                        continue
                    total[side] += p
                    at = SIDE_PLACES * i          # the side's damage to the army, killed, damage to units alone
                    for what, n in (("damage", loss[at] + loss[at + 2]), ("killed", loss[at + 1])):
                        acc = joint[side][what]
                        acc[n] = acc.get(n, 0.0) + p
    sides = {side: {what: _dist(dist) for what, dist in joint[side].items()} for side in SIDES}
    notes = _notes(run)
    dropped = max(0.0, 1.0 - min(total.values()))
    if dropped > 1e-9:
        notes.append(f"very unlikely ways the exchange can go were left out: {dropped:.3g} of the probability "
                     f"is not shown")
    return {"attack": run.inp.attack, "sides": sides, "dropped": dropped, "notes": notes,
            "see": see("exchange-odds"), "method": "exact"}


def _dist(dist: dict[int, float]) -> dict[str, Any]:
    full = summarize(dist, 0.0, [], "")
    return {k: full[k] for k in ("distribution", "mean", "sd", "at_least")}


def _notes(run: OddsRun) -> list[str]:
    notes: list[str] = []
    for e in run.entries.values():
        notes += [n for n in e.notes if n not in notes]
        for t in e.extras.listed:
            if f"Left to you when it happens: {t}" not in notes:
                notes.append(f"Left to you when it happens: {t}")
    notes += [w["text"] for w in run.warnings if w["text"] not in notes]
    for left in run.left:
        text = f"Left to you when it happens: {left.text}"
        if text not in notes:
            notes.append(text)
    return notes
