"""What the calculator does with each SAI, species ability, spell, eighth face and minor terrain face,
dragon face, breath effect and dragon type the data names: worked out by a registered kind, listed for the player with what it needs, or
neither (a gap: tests/engine/test_coverage.py fails on it; data/README.md lists the rows).

>>> from calculator.bundle import Index
>>> [r["status"] for r in coverage(Index({"sais": [{"id": "x", "name": "X", "clauses": [
...     {"rolls": ["melee"], "summary": "s", "generates": [{"type": "melee", "amount": "X"}]}]}]}))]
['worked out']
"""
from __future__ import annotations

from typing import Any, TypedDict

from .bundle import Index
from .core.registry import done_by_engine

WORKED, PARTLY, PLAYER, NEITHER = "worked out", "partly", "for the player", "neither"


class Row(TypedDict):
    """One entry of the data, and what the calculator does with it."""

    what: str
    id: str
    name: str
    status: str
    for_the_player: list[str]


def _status(parts: list[bool | None]) -> str:
    """True: a part the calculator works out; False: a part listed for the player; None: a gap."""
    if not parts or None in parts:
        return NEITHER
    return WORKED if all(parts) else PLAYER if not any(parts) else PARTLY


def _sai_rows(idx: Index) -> list[Row]:
    rows = []
    for sai in idx.sais.values():
        parts: list[bool | None] = []
        player = []
        for c in sai.clauses:
            done = [done_by_engine(e) for e in c.effects]
            if c.generates or c.reroll:
                done.append(True)
            parts.append(None if not done else None if None in done else all(done))
            player += [e.describe(0) for e in c.effects if done_by_engine(e) is False]
        rows.append(_row("SAI", sai.id, sai.name, _status(parts), player))
    return rows


def _ability_rows(idx: Index) -> list[Row]:
    engines = {a.id: a.kind for abs_ in idx.abilities.values() for a in abs_}
    rows = []
    for sp in idx.bundle.get("species") or []:
        for ab in sp.get("abilities") or []:
            k = engines.get(ab["id"])
            done = done_by_engine(k) if k is not None else None
            needs = [k.p.get("needs") or k.describe(0)] if k is not None and done is False else []
            rows.append(_row("species ability", ab["id"], ab.get("name", ab["id"]), _status([done]), needs))
    return rows


def _spell_rows(idx: Index) -> list[Row]:
    rows = []
    for sid, spell in idx.spells.items():
        mods = idx.modifiers.get(sid) or ()
        parts: list[bool | None]
        if idx.spell_effects.get(sid) is not None:
            # The roll it calls for is resolved with its odds (calculator.magic.effects).
            parts, needs = [True], []
        elif mods:
            parts = [done_by_engine(m) for m in mods]
            needs = [m.label() for m in mods if done_by_engine(m) is False]
        else:
            # Its cost is paid in the magic mode; what it does to its target (it moves, summons, returns
            # or promotes units, or acts in later turns) needs the game state the data names.
            target = spell.get("target")
            parts = [False] if target and spell.get("needs") else [None]
            needs = [f"needs the game state: {spell['needs']}"] if spell.get("needs") else []
        rows.append(_row("spell", sid, spell.get("name", sid), _status(parts), needs))
    return rows


def _face_rows(idx: Index) -> list[Row]:
    eighth = sorted({d.eighth_face for d in idx.terrain_dice.values() if d.eighth_face})
    minor = sorted({f for d in idx.terrain_dice.values() if d.minor for f in d.faces})
    rows = []
    for what, ids in (("eighth face", eighth), ("minor terrain face", minor)):
        for icon in ids:
            face = idx.terrain_faces.get(icon)
            kinds = face.effects if face else ()
            needs = [k.describe() for k in kinds if done_by_engine(k) is False]
            rows.append(_row(what, icon, face.name if face else idx.icon_name(icon),
                             _status([done_by_engine(k) for k in kinds]), needs))
    return rows


def _dragon_rows(idx: Index) -> list[Row]:
    """Dragon faces (their kinds, against an army and against a dragon), breath effects by element and
    dragon types (the p.17 targeting table, and the fights between dragons it makes): all worked out
    (calculator.dragons)."""
    rows = [_row("dragon face", icon, idx.icon_name(icon), _status([done_by_engine(k) for k in face.effects]), [])
            for icon, face in sorted(idx.dragon_faces.items())]
    rows += [_row("breath effect", el, b.name, _status([done_by_engine(b.effect)]), [])
             for el, b in sorted(idx.breath_effects.items())]
    rows += [_row("dragon type", t.id, t.name, WORKED, []) for t in idx.dragon_types.values()]
    return rows


def _row(what: str, id_: str, name: str, status: str, needs: list[str]) -> Row:
    return {"what": what, "id": id_, "name": name, "status": status, "for_the_player": needs}


def coverage(idx: Index) -> list[Row]:
    """One row per SAI, species ability, spell, eighth face and minor terrain face of the data."""
    return _sai_rows(idx) + _ability_rows(idx) + _spell_rows(idx) + _face_rows(idx) + _dragon_rows(idx)
