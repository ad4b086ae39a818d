"""Properties of the payment search (calculator.magic.pay) against a brute force over small pools:
``ok`` exactly when some assignment of single results to castings pays for the list, and
``max_times`` x cost never more than the results that may pay for that spell. Steps 6-7 take normal
results first and ID results only after every normal one (v4.01d p.28); a step-9 multiplier makes
each kept result worth several, so a unit keeps or loses them whole."""
from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from calculator.magic.answer import castable
from calculator.magic.flow import Work
from calculator.magic.pay import Entry, eligible, pay
from calculator.magic.pools import Share
from calculator.magic.spells import Spell
from calculator.magic.total import Magic

SPELLS = [
    Spell("a2", "Air two", "air", 2, False, True, None, True, False),
    Spell("f3", "Fire three", "fire", 3, False, False, None, False, False),
    Spell("s2", "Species fire", "fire", 2, False, False, "lizards", False, False),
    Spell("e3", "Elemental three", "elemental", 3, True, False, None, False, False),
    Spell("m4", "Mixed four", "elemental", 4, False, False, None, False, True),
    Spell("b2", "Alloy two", "any-alloy", 2, True, False, None, False, False),
]
COLOURS = [("air",), ("fire",), ("air", "fire"), ("ivory",), ("silver",), ("gold",)]

shares = st.lists(st.builds(
    lambda unit, amount, colours, lizard, cantrip, capped, normal: Share(
        unit, f"unit {unit}", amount, colours, "lizards" if lizard else "others",
        frozenset({"lizards" if lizard else "others"}), cantrip_only=cantrip, capped=capped, normal=normal),
    st.integers(0, 5), st.integers(1, 3), st.sampled_from(COLOURS), st.booleans(), st.booleans(), st.booleans(),
    st.booleans()),
    min_size=1, max_size=3)
entries = st.lists(st.tuples(st.integers(0, len(SPELLS) - 1), st.integers(1, 2), st.booleans()), min_size=1,
                   max_size=2)


def castings(es: list[Entry]) -> list[tuple[Entry, int]]:
    out = []
    for e in es:
        cost, count = e.castings
        out += [(e, cost)] * count
    return out


def _gives(cost: int, room: list[int]):
    """Every way to take ``cost`` single results from shares with ``room`` left."""
    if not room:
        if cost == 0:
            yield ()
        return
    for n in range(min(cost, room[0]), -1, -1):
        for rest in _gives(cost - n, room[1:]):
            yield (n,) + rest


def brute(es: list[Entry], magic: Magic, pre: list[Share], keep: tuple[int | None, int | None], grain: int) -> bool:
    """Casting by casting, every currency and every way of taking its cost from the shares' single
    results; at the end, each class (normal, ID) must have kept whole results enough for what was used:
    a share used u times needs ceil(u / grain) of its results kept."""
    cs = castings(es)
    held = {c for s in magic.shares for c in s.currencies}

    def fits(used: list[int]) -> bool:
        for limit, is_id in zip(keep, (False, True)):
            need = sum(-(-u // grain) for u, s in zip(used, pre) if s.capped and (s.normal != is_id))
            if limit is not None and need > limit:
                return False
        return True

    def go(i: int, left: list[int]) -> bool:
        if i == len(cs):
            return fits([s.amount - n for s, n in zip(magic.shares, left)])
        e, cost = cs[i]
        for cur in ([None] if e.spell.mixed else [c for c in e.spell.currencies if c in held]):
            room = [n if eligible(s, e, cur) else 0 for s, n in zip(magic.shares, left)]
            for take in _gives(cost, room):
                if go(i + 1, [a - b for a, b in zip(left, take)]):
                    return True
        return False

    return go(0, [s.amount for s in magic.shares])


def make_magic(ss: list[Share], cut: int, grain: int = 1) -> tuple[Magic, tuple[int | None, int | None]]:
    """The Magic of these (unmultiplied) shares after ``cut`` results were taken at steps 6-7, normal
    ones first (p.28), then multiplied by ``grain``; and the kept (normal, ID) in whole results."""
    normal = sum(s.amount for s in ss if s.capped and s.normal)
    ids = sum(s.amount for s in ss if s.capped and not s.normal)
    from_normal = min(normal, cut)
    from_id = min(ids, cut - from_normal)
    keep = (normal - from_normal if from_normal else None, ids - from_id if from_id else None)
    scaled = tuple(replace(s, amount=s.amount * grain) for s in ss)
    total = (sum(s.amount for s in ss) - from_normal - from_id) * grain
    magic = Magic(scaled, total, *(None if k is None else k * grain for k in keep), grain=grain)
    return magic, keep


@settings(max_examples=150, deadline=None)
@given(shares, entries, st.integers(0, 4), st.sampled_from([1, 1, 2, 3]))
def test_ok_exactly_when_brute_force_finds_a_payment(ss, raw, cut, grain):
    magic, keep = make_magic(ss, cut, grain)
    es = [Entry(i, SPELLS[s], t, c and SPELLS[s].cumulative and t > 1) for i, (s, t, c) in enumerate(raw)]
    assert (pay(es, magic, Work(10 ** 7)) is not None) == brute(es, magic, ss, keep, grain)


@settings(max_examples=150, deadline=None)
@given(shares, st.integers(0, 2))
def test_max_times_never_exceeds_the_results_that_can_pay(ss, cut):
    magic, keep = make_magic(ss, cut)
    spells = {s.id: s for s in SPELLS}
    for row in castable(spells, magic):
        spell = spells[row["spell"]]
        can = sum(s.amount for s in magic.shares
                  if any(eligible(s, Entry(0, spell), c) for c in spell.currencies + (None,)))
        assert row["max_times"] * spell.cost <= min(can, magic.total)
        # ... and it is the most: one casting more cannot be paid (brute force).
        assert brute([Entry(0, spell, row["max_times"])], magic, ss, keep, 1)
        assert not brute([Entry(0, spell, row["max_times"] + 1)], magic, ss, keep, 1)
