"""The magic option (rulebook v4.01d p.11, p.44): the chances of the magic total, as the
``distribution`` command gives them, and, weighed over every way the army's dice can fall, how
many results may be paid as each element and how often each spell alone is affordable.

Each way the dice fall is resolved by the single roll (calculator.roll.resolve) and its magic read
and paid as a roll's answer reads and pays it (calculator.magic: shares of each unit, p.11 split of
a two-element unit, p.44 species and Reserve spells), so no payment rule is restated here. Faces
that bring the same magic are taken together; past :data:`WAYS` ways, or where a face rolls again,
the figures are a labelled sampled estimate of ``BOUNDS["samples"]`` rolls from one fixed seed.
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from typing import Any, Iterator, cast

from ..core.shapes import Answer
from ..bundle import Index
from ..core.errors import TooLarge
from ..core.faces import Face
from ..core.limits import BOUNDS
from ..magic.answer import usable
from ..magic.flow import Work
from ..magic.pay import Entry, pay
from ..magic.spells import Spell, spells_of
from ..magic.total import Magic, magic_of
from ..roll.chances import summarize
from ..roll.faceval import contribution
from ..roll.inputs import RollInput
from ..roll.resolve import resolve_input
from ..roll.units import Unit
from .request import ARMY, AdviseInput, lean
from ..roll.asks import EngineView

WAYS = 1024         # ways the army's dice can fall worked through exactly (each a single roll resolved, ~1 ms)
DIST_KEYS = ("distribution", "mean", "sd", "at_least")


def magic_data(inp: AdviseInput) -> Answer:
    """The army's magic roll as a single-roll input: at its terrain (its eighth face if it holds it,
    p.15) or in the Reserve Area."""
    side = inp.army.raw
    data: Answer = {"roll": "magic", "army": list(side["army"]),
                            "terrain": "reserve" if inp.terrain is None else inp.terrain.id}
    for key in ("modifiers", "options", "minor_terrain"):
        if side.get(key) is not None:
            data[key] = side[key]
    if inp.terrain is not None and inp.controller == ARMY and inp.terrain.eighth_face:
        data["eighth_faces"] = [inp.terrain.eighth_face]
    return data


def _unit_ways(u: Unit, inp: RollInput, idx: Index) -> list[tuple[Face, float]] | None:
    """The faces of one unit that bring different magic, each with its chance; None: a face rolls again.
    A face that brings no magic and does nothing else in this roll is taken with the blank ones."""
    if u.rolled is not None:
        return [(u.rolled, 1.0)]
    ways: dict[tuple, tuple[Face, float]] = {}
    for f in u.faces:
        c = contribution(u, f, inp.roll, idx)
        if c.rerolls:
            return None
        quiet = not (c.multiply or c.counts_as or c.effects or c.army_adds or c.reflect)
        plain = quiet and (f.icon not in idx.sais or not (c.sai.get("magic") or c.rolled.get("magic")))
        key = ("", c.nonsai.get("magic", 0), f.icon == "magic") if plain else (f.icon, f.count)
        face, p = ways.get(key, (f, 0.0))
        ways[key] = (face, p + 1.0 / len(u.faces))
    return list(ways.values())


Choice = tuple[list[int], list[tuple[Face, float]], tuple[int, ...], float]


def _group_choices(units: list[int], ways: list[tuple[Face, float]]) -> list[Choice]:
    """Alike units fall as a multiset of their ways: each with its multinomial chance."""
    out = []
    for pick in itertools.combinations_with_replacement(range(len(ways)), len(units)):
        p = float(math.factorial(len(units)))
        for j in set(pick):
            p /= math.factorial(pick.count(j))
        for j in pick:
            p *= ways[j][1]
        out.append((units, ways, pick, p))
    return out


def _ways(inp: RollInput, idx: Index) -> Iterator[tuple[RollInput, float]] | None:
    """Every way the army can fall (each unit at one face; alike units as a multiset), with its
    chance; None: past the bound or where a face rolls again."""
    per = [_unit_ways(u, inp, idx) for u in inp.units]
    groups: dict[tuple, list[int]] = {}
    for i, (u, w) in enumerate(zip(inp.units, per)):
        if w is None:
            return None
        groups.setdefault((u.key[1:-1], tuple(w)), []).append(i)     # alike but for place and name
    choices = [_group_choices(units, per[units[0]] or []) for units in groups.values()]
    if math.prod(len(c) for c in choices) > WAYS:
        return None

    at = {(i, f): replace(u, rolled=f) for i, u in enumerate(inp.units) for f, _ in per[i] or []}

    def each() -> Iterator[tuple[RollInput, float]]:
        for combo in itertools.product(*choices):
            now = list(inp.units)
            p = 1.0
            for units, ways, pick, q in combo:
                p *= q
                for i, j in zip(units, pick):
                    now[i] = at[(i, ways[j][0])]
            yield replace(inp, units=tuple(now)), p
    return each()


def _sampled(inp: RollInput) -> Iterator[tuple[RollInput, float]]:
    rng = random.Random(1)
    for _ in range(BOUNDS["samples"]):
        yield replace(inp, seed=rng.randrange(1, 10 ** 15)), 1.0 / BOUNDS["samples"]


class Tally:
    """What the ways the dice fall add up to: each element's expected results, each spell's chance."""

    def __init__(self, spells: list[Spell]) -> None:
        self.spells = spells
        self.elements: dict[str, float] = {}
        self.chance: dict[str, float] = {}
        self.total: dict[int, float] = {}
        self.paid: dict[tuple, list[str]] = {}      # ways whose magic is alike are paid once

    def add(self, magic: Magic, p: float) -> None:
        self.total[magic.total] = self.total.get(magic.total, 0.0) + p
        kinds = dict.fromkeys(c for s in magic.shares for c in s.currencies)
        for c in kinds:     # a result counts under each element it may be paid as
            n = min(magic.total, sum(s.amount for s in magic.shares if c in s.currencies))
            self.elements[c] = self.elements.get(c, 0.0) + p * n
        key = _alike(magic)
        if key not in self.paid:
            self.paid[key] = [s.id for s in self.spells if _affordable(s, magic)]
        for sid in self.paid[key]:
            self.chance[sid] = self.chance.get(sid, 0.0) + p


def _alike(magic: Magic) -> tuple:
    """What payment reads of the magic: ways alike are paid once. Whose results they are matters only
    where one unit's or one element's results are chosen (Attune, a Medallion)."""
    chosen = any(s.recolour or s.one_element for s in magic.shares)
    shares = sorted((s.unit if chosen else None, s.amount, s.currencies, s.species, tuple(sorted(s.pays_species)),
                     s.cantrip_only, s.free, s.one_element, s.capped, s.normal, s.recolour, s.is_item, s.alloy)
                    for s in magic.shares)
    return (tuple(shares), magic.total, magic.keep_normal, magic.keep_id, magic.reserve, magic.magic_action,
            magic.grain)


def _affordable(spell: Spell, magic: Magic) -> bool:
    """Whether the results pay for one casting of the spell alone (as the answer's ``castable``)."""
    if not usable(spell, magic):
        return False
    try:
        return pay([Entry(0, spell)], magic, Work(BOUNDS["payments"] // 20)) is not None
    except TooLarge:
        return False


def magic_option(engine: EngineView, inp: AdviseInput) -> tuple[Answer, list[str]]:
    idx = engine.index
    data = magic_data(inp)
    roll = engine.parse(data)
    ways = _ways(roll, idx)
    method: Answer = {"method": "exact"} if ways is not None else \
        {"method": "sampled", "samples": BOUNDS["samples"]}
    spells = sorted(spells_of(idx).values(), key=lambda s: s.order)
    tally = Tally(spells)
    notes: list[str] = []
    for given, p in ways if ways is not None else _sampled(roll):
        magic = magic_of(resolve_input(given, idx), idx)
        notes += [w for w in magic.warnings if w not in notes]
        tally.add(magic, p)
    try:
        dist = engine.distribution(data)
        total = {k: dist[k] for k in DIST_KEYS}
        notes += [n for n in cast("list[str]", dist.get("notes", [])) if n not in notes]
    except TooLarge:
        full = summarize(tally.total, 0.0, [], "magic")
        total = {k: full[k] for k in DIST_KEYS}        # the ways worked through (or sampled) give it
    rows = [{"spell": s.id, "element": s.element, "cost": s.cost, "chance": tally.chance[s.id]}
            for s in spells if tally.chance.get(s.id, 0.0) > 0]
    return {"action": "magic", "magic": total, "elements": tally.elements, "spells": rows, **method,
            "command": "resolve", "input": lean(data)}, notes


__all__ = ["magic_option", "magic_data"]
