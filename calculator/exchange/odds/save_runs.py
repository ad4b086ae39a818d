"""A save stage's runs, each made once for all the states and outcomes making the same damage (the
exact odds: calculator.exchange.odds).

A save stage reads the attack's results and its save roll's saves only through the damage they
make (calculator.exchange.SAVES_AGAINST; p.11): a run of it is the same from every state and outcome
that differ only there and make the same damage, so it runs once for them all (:class:`Damages`).
Damage as large as the health-worth of the damaged army's standing units kills them all (p.29), so
a run making more is taken from one making any such damage, the difference added to the damage dealt.
"""
from __future__ import annotations

from bisect import bisect_left
from functools import cached_property
from typing import Any, NamedTuple

from ...roll.distribution import Budget
from .carried import shown, shown_count
from .chances import Frontier, Payload
from .costs import MEMBER_COST, PRUNE, REUSE_COST
from .outcomes import Entry, kind_of, totals_of
from .run import Ended, Happened, OddsRun, Pause
from .stage_runs import At, run_once, span
from .state import Resume, RunState, signature, with_totals


class Damages:
    """The runs of a save stage from one state, each known by the damage it makes (p.11: the
    attack's results less the saves, never below 0) instead of by the attack's results and the
    saves: its ``key`` is the same for the runs from any state and outcome alike but for those two
    numbers that make the same damage; ``run.damages_made`` keeps what each such run did."""

    def __init__(self, run: OddsRun, state: RunState, name: str | None, sig: tuple | None = None) -> None:
        self.run, self.state, self.group, self.cursed = run, state, (), 0
        hit = state.ctx.get(name) if name else None
        if name is None or hit is None:    # not a save stage, or no attack kept (its army rolled nothing)
            return
        kind = run.inp.attack
        self.results = hit.result.totals.get(kind, 0)
        counts, totals = hit.result.roll.counts, hit.result.sig[0]
        i = counts.index(kind) if kind in counts else len(counts)
        sig = signature(state) if sig is None else sig
        self.group = with_totals(sig, {name}, totals[:i] + totals[i + 1:]) + (self.results > 0,)
        self.to = run.other(hit.actor)
        # Results only spell saves cancel (Cursed Bullets; in the group's key through the step): the
        # damage is still one number for each number of results less saves, but at least those results
        # less the spell saves, so a run past the health standing is no base for a larger damage.
        self.cursed = hit.spell_only

    @cached_property
    def cap(self) -> int | None:
        """The health-worth the damaged side has standing (``_all_health``), worked out when first
        asked: most states of a group never run a stage of their own."""
        return _all_health(self.run, self.state, self.to)

    def _made(self, key: tuple[int, int], budget: Budget) -> Happened | None:
        """A run that ended alike made already: this very damage's, or, past the health-worth the
        damaged army still has standing (``cap``), the run of any damage past it. p.29: damage that
        can kill every standing unit kills them all, however much it is, so such runs end in the
        same state and differ only in the damage dealt, which is added to the one found."""
        made = self.run.damages_made
        hit = made.get(key)
        if hit is not None or self.cursed or self.cap is None or key[1] < self.cap:
            return hit
        past = self.run.damages_past.get(key[0])
        if past is None:
            return None
        base, damage = past
        more = key[1] - damage
        hit = made[key] = Ended(base.state, (base.got[0] + more, base.got[1]) if self.to == "defender"
                                else (base.got[0], base.got[1] + more))
        budget.spend(REUSE_COST, 0)
        return hit

    def where(self, at: At) -> tuple[int, int] | None:
        """A run's key but for the damage, and the saves it rolled (None: not kept). The key is the
        same for the run from every state of the group: it is numbered (``run.damage_keys``) and
        hashed once, not once per state."""
        stage, script, resume, until = at
        if not self.group or not script or not isinstance(script[0][0], Entry) or (resume and not resume.sig):
            return None
        entry, (totals, *rest) = script[0]
        counts = entry.roll.counts
        i = counts.index("save") if "save" in counts else len(counts)
        saves = totals[i] if i < len(totals) else 0
        later = tuple([(id(e), k) for e, k in script[1:]])
        point = (resume.index, resume.sig) if resume is not None else None
        key = (stage, self.group, id(entry), totals[:i] + totals[i + 1:], tuple(rest), later, point, until)
        n = self.run.damage_keys.get(key)
        if n is None:
            n = self.run.damage_keys[key] = len(self.run.damage_keys)
        return n, saves

    def happened(self, at: At, where: tuple[int, int] | None, budget: Budget) -> Happened:
        """What the run did (``at``: the stage, its script, where it resumed, until; ``where``: what
        ``where`` gave), worked out the first time its key is met."""
        if where is None:
            return run_once(self.run, self.state, at, self.run.damages_made, None, budget)
        key = made_key(where, self.results)
        hit = self._made(key, budget)
        if hit is not None:
            return hit
        hit = run_once(self.run, self.state, at, self.run.damages_made, key, budget)
        if self.cap is not None and not self.cursed and key[1] >= self.cap and isinstance(hit, Ended):
            self.run.damages_past.setdefault(key[0], (hit, key[1]))
        return hit

    def ended(self, at: At, where: tuple[int, int] | None, budget: Budget) -> Ended:
        """How the run ends from this state where it ended from another of its group (the attack's
        results are read only at the end: nothing before can go otherwise)."""
        hit = self.happened(at, where, budget)
        if not isinstance(hit, Ended):
            raise RuntimeError("a save stage read the attack's results before the damage")
        return hit


def _all_health(run: OddsRun, state: RunState, side: str) -> int | None:
    """The health-worth of ``side``'s units standing in ``state`` (any damage this large kills them
    all), or None where the owner chose that side's casualties (checked against each damage)."""
    if run.inp.casualties.get(side):
        return None
    lo, hi = span(run, side)
    return sum([u.health for u, (status, _, _) in zip(run.flat[lo:hi], state.units[lo:hi]) if status in ("", "out")])


def made_key(where: tuple[int, int], results: int) -> tuple[int, int]:
    """A save stage's run by the damage it makes (``where``: its key but for the damage, and the
    saves rolled): p.11, the attack's results less the saves, never below 0."""
    damage = results - where[1]
    return where[0], damage if damage > 0 else 0


class Member(NamedTuple):
    """A state of a group, with its key in the frontier, its chances and the side set aside in it."""

    sig: tuple
    state: RunState
    payload: Payload
    aside: str
    damages: Damages


class Group:
    """States a save stage goes alike from but for the attack's results (``Damages.group``): the
    stage runs from the one with the most (``rep``; its save roll's outcomes are told apart up to
    there, enough for all), and each run that ends is ended from each state, by the damage it makes.
    Any other stage: one state alone."""

    def __init__(self, members: list[Member]) -> None:
        self.members = members
        self.results = [m.damages.results if m.damages.group else 0 for m in members]
        self.at = max(range(len(members)), key=self.results.__getitem__)
        self.rep = members[self.at].state

    def ends(self, happened: Ended, at: At, where: tuple[int, int] | None, budget: Budget) -> list[Ended]:
        """How a run from ``rep`` that ended (``happened``) ends from each state of the group
        (``Damages.ended``); the runs made already are looked up here, their work counted at once."""
        if where is None or len(self.members) == 1:
            return [happened if i == self.at else m.damages.ended(at, where, budget) for i, m in enumerate(self.members)]
        made, hits, out = self.members[self.at].damages.run.damages_made, 0, list[Ended]()
        for i, results in enumerate(self.results):
            if i == self.at:
                out.append(happened)
                continue
            hit = made.get(made_key(where, results))
            if isinstance(hit, Ended):
                hits += 1
            else:
                hit = self.members[i].damages.ended(at, where, budget)
            out.append(hit)
        budget.spend(REUSE_COST * hits, 0)
        return out

    def fewest_ends(self, first: Pause | None) -> int:
        """The fewest ends a save stage's runs from the group yield (``first``: the rep's save roll):
        each state ends once per damage it is dealt (p.11: its attack's results less the saves,
        never below 0), one end for each, whatever else tells its runs apart. Counted on the save
        roll's outcomes that bring no effect, whose runs go straight to the stage's end, and that
        are not left out for being unlikely (``PRUNE``)."""
        if first is None or not isinstance(first.entry, Entry) or not self.members[0].damages.group:
            return 0
        entry = first.entry
        counts = entry.roll.counts
        if "save" not in counts:
            return 0
        i = counts.index("save")
        saves = sorted({totals_of(key)[i] for key, p in first.outcomes
                        if p >= PRUNE and not entry.effect_ids(kind_of(key))})
        if not saves:
            return 0
        # A state with R results: a damage for each save total below R, and 0 for all the rest.
        return sum(bisect_left(saves, r) + (saves[-1] >= r) for r in self.results)


def grouped(run: OddsRun, frontier: Frontier, name: str | None, kept: str | None, budget: Budget) -> list[Group]:
    """The frontier's states in groups, in the frontier's order (``name``: the attack step a save
    stage reads, None: each alone; ``kept``: the step whose totals the ways carry, if any: ``shown``).
    Each state a group gets is counted against ``budget`` (``MEMBER_COST``) before any is made."""
    budget.spend(MEMBER_COST * sum([shown_count(state, payload) for state, payload, _ in frontier.values()]), 0)
    groups: dict[Any, list[Member]] = {}
    for sig, (state, payload, aside) in frontier.items():
        for sig, state, payload in shown(run, kept, sig, state, payload):
            member = Member(sig, state, payload, aside, Damages(run, state, None if state.done else name, sig))
            groups.setdefault(member.damages.group or len(groups), []).append(member)
    return [Group(members) for members in groups.values()]
