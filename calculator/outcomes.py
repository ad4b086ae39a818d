"""Each unit's possible outcomes in one roll, reduced to what steps 5-10 can see.

A unit's outcome (:class:`Outcome`) is its first face and the "roll again" faces that follow,
summed: the additive results (per counted type: normal, SAI, added to the army), automatic
saves, the rolled results a counts-as effect could count as another type, the unit multipliers
and counts-as effects its faces bring, and its own results record (for a multiplier that picks
one unit). A unit that rolled an ID icon is kept aside when a delayed effect may take it out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .bundle import Index
from .contribution import Contribution
from .errors import InputError, TooLarge
from .faces import Face
from .faceval import contribution
from .inputs import Unit
from .limits import BOUNDS, LIMITS
from .rolls import RESULT_TYPES, Roll
from .steps import die_key

CUTOFF = 1e-15   # a "roll again" branch less likely than this is dropped (its mass is reported)


@dataclass(frozen=True)
class Outcome:
    """One unit's reduced outcome. ``vec``: nonsai, sai, army adds per counted type, automatic
    saves, Bash faces, then the caller's extra quantities; ``rolled``: (source, n) a counts-as
    effect could count as another type."""

    vec: tuple[int, ...]
    rolled: tuple[tuple[str, int], ...]
    mults: tuple[Any, ...]
    casas: tuple[Any, ...]
    record: tuple[int, ...] | None      # counted results, for unit multipliers (None: an item)
    group: tuple[str | None, bool]      # (species, is an item): whose rolled results these are
    id_roller: tuple | None = None      # (health, results, key) when kept aside for step 2


class Layout:
    """Which quantities a roll's outcomes keep (the roll's counted types, sources, extras)."""

    def __init__(self, roll: Roll, idx: Index, units: list[Unit], extra: Callable[[Contribution], tuple] | None,
                 n_extra: int, sources: tuple[str, ...]) -> None:
        self.roll, self.idx, self.extra, self.n_extra = roll, idx, extra, n_extra
        self.k = len(roll.counts)
        self.width = 3 * self.k + 2 + n_extra
        self.sources = sources

    def reduce(self, c: Contribution, unit: Unit) -> list[int]:
        counts = self.roll.counts
        vec = [c.nonsai.get(t, 0) for t in counts] + [c.sai.get(t, 0) for t in counts] + \
            [c.army_adds.get(t, 0) for t in counts] + [0, c.reflect]
        if self.extra:
            vec += list(self.extra(c))
        return vec


def sources_for(roll: Roll, idx: Index, units: list[Unit], parts: list[Contribution], mods: list[Any]) -> tuple[str, ...]:
    """Rolled types (and open choices such as "maneuver|save") a counts-as effect could count as
    another type in this roll."""
    srcs: set[str] = set()
    for sp in {u.species for u in units if u.species}:
        for ab in idx.abilities.get(sp, []):
            if ab.kind.kind == "counts-as" and ab.kind.applies(roll):
                srcs.add(ab.kind.p["from"])
    srcs.update(c.src for p in parts for c in p.counts_as)
    srcs.update(m.p["from"] for m in mods if m.kind == "counts-as")
    plain = [t for t in RESULT_TYPES if t in srcs and t not in roll.counts]
    choices = sorted({k for p in parts for k in p.rolled if "|" in k and set(k.split("|")) & srcs})
    return tuple(plain + choices)


def _reduced(unit: Unit, c: Contribution, lay: Layout) -> tuple:
    """(vector, rolled sources, multipliers, counts-as, lose automatic saves) of one face."""
    mults = tuple((m.sai, m.name, m.factor, m.types, m.choose_one, m.species) for m in c.multiply)
    casas = tuple((x.name, x.src, x.to) for x in c.counts_as)
    rolled = tuple(c.rolled.get(s, 0) for s in lay.sources)
    return tuple(lay.reduce(c, unit)), rolled, mults, casas, c.lose_auto_saves


def _add(a: tuple, b: tuple) -> tuple:
    return (tuple(x + y for x, y in zip(a[0], b[0])), tuple(x + y for x, y in zip(a[1], b[1])), a[2] + b[2],
            a[3] + b[3], a[4] or b[4])


def unit_outcomes(unit: Unit, lay: Layout, aside_ids: bool) -> tuple[dict[Outcome, float], float]:
    """Distribution of one unit's outcome and the probability mass of dropped long chains."""
    faces = sorted(set(unit.faces) | set(unit.rerolled) | ({unit.rolled} if unit.rolled else set()))
    contrib = {f: contribution(unit, f, lay.roll, lay.idx) for f in faces}
    if unit.rolled is None and unit.faces and all(contrib[f].rerolls for f in unit.faces):
        raise InputError(f"army[{unit.index}]", f"every face of {unit.label} rolls again in a "
                                                f"{lay.roll.label().lower()}: the roll never ends")
    parts = {f: _reduced(unit, c, lay) for f, c in contrib.items()}
    first = [(unit.rolled, 1.0)] if unit.rolled is not None else [(f, 1.0 / len(unit.faces)) for f in unit.faces]
    done, dropped = _chains(unit, first, parts, contrib)
    out: dict[Outcome, float] = {}
    for (acc, first_face), p in done.items():
        key = _outcome(unit, acc, first_face, contrib, lay, aside_ids)
        out[key] = out.get(key, 0.0) + p
    return out, dropped


def _chains(unit: Unit, first: list[tuple[Face, float]], parts: dict, contrib: dict) -> tuple[dict, float]:
    # A Markov chain over (partial outcome, first face, pending roll-agains, given faces used).
    frontier: dict[tuple, float] = {}
    for f, p in first:
        key = (parts[f], f, contrib[f].rerolls, 0)
        frontier[key] = frontier.get(key, 0.0) + p
    done: dict[tuple, float] = {}
    dropped, depth = 0.0, 1
    while frontier:
        nxt: dict[tuple, float] = {}
        for (acc, f0, pending, k), p in frontier.items():
            if pending == 0:
                done[(acc, f0)] = done.get((acc, f0), 0.0) + p
            elif p < CUTOFF or depth >= LIMITS["reroll_depth"] or (k >= len(unit.rerolled) and not unit.faces):
                dropped += p
            else:
                given = k < len(unit.rerolled)
                choices = [(unit.rerolled[k], p)] if given else [(f, p / len(unit.faces)) for f in unit.faces]
                for f, q in choices:
                    key = (_add(acc, parts[f]), f0, pending - 1 + contrib[f].rerolls, k + 1 if given else k)
                    nxt[key] = nxt.get(key, 0.0) + q
        frontier, depth = nxt, depth + 1
        if len(frontier) > BOUNDS["states"]:
            raise TooLarge(f"army[{unit.index}]", "too large to compute exactly: this die's roll-again chains "
                                                  "have too many outcomes")
    return done, dropped


def _outcome(unit: Unit, acc: tuple, first: Face, contrib: dict, lay: Layout, aside_ids: bool) -> Outcome:
    vec, rolled, mults, casas, lose = acc
    vec = list(vec)
    if unit.auto_saves and not lose and "save" in lay.roll.counts:
        vec[3 * lay.k] += unit.auto_saves      # automatic saves at step 10, only if rolled (p.54)
    k = lay.k
    results = tuple(vec[i] + vec[k + i] for i in range(k))
    record = None if unit.is_item else results
    aside = None
    if aside_ids and contrib[first].rolled_id and not unit.is_item:
        aside = (unit.health or 1, sum(results), die_key(unit))
    group = (None if unit.is_item else unit.species, unit.is_item)
    return Outcome(tuple(vec), tuple(sorted((s, n) for s, n in zip(lay.sources, rolled) if n)),
                   tuple(sorted(mults)), tuple(sorted(casas)), record, group, aside)
