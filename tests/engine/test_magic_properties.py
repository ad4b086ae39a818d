"""Properties of the payment search (calculator.magic.pay) against a brute force over small pools:
``ok`` exactly when some assignment of single results to castings pays for the list, and
``max_times`` x cost never more than the results that may pay for that spell."""
from __future__ import annotations

import itertools

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
    lambda unit, amount, colours, lizard, cantrip, capped: Share(
        unit, f"unit {unit}", amount, colours, "lizards" if lizard else "others",
        frozenset({"lizards" if lizard else "others"}), cantrip_only=cantrip, capped=capped),
    st.integers(0, 5), st.integers(1, 3), st.sampled_from(COLOURS), st.booleans(), st.booleans(), st.booleans()),
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


def brute(es: list[Entry], magic: Magic) -> bool:
    """Casting by casting, every currency and every way of taking its cost from the shares' single results."""
    cs = castings(es)
    held = {c for s in magic.shares for c in s.currencies}

    def go(i: int, left: list[int], cap_left: int) -> bool:
        if i == len(cs):
            return True
        e, cost = cs[i]
        for cur in ([None] if e.spell.mixed else [c for c in e.spell.currencies if c in held]):
            room = [n if eligible(s, e, cur) else 0 for s, n in zip(magic.shares, left)]
            for take in _gives(cost, room):
                capped = sum(n for n, s in zip(take, magic.shares) if s.capped)
                if capped <= cap_left and go(i + 1, [a - b for a, b in zip(left, take)], cap_left - capped):
                    return True
        return False

    return go(0, [s.amount for s in magic.shares], magic.cap if magic.cap is not None else 10 ** 6)


def make_magic(ss: list[Share], cut: int) -> Magic:
    capped = sum(s.amount for s in ss if s.capped)
    cap = max(0, capped - cut) if cut else None
    total = sum(s.amount for s in ss) - (capped - cap if cap is not None else 0)
    return Magic(tuple(ss), total, cap)


@settings(max_examples=150, deadline=None)
@given(shares, entries, st.integers(0, 2))
def test_ok_exactly_when_brute_force_finds_a_payment(ss, raw, cut):
    magic = make_magic(ss, cut)
    es = [Entry(i, SPELLS[s], t, c and SPELLS[s].cumulative and t > 1) for i, (s, t, c) in enumerate(raw)]
    assert (pay(es, magic, Work(10 ** 7)) is not None) == brute(es, magic)


@settings(max_examples=150, deadline=None)
@given(shares, st.integers(0, 2))
def test_max_times_never_exceeds_the_results_that_can_pay(ss, cut):
    magic = make_magic(ss, cut)
    spells = {s.id: s for s in SPELLS}
    for row in castable(spells, magic):
        spell = spells[row["spell"]]
        can = sum(s.amount for s in magic.shares
                  if any(eligible(s, Entry(0, spell), c) for c in spell.currencies + (None,)))
        assert row["max_times"] * spell.cost <= min(can, magic.total)
        # ... and it is the most: one casting more cannot be paid (brute force).
        assert brute([Entry(0, spell, row["max_times"])], magic)
        assert not brute([Entry(0, spell, row["max_times"] + 1)], magic)
