"""Melee and missile options: each target's exchange, its chances as ``exchange-odds`` gives them
(calculator.exchange.odds, with its bound: exact, else a labelled sampled estimate).

Who may be attacked (rulebook v4.01d p.11): in melee, an opposing army at the same terrain; with
missiles, any opposing army, except one in a Reserve Area and, from a Home Terrain, one at another
Home Terrain. p.15 Tower: its controller may make a missile attack at any opponent's army, in a
Reserve Area counting only non-ID missile results.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Callable

from ..core.shapes import Answer
from ..bundle import Index
from ..kinds.terrain import ACTIONS
from ..roll.held import parse_held
from .request import ARMY, AdviseInput, Army, lean
from ..roll.asks import EngineView

FIGURES = ("damage", "killed")


def _held(inp: AdviseInput, name: str, raw: Answer) -> Answer:
    """The side as the exchange reads it: the eighth face joins its controller's side (p.15)."""
    assert inp.terrain is not None
    if inp.controller == name and inp.terrain.eighth_face:
        return dict(raw, eighth_faces=[inp.terrain.eighth_face])
    return raw


def holds_tower(idx: Index, inp: AdviseInput) -> bool:
    """Whether the army holds an eighth face that lets it fire at any army (Tower, p.15)."""
    face = inp.terrain.eighth_face if inp.terrain is not None and inp.controller == ARMY else None
    if face is None:
        return False
    return parse_held({"eighth_faces": [face]}, idx, "terrain", len(inp.army.side.units), allow_unit=False
                      ).reaches_reserve()


def missile_targets(idx: Index, inp: AdviseInput) -> tuple[list[tuple[int, Army]], list[str]]:
    """(index among opposing then elsewhere, army) of every army the missile attack may target, and
    notes on those it may not."""
    tower = holds_tower(idx, inp)
    out: list[tuple[int, Army]] = list(enumerate(inp.opposing))
    notes: list[str] = []
    for j, a in enumerate(inp.elsewhere):
        if a.at == "reserve" and not tower:
            notes.append(f"{a.name} is in a Reserve Area: a missile attack cannot target it (p.11)")
        elif a.at == "home" and inp.home and not tower:
            notes.append(f"{a.name} is at another Home Terrain: a missile attack from a Home Terrain cannot "
                         f"target it (p.11)")
        else:
            out.append((len(inp.opposing) + j, a))
    return out, notes


def _figures(odds: Mapping[str, Any]) -> Answer:
    sides = odds["sides"]
    out: Answer = {w: sides["defender"][w] for w in FIGURES}
    out["losses"] = {w: sides["attacker"][w] for w in FIGURES}
    out["method"] = odds["method"]
    if odds["method"] == "sampled":
        out["samples"] = odds["samples"]
    return out


def attack_option(odds_of: Callable[[Answer], Answer], inp: AdviseInput, attack: str,
                  target: Army, here: bool) -> tuple[Answer, list[str]]:
    """One exchange: the army attacks ``target`` (at this terrain when ``here``, else at its own)."""
    assert inp.terrain is not None
    reserve = target.at == "reserve"        # a Tower's missiles: the attacker's terrain, the target saves in reserve
    terrain = inp.terrain.id if here or reserve else target.terrain
    sized = {"size": inp.size} if inp.size != 24 else {}     # p.21: ⚰️ limits per 24 points of force size
    data: Answer = {"attack": attack, "attacker": _held(inp, ARMY, {**inp.army.raw, **sized}),
                            "defender": _held(inp, target.side.name, {**target.raw, **sized}) if here else
                            {**target.raw, **sized}}
    if terrain is not None:
        data["terrain"] = terrain
    if reserve:
        data["at_reserve"] = True
    odds: dict[str, Any] = odds_of(data)
    notes = [f"{attack} at {target.name}: {n}" for n in odds.get("notes", [])]
    if not here and not reserve and target.terrain is None:
        notes.append(f"{target.name}: its terrain is not given, so abilities that read the terrain's elements "
                     f"do not act in its saves")
    # The exchange's own input: the page opens the option in the exchange mode with it.
    return {"action": attack, "target": target.name, **_figures(odds), "command": "exchange",
            "input": {**data, "attacker": lean(data["attacker"]), "defender": lean(data["defender"])}}, notes


class Odds:
    """``exchange-odds`` answers, each asked once: options that are the same exchange share it."""

    def __init__(self, engine: EngineView) -> None:
        self.engine = engine
        self.known: dict[str, Answer] = {}

    def __call__(self, data: Answer) -> Answer:
        key = json.dumps(data, sort_keys=True)
        if key not in self.known:
            self.known[key] = self.engine.exchange_odds(data)
        return self.known[key]


def attack_options(engine: EngineView, inp: AdviseInput, actions: set[str]) -> tuple[list[Answer], list[str]]:
    odds = Odds(engine)
    options: list[Answer] = []
    notes: list[str] = []
    if "melee" in actions:
        for target in inp.opposing:
            option, more = attack_option(odds, inp, "melee", target, True)
            options.append(option)
            notes += more
    if "missile" in actions:
        targets, why = missile_targets(engine.index, inp)
        notes += why
        if not targets:
            notes.append("no opposing army may be targeted by a missile attack (p.11)")
        for i, target in targets:
            option, more = attack_option(odds, inp, "missile", target, i < len(inp.opposing))
            options.append(option)
            notes += more
    return options, [n for i, n in enumerate(notes) if n not in notes[:i]]


__all__ = ["attack_options", "missile_targets", "ACTIONS"]
