"""Each unit's possible outcomes in one roll, reduced to what steps 5-10 can tell apart.

A unit's outcome (:class:`Outcome`) is its first face and the "roll again" faces that follow,
summed. The :class:`Layout` keeps only what the roll can tell apart: results before and after
step 8 only when a modifier subtracts or divides, rolled results of a type only when a counts-as
effect could count them, a species' results only when something treats that species alone, and
each unit's own results only when an effect doubles one unit's results.
"""
from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any, Callable, NamedTuple

from ..bundle import Index
from ..core.records import Contribution
from ..core.errors import InputError, TooLarge
from ..core.faces import Face
from .faceval import contribution
from .units import Unit
from ..core.limits import BOUNDS, LIMITS
from ..core.rolls import RESULT_TYPES, Roll
from .steps import die_key, working
from ..kinds.modifiers import Modifier

REROLLS, REFLECT = attrgetter("rerolls"), attrgetter("reflect")
CUTOFF = 1e-15   # a "roll again" branch less likely than this is dropped (its mass is reported)


class Outcome(NamedTuple):
    """One unit's reduced outcome (see :class:`Layout` for what ``vec`` holds). A named tuple: many
    are made and hashed per roll, and it compares and hashes as its fields do."""

    vec: tuple[int, ...]
    mults: tuple[Any, ...]
    casas: tuple[Any, ...]
    record: tuple | None                # (species tag, counted results) when a one-unit doubling may pick it
    id_roller: tuple | None = None      # (health, results, key) when kept aside for step 2
    packed: int = 0                     # ``vec`` packed into one number (calculator.roll.distribution.Packer)


class Layout:
    """What a roll's outcomes keep, all in one vector of counts that simply adds up: per counted
    type the results before step 8 (only when ``split``) and the results; per counted type the
    step-10 additions (automatic saves, Cloak); the Bash faces; the caller's extra quantities;
    then, per group of units (a species that counts results as another type alone, or everyone
    else), the rolled results a counts-as effect could count; then, per species doubled as a
    whole (Trumpet), its units' results."""

    def __init__(self, roll: Roll, idx: Index, units: list[Unit], parts: list[Contribution], mods: list[Modifier],
                 extra: Callable[[Unit, Contribution], tuple] | None, n_extra: int, keep: tuple[str, ...] = ()) -> None:
        self.roll, self.idx, self.extra, self.n_extra = roll, idx, extra, n_extra
        self.k = len(roll.counts)
        arith = [m for m in mods if m.arithmetic and m.fits(roll)]
        self.split = any(m.step in (6, 7) and m.types(roll, {t: 1 for t in roll.counts}) for m in arith)
        # Types the answer needs; all of them when one type's total can depend on another's (a
        # "result of any type" modifier, a doubling that picks missile or save).
        mults = [m for p in parts if p.multiply for m in p.multiply]
        coupled = any(m.p.get("result") == "all" and m.step in (6, 10) for m in arith) or \
            any(m.choose_one for m in mults)
        self.keep = set(roll.counts) if coupled or not keep else set(keep)
        self.bash = any(map(REFLECT, parts))
        self.extras_at = (2 if self.split else 1) * self.k + self.k + 1     # the caller's extra quantities
        self.width = self.extras_at + n_extra
        self.sources, self.species_groups = _sources(roll, idx, units, parts, mods, self.keep)
        self.one_unit = sum(1 for m in mults if m.species is None) + sum(1 for m in mods if m.unit_multiplier(roll))
        self.species_mult = {m.species for m in mults if m.species is not None}
        self.groups: list[Any] = [None] + sorted(self.species_groups)
        self.species_slots = [] if self.one_unit else sorted(self.species_mult)
        self.full = self.width + len(self.groups) * len(self.sources) + len(self.species_slots) * self.k
        self.counted = [t if t in self.keep else "" for t in roll.counts]     # "": a type left out
        self.folded = bool(self.sources or self.species_slots)     # anything kept past the sums
        self.memo: dict[int, tuple[Contribution, tuple]] = {}
        # Outcomes dice share when ``shared``: by (id of a chain's summed part, automatic saves), and
        # for a die rolled once by (id of a face's contribution, automatic saves); each entry holds it.
        self.made: dict[tuple[int, int], tuple[tuple, Outcome]] = {}
        self.once: dict[tuple[int, int], tuple[Contribution, Outcome]] = {}

    def group_of(self, unit: Unit) -> Any:
        if unit.is_item or unit.species not in self.species_groups:
            return None
        return unit.species

    def unfold(self, vec: tuple[int, ...]) -> tuple[tuple, list[tuple], dict[str, tuple]]:
        """(the sums, rolled results per group, results per doubled species) of a folded vector."""
        w, s = self.width, len(self.sources)
        groups = [(g, vec[w + i * s: w + (i + 1) * s]) for i, g in enumerate(self.groups)]
        at = w + len(self.groups) * s
        species = {sp: vec[at + i * self.k: at + (i + 1) * self.k] for i, sp in enumerate(self.species_slots)}
        return vec[:w], groups, species

    def reduce(self, c: Contribution, unit: Unit) -> tuple[int, ...]:
        counts = self.counted
        if self.split:
            vec = [c.nonsai.get(t, 0) for t in counts] + [c.sai.get(t, 0) for t in counts]
        else:
            vec = [c.nonsai.get(t, 0) + c.sai.get(t, 0) for t in counts]
        vec += [c.army_adds.get(t, 0) for t in counts] + [c.reflect if "save" in self.keep else 0]
        if self.extra:
            vec += list(self.extra(unit, c))
        return tuple(vec)

    def reduced(self, contrib: dict[Face, Contribution], unit: Unit) -> dict[Face, tuple]:
        """_reduced of each face, remembered per contribution when no caller's quantity (``extra``,
        which may read the unit) is kept: a normal icon's contribution is shared by every die."""
        if self.extra is not None:
            return {f: _reduced(c, self, unit) for f, c in contrib.items()}
        memo, out = self.memo, {}
        for f, c in contrib.items():
            hit = memo.get(id(c))
            if hit is None or hit[0] is not c:       # the entry holds c, so its id is not reused meanwhile
                hit = memo[id(c)] = (c, _reduced(c, self, unit))
            out[f] = hit[1]
        return out

    def shared(self, aside_ids: bool) -> bool:
        """Whether a chain's outcome depends on the unit only through its automatic saves (no ID
        roller kept aside, nothing folded, no one-unit record), so dice may share it (``made``)."""
        return not (aside_ids or self.folded or self.one_unit)

    def results(self, vec: tuple[int, ...]) -> tuple[int, ...]:
        k = self.k
        if self.split:
            return tuple(vec[i] + vec[k + i] for i in range(k))
        return vec[:k]


def _sources(roll: Roll, idx: Index, units: list[Unit], parts: list[Contribution], mods: list[Modifier],
             keep: set[str]) -> tuple[tuple[str, ...], set[str]]:
    """Rolled types (and open choices such as "maneuver|save") some counts-as effect could count
    as a kept type, and the species whose rolled results must be kept apart."""
    srcs: set[str] = set()
    groups: set[str] = set()
    for sp in {u.species for u in units if u.species}:
        for ab in working(sp, roll, idx):
            k = ab.kind
            off = roll.options.get(ab.id) is False or (k.p.get("toggle") and roll.options.get(ab.id) is not True)
            if k.counts_as and not off and roll.pick(k.p["to"]) in keep:
                srcs.add(k.p["from"])
                groups.add(sp)
    srcs.update(c.src for p in parts if p.counts_as for c in p.counts_as if roll.pick(c.to) in keep)
    for m in mods:
        if m.counts_as and m.fits(roll) and roll.pick(m.p["to"]) in keep:
            srcs.add(m.p["from"])
            if m.species:
                groups.add(m.species)
    plain = [t for t in RESULT_TYPES if t in srcs and t not in roll.counts]
    choices = sorted({k for p in parts for k in p.rolled if "|" in k and set(k.split("|")) & srcs})
    return tuple(plain + choices), groups


def _reduced(c: Contribution, lay: Layout, unit: Unit) -> tuple:
    """(vector, rolled sources, multipliers, counts-as, lose automatic saves) of one face."""
    mults = tuple((m.sai, m.name, m.factor, m.types, m.choose_one, m.species) for m in c.multiply) if c.multiply else ()
    casas = tuple((x.name, x.src, x.to) for x in c.counts_as) if c.counts_as else ()
    rolled = tuple(c.rolled.get(s, 0) for s in lay.sources) if lay.sources else ()
    return lay.reduce(c, unit), rolled, mults, casas, c.lose_auto_saves


def _add(a: tuple, b: tuple) -> tuple:
    return (tuple(x + y for x, y in zip(a[0], b[0])), tuple(x + y for x, y in zip(a[1], b[1])), a[2] + b[2],
            a[3] + b[3], a[4] or b[4])


def unit_outcomes(unit: Unit, lay: Layout, aside_ids: bool, known: Sequence[Contribution] = ()
                  ) -> tuple[dict[Outcome, float], float]:
    """Distribution of one unit's outcome and the probability mass of dropped long chains.
    ``known``: the contributions of its faces, in the order of ``unit.all_faces``, if already worked out."""
    roll, idx = lay.roll, lay.idx
    if known and unit.faces and unit.rolled is None and not unit.rerolled and lay.extra is None and lay.shared(aside_ids) \
            and not any(map(REROLLS, known)):
        return _rolled_once(unit, lay, known), 0.0
    contrib = dict(zip(unit.all_faces, known)) if known else \
        {f: contribution(unit, f, roll, idx) for f in unit.all_faces}
    if unit.rolled is None and unit.faces and all(contrib[f].rerolls for f in unit.faces):
        raise InputError(f"army[{unit.index}]", f"every face of {unit.name} rolls again in a "
                                                f"{lay.roll.label().lower()}: the roll never ends")
    parts = lay.reduced(contrib, unit)
    if unit.rerolled or any(map(REROLLS, contrib.values())):
        first = [(unit.rolled, 1.0)] if unit.rolled is not None else \
            [(f, 1.0 / len(unit.faces)) for f in unit.faces]
        done, dropped = _chains(unit, first, parts, contrib)
        chains = [(acc, f, p) for (acc, f), p in done.items()]
    else:               # no face rolls again: each chain is its first face (as _chains would find)
        by_face = {unit.rolled: 1.0} if unit.rolled is not None else _face_shares(unit)
        chains, dropped = [(parts[f], f, p) for f, p in by_face.items()], 0.0
    out: dict[Outcome, float] = {}
    if lay.shared(aside_ids):       # (lay.made holds each acc: its id is not reused meanwhile)
        made, auto = lay.made, unit.auto_saves
        for acc, _, p in chains:
            hit = made.get((id(acc), auto))
            if hit is None or hit[0] is not acc:
                hit = made[(id(acc), auto)] = (acc, _outcome(unit, acc, False, lay))
            out[hit[1]] = out.get(hit[1], 0.0) + p
        return out, dropped
    mine: dict[tuple[int, bool], Outcome] = {}     # a part shared by several faces: one outcome
    for acc, first_face, p in chains:               # (chains holds each acc: its id is not reused)
        rolled_id = aside_ids and contrib[first_face].rolled_id
        key = mine.get((id(acc), rolled_id))
        if key is None:
            key = mine[(id(acc), rolled_id)] = _outcome(unit, acc, rolled_id, lay)
        out[key] = out.get(key, 0.0) + p
    return out, dropped


def _rolled_once(unit: Unit, lay: Layout, known: Sequence[Contribution]) -> dict[Outcome, float]:
    """unit_outcomes of a die rolled once, no face rolling again, whose outcomes dice may share
    (Layout.shared): each face's outcome, remembered by the layout per contribution (the same
    outcomes, probabilities and order as unit_outcomes' general path)."""
    contrib = dict(zip(unit.all_faces, known))
    memo, auto = lay.once, unit.auto_saves
    out: dict[Outcome, float] = {}
    for f, p in _face_shares(unit).items():
        c = contrib[f]
        hit = memo.get((id(c), auto))
        if hit is None or hit[0] is not c:      # the entry holds c, so its id is not reused meanwhile
            hit = memo[(id(c), auto)] = (c, _outcome(unit, lay.reduced({f: c}, unit)[f], False, lay))
        out[hit[1]] = out.get(hit[1], 0.0) + p
    return out


def _face_shares(unit: Unit) -> dict[Face, float]:
    """Each face the die shows when rolled, with its chance (a face printed twice, twice the chance)."""
    share = 1.0 / len(unit.faces)
    by_face: dict[Face, float] = {}
    for f in unit.faces:
        by_face[f] = by_face.get(f, 0.0) + share
    return by_face


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


def _outcome(unit: Unit, acc: tuple, rolled_id: bool, lay: Layout) -> Outcome:
    """One chain's outcome: its summed parts ``acc``; ``rolled_id``: its first face rolled an ID
    and the unit is kept aside for step 2."""
    vec, rolled, mults, casas, lose = acc
    results = lay.results(vec)
    if unit.auto_saves and not lose and "save" in lay.keep:
        # Automatic saves at step 10, only if rolled and not lost to Belly (rulebook p.54).
        i = (2 if lay.split else 1) * lay.k + lay.roll.counts.index("save")
        vec = vec[:i] + (vec[i] + unit.auto_saves,) + vec[i + 1:]
    aside = None
    if rolled_id and not unit.is_item:
        aside = (unit.health or 1, sum(results), die_key(unit))
    if mults:
        species_mults = tuple(sorted(set(m for m in mults if m[5] is not None)))
        mults = tuple(sorted(m for m in mults if m[5] is None)) + species_mults
    tag = unit.species if unit.species in lay.species_mult else None
    record = (tag, results) if lay.one_unit and not unit.is_item else None
    return Outcome(_fold(vec, rolled, unit, results, lay) if lay.folded else vec, mults,
                   tuple(sorted(casas)) if casas else casas, record, aside)


def _fold(vec: tuple, rolled: tuple, unit: Unit, results: tuple, lay: Layout) -> tuple:
    extra = []
    mine = lay.group_of(unit)
    for g in lay.groups:
        extra += list(rolled) if g == mine else [0] * len(lay.sources)
    for sp in lay.species_slots:
        extra += list(results) if sp == unit.species and not unit.is_item else [0] * lay.k
    return vec + tuple(extra)
