"""Advice for one army's march made now (``python -m calculator advise``, the worker's "advise"): the
maneuver, then every action its terrain face allows (rulebook v4.01d p.11, p.15), each with its exact
odds side by side.

The room composes the commands below it and restates no rule: the maneuver's chance and the magic
total come from the single roll's exact chances (the ``distribution`` command's work), melee and
missile options from ``exchange-odds`` with its bound (exact, else a labelled sampled estimate), and
the magic option's spells from the magic room's payment. The input is typed by hand
(calculator.advise.request) or read from a game's state (calculator.advise.game), which is turned
into the typed form.

>>> from calculator import Engine                                    # doctest: +SKIP
>>> Engine(bundle).advise({"terrain": {...}, "army": {...}})["options"][0]["chance"]   # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from ..bundle import Index
from ..core.shapes import Answer

from ..core.interpret import see
from ..kinds.terrain import ACTIONS
from ..roll.held import parse_held
from ..terrain.die import ANY, EIGHTH
from .attacks import attack_options
from .magic import magic_option
from .maneuver import maneuver_option
from .request import ARMY, AdviseInput, parse_advise
from ..roll.asks import EngineView


def action_now(inp: AdviseInput) -> str:
    """p.11: the action the face shows; at the eighth face its controller takes any, an opposing army
    there only melee (p.15); in the Reserve Area only magic."""
    if inp.terrain is None or inp.face is None:
        return "magic"
    return inp.terrain.action(inp.face, inp.controller == ARMY)


def allowed(idx: Index, inp: AdviseInput, action: str) -> tuple[set[str], list[str]]:
    """Every action the army may take now: the face's, and its minor terrain's action face (p.15)."""
    out = set(ACTIONS) if action == ANY else {action}
    if inp.terrain is None:
        return out, []
    side = inp.army.side
    held = parse_held({k: v for k, v in side.held.items() if k == "minor_terrain"}, idx, "terrain", len(side.units),
                      allow_unit=False)
    more = {a for k in held.effects for a in k.actions()}
    notes = []
    if more - out:
        notes.append("the minor terrain's action face allows its action only while it is kept: keeping it forfeits "
                     "the maneuver step (p.15)")
    return out | more, notes


def advise_typed(engine: EngineView, inp: AdviseInput) -> Answer:
    action = action_now(inp)
    actions, notes = allowed(engine.index, inp, action)
    if inp.terrain is not None and inp.terrain.by_type and inp.face == EIGHTH:
        notes.append(f"{inp.terrain.name} given by its type: which eighth face it has is not known, so its effects "
                     f"are left out; name the terrain die for them (p.15)")
    options: list[Answer] = []
    if inp.terrain is not None and inp.maneuver:
        options.append(maneuver_option(engine.index, inp))
    if inp.terrain is not None:
        attacks, more = attack_options(engine, inp, actions)
        options += attacks
        notes += more
        if "melee" in actions and not inp.opposing:
            notes.append("no opposing army stands at this terrain: there is no melee target (p.11)")
    if "magic" in actions:
        option, more = magic_option(engine, inp)
        options.append(option)
        notes += [n for n in more if n not in notes]
    return {"army": inp.army.name, "face": inp.face, "action": action, "options": options, "notes": notes,
            "see": see("maneuvers")}


def advise(engine: EngineView, data: object) -> Answer:
    if isinstance(data, Mapping) and "game" in data:
        from .game import from_game     # the game room, loaded only for a game's advice

        return advise_typed(engine, from_game(engine, data))
    return advise_typed(engine, parse_advise(data, engine.index))


__all__ = ["advise"]
