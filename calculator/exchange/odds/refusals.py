"""Exchanges whose exact chances are not worked out, found before any roll's chances are.

A roll that can bring Bash, or a save roll that Confuse acts in, refuses the exact odds
(``NotExact``: calculator.exchange.odds.extras, calculator.roll.distribution) when the odds reach
it, which may be after the attack's chances took a second to work out. For an exchange of plain
armies (dice only: no face given, no modifier, option, held terrain face, Dead Unit Area, chosen
casualty or dragon) the army rolls are built here first, not rolled, with every unit of each side,
and refused the same way:

- an attack or counter-attack roll that can bring Bash (OutcomeExtras refuses it);
- Confuse rolled beside results of the attack: p.11, with any results the other army makes a save
  roll, and Confuse acts in it (rolled with none, there is no save roll for it to act in);
- a save roll that can bring Bash, after an attack that can show results;
- the counter-attack's rolls only where every defender may counter-attack (p.11: they may choose
  not to; Foul Stench keeps some out).

Any other exchange, or a roll the real run would not make as built here (an input error), is left
to the exact odds, which refuse where they meet such a roll. An exchange refused here is sampled
like any other (calculator.exchange.odds).
"""
from __future__ import annotations

from ...core.errors import InputError, NotExact
from ...roll.distribution import Budget, refuse_rerolls
from ...roll.faceval import contribution
from ...roll.inputs import parse_roll
from ..flow import Indexed
from ..request import ExchangeInput
from ..sequence import barred_from_counter
from .extras import OutcomeExtras
from .run import OddsRun


def refuse_unworked(engine: Indexed, inp: ExchangeInput) -> None:
    """Raise ``NotExact`` where an army roll of the exchange would (see the module's docstring)."""
    if not plain(inp):
        return
    try:
        _check(engine, inp)
    except NotExact:
        raise
    except InputError:
        return


def plain(inp: ExchangeInput) -> bool:
    """Whether both armies are dice alone, as the catalogue has them (nothing given or chosen)."""
    return not (inp.casualties or inp.dragons) and all(
        not (s.modifiers or s.options or s.held or s.in_dua) and not any(u.faces for u in s.units)
        for s in inp.sides.values())


def _check(engine: Indexed, inp: ExchangeInput) -> None:
    run = OddsRun(engine, inp, Budget())      # a throwaway run: building its rolls changes it
    idx, kind = engine.index, inp.attack
    turns: list[tuple[str, str, str, str, dict[str, bool]]] = [("attacker", "attack", "defender", "save", {})]
    if kind == "melee" and inp.counter_attack and not barred_from_counter(run):
        turns.append(("defender", "counter", "attacker", "counter_save", {"counter": True}))
    for side, name, other, save_name, flag in turns:
        units = run.rolling(side)
        if not units:
            continue
        roll = parse_roll(run.roll_data(name, run.side_input(side, kind, **flag), units), idx)
        OutcomeExtras(roll, idx, f"{side}.army")
        faces = [[contribution(u, f, roll.roll, idx) for f in u.all_faces] for u in roll.units]
        shows = [any(c.results(kind) for c in cs) for cs in faces]
        if not any(shows):
            continue
        for i, cs in enumerate(faces):
            beside = any(shows[:i] + shows[i + 1:])      # another unit rolls results at the same time
            for c in cs:
                if beside or c.results(kind):
                    refuse_rerolls(c.effects)
        saving = run.rolling(other)
        if saving:
            save = run.side_input(other, "save", against=kind, **flag)
            OutcomeExtras(parse_roll(run.roll_data(save_name, save, saving), idx), idx, f"{other}.army")
