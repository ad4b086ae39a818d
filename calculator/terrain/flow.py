"""A maneuver, roll by roll (rulebook v4.01d p.11): the marching army and every counter-maneuvering
army roll for maneuvers; the marching army succeeds on equal or more results than each of them;
a successful maneuver turns the terrain one step; reaching the eighth face captures it (p.15).

Reading (several counter-maneuvering armies, which p.11 does not treat): each opposing army
counter-maneuvers on its own, as Wave's "each counter-maneuvering army" implies, and the maneuver
succeeds only if it equals or beats every one of them.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.shapes import Answer, Notice
from ..bundle import Index
from ..core.errors import InputError
from ..core.interpret import see
from ..exchange.request import Side
from ..kinds.terrain import ACTIONS
from ..roll.held import parse_held
from ..roll.inputs import RollInput, parse_roll
from ..roll.resolve import resolve_input
from ..roll.results import RollResult
from .die import ANY, EIGHTH, turn
from .request import MARCHING, ManeuverInput, side_name


def maneuver_roll(idx: Index, inp: ManeuverInput, side: Side, counter: bool, seed: int,
                  more: list[Answer]) -> RollInput:
    """One army's maneuver roll (a counter-maneuver when ``counter``), at the terrain; the army
    that controls the eighth face rolls with it (p.15: its ID results doubled in any roll)."""
    held = {k: v for k, v in side.held.items() if counter or not _buried_on_march(idx, side)}
    data: Answer = {"roll": "maneuver", "terrain": inp.terrain.id, "counter": counter, "seed": seed,
                            "army": [dict(u.raw, **_faces(u.faces)) for u in side.units], **held}
    if side.modifiers or more:
        data["modifiers"] = side.modifiers + more
    if side.options:
        data["options"] = dict(side.options)
    if inp.controller == side.name and inp.terrain.eighth_face:
        data["eighth_faces"] = [inp.terrain.eighth_face]
    try:
        return parse_roll(data, idx)
    except InputError as exc:
        raise InputError(f"{side.name}.{exc.field}" if exc.field else side.name, exc.message) from None


def _buried_on_march(idx: Index, side: Side) -> bool:
    """p.15: a minor terrain showing Dust Storm, Flanked, Flood or Revolt is buried at the beginning
    of its army's next march, so it never acts on the marching army's own maneuver."""
    held = parse_held(side.held, idx, "terrain", len(side.units), allow_unit=False)
    return any(k.ends_on_own_march() for k in held.effects)


def _faces(given: dict[str, tuple[Any, list[Any]]]) -> Answer:
    rolled, rerolled = given.get("*", (None, []))
    return {**({"rolled": rolled} if rolled is not None else {}), **({"rerolled": rerolled} if rerolled else {})}


def _roll_json(name: str, side: Side, result: RollResult, applied: list[int]) -> Answer:
    out: dict[str, Any] = result.to_json()
    for i in applied:                  # an effect the maneuver carried out on the counter-maneuvers
        out["effects"][i].update(in_maneuver=True, see=see("maneuvers"))
        out["effects"][i].pop("applied", None)
    return {"name": name, "side": side.name, "units": [u.index for u in side.units], "roll": out}


def _marching(idx: Index, inp: ManeuverInput, seed: int) -> tuple[RollInput, RollResult, list[Answer],
                                                                   list[int]]:
    """The marching army's roll, and what its effects do to every counter-maneuver (Wave)."""
    given = maneuver_roll(idx, inp, inp.maneuvering, False, seed, [])
    result = resolve_input(given, idx)
    mods, applied = [], []
    for i, use in enumerate(result.effects):
        got = use.effect.on_counter_maneuvers(use.x, f"{use.name} (maneuvering army)")
        if got:
            mods += got
            applied.append(i)
    return given, result, mods, applied


def tie_rule_of(given: RollInput) -> str | None:
    """The modifier that gives a tied maneuver to the counter-maneuvering army (Fields of Ice, p.44)."""
    return next((m.source for m in given.modifiers if m.ties_to_counter()), None)


def resolve_maneuver(idx: Index, inp: ManeuverInput) -> Answer:
    rng = random.Random(inp.seed)
    rolls: list[dict[str, Any]] = []
    totals_opp = []
    total: int | None = None
    tie_rule: str | None = None
    if inp.opposing:        # p.11: both armies roll at once; the marching player resolves first (p.27)
        given, mine, mods, applied = _marching(idx, inp, rng.randrange(10 ** 9))
        total = mine.totals.get("maneuver", 0)
        rolls.append(_roll_json("maneuver", inp.maneuvering, mine, applied))
        tie_rule = tie_rule_of(given)
        for side in inp.opposing:
            theirs_in = maneuver_roll(idx, inp, side, True, rng.randrange(10 ** 9), mods)
            tie_rule = tie_rule or tie_rule_of(theirs_in)
            theirs = resolve_input(theirs_in, idx)
            totals_opp.append(theirs.totals.get("maneuver", 0))
            rolls.append(_roll_json("counter_maneuver", side, theirs, []))
    # p.11: equal or more than the counter-maneuver succeeds (Fields of Ice, p.44: a tie fails);
    # unopposed, it succeeds with no roll.
    succeeded = total is None or all(total > t or (total == t and not tie_rule) for t in totals_opp)
    after = turn(inp.face, inp.direction) if succeeded else inp.face
    captured = succeeded and after == EIGHTH
    controller = (MARCHING if captured else inp.controller) if after == EIGHTH else None
    action = inp.terrain.action(after, controller == MARCHING)
    return {
        "winner": MARCHING if succeeded else "opposing", "succeeded": succeeded,
        "face_before": inp.face, "face_after": after, "direction": inp.direction,
        "action": action, "actions": _actions(idx, inp, action), "captured": captured, "controller": controller,
        "totals": {"maneuvering": total, "opposing": totals_opp},
        "terrain": inp.terrain.to_json(), "rolls": rolls, "why": _why(inp, succeeded, total, totals_opp, after, captured, tie_rule),
        "warnings": _warnings(idx, inp, rolls), "see": see("maneuvers"),
    }


def _actions(idx: Index, inp: ManeuverInput, action: str) -> list[str]:
    """Every action the marching army may take after the maneuver: the terrain's (all three at a
    held eighth face) and its minor terrain's alternate action (p.15)."""
    out = set(ACTIONS) if action == ANY else {action}
    held = parse_held(inp.maneuvering.held, idx, "terrain", len(inp.maneuvering.units), allow_unit=False)
    out |= {a for k in held.effects for a in k.actions()}
    return [a for a in ACTIONS if a in out]


def _warnings(idx: Index, inp: ManeuverInput, rolls: list[dict[str, Any]]) -> list[Notice]:
    out: list[Notice] = []
    if inp.maneuvering.held.get("minor_terrain") is not None and _buried_on_march(idx, inp.maneuvering):
        out.append({"text": "The maneuvering army's minor terrain is buried at the beginning of its march (p.15): "
                            "its face does not act on this maneuver", "see": see("minor-terrains"),
                    "field": "maneuvering.minor_terrain"})
    if inp.terrain.by_type and (inp.face == EIGHTH or inp.face == EIGHTH - 1):
        out.append({"text": f"{inp.terrain.name} given by its type: which eighth face it has is not known; name the "
                            f"terrain die for its eighth face's effects", "see": see("eighth-faces"),
                    "field": "terrain.type"})
    for r in rolls:
        for w in r["roll"]["warnings"]:
            text = f"{_side_words(r['side'])}: {w['text']}"
            if all(x["text"] != text for x in out):
                out.append({**w, "text": text})
    return out


def _side_words(name: str) -> str:
    return "the maneuvering army" if name == MARCHING else f"opposing army {int(name[9:-1]) + 1}"


def _why(inp: ManeuverInput, ok: bool, total: int | None, opp: list[int], after: int, captured: bool,
         tie_rule: str | None) -> str:
    if total is None:
        text = "No army opposes the maneuver: it succeeds and no dice are rolled (p.11)."
    else:
        against = " and ".join(str(t) for t in opp)
        several = " each of" if len(opp) > 1 else ""
        verdict = "equal or more, so the maneuver succeeds" if ok else "fewer, so the maneuver fails"
        if not ok and total in opp and tie_rule and all(total >= t for t in opp):
            verdict = f"a tie, which {tie_rule} gives to the counter-maneuvering army: the maneuver fails"
        text = (f"The maneuvering army rolled {total} maneuver results against{several} {against}: {verdict} "
                f"(p.11).")
    if not ok:
        return text + f" The terrain stays at {inp.face}."
    text += f" The terrain turns {inp.direction} from {inp.face} to {after}."
    if captured:
        text += (" It reaches its eighth face: the maneuvering army captures it, doubles its ID results in every "
                 "roll and may take any action there (p.15).")
        if inp.maneuvering.held.get("minor_terrain") is not None:
            text += " Its minor terrain is buried (p.15)."
    elif inp.face == EIGHTH:
        text += " It leaves its eighth face: its controller loses every eighth face advantage (p.15)."
    return text
