"""A unit of a rolling army: a catalogue die (``die``) or one described by hand (species, health,
die type, faces), checked into a :class:`Unit`; its rolled faces checked against its die."""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping, Sequence
from typing import Any

from ..bundle import Index, Sai
from ..core.dice import DIE_KINDS, ITEM_KINDS, SIZE_BY_HEALTH, SIZES, is_item
from ..core.errors import InputError
from ..core.faces import Face, split_face, slug
from ..core.fields import need_int, need_list, need_str, only, opt_list, short
from ..core.limits import LIMITS
from ..core.names import player_names
from ..core.rolls import RESULT_TYPES, Roll

UNIT_KEYS = ("die", "species", "health", "die_type", "size", "rolled", "rerolled", "faces", "name", "element",
             "choose")
HAND_KEYS = UNIT_KEYS[1:]       # a unit described by hand


@dataclass(frozen=True, init=False)
class Unit:
    """One die of the rolling army (a catalogue die or one described by hand). ``key``: everything
    about it a face's contribution depends on (filled in when it is made)."""

    index: int
    label: str
    die_id: str | None
    species: str | None
    kind: str
    size: str | None
    health: int | None
    faces: tuple[Face, ...]
    rolled: Face | None
    rerolled: tuple[Face, ...]
    auto_saves: int = 0
    elements: tuple[str, ...] | None = None     # None: not known (described by hand without 'element')
    alloy: str | None = None                    # Dracolem and medallions (bronze, silver, gold)
    choose: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)   # type, or {type: n}
    key: tuple = field(default=(), compare=False, hash=False)
    is_item: bool = field(default=False, compare=False, hash=False)
    name: str = field(default="", compare=False, hash=False)   # as the player names it (core.names)
    carried: bool = field(default=True, init=False, compare=False, hash=False)   # False: an item no rolled unit can carry
    # Every face it can show in a roll (its faces, those given as rolled or rolled again), in order.
    all_faces: tuple[Face, ...] = field(default=(), init=False, compare=False, hash=False, repr=False)

    def __init__(self, index: int, label: str, die_id: str | None, species: str | None, kind: str, size: str | None,
                 health: int | None, faces: tuple[Face, ...], rolled: Face | None, rerolled: tuple[Face, ...],
                 auto_saves: int = 0, elements: tuple[str, ...] | None = None, alloy: str | None = None,
                 choose: Mapping[str, Any] | None = None, key: tuple = (), is_item: bool = False, name: str = "") -> None:
        # Every field in one step (a frozen dataclass's own __init__ sets each through
        # object.__setattr__, and an army's dice are made for every answer). ``key`` and ``is_item``
        # are worked out here, whatever is passed.
        choose = {} if choose is None else choose
        shown = set(faces)
        if rerolled or rolled:
            shown |= set(rerolled) | ({rolled} if rolled else set())
        chosen = tuple(sorted((k, v if isinstance(v, str) else tuple(sorted(v.items())))
                              for k, v in choose.items())) if choose else ()
        self.__dict__.update(
            index=index, label=label, die_id=die_id, species=species, kind=kind, size=size, health=health,
            faces=faces, rolled=rolled, rerolled=rerolled, auto_saves=auto_saves, elements=elements, alloy=alloy,
            choose=choose, key=(index, label, die_id, species, kind, size, health, auto_saves, elements, chosen, alloy,
                                name or label),
            is_item=kind in ITEM_KINDS,     # items are not units: nothing that targets or doubles a unit picks one (p.59)
            name=name or label, carried=True, all_faces=tuple(sorted(shown)))

    def named_as(self, name: str) -> Unit:
        """This unit under another name: a copy with every other field as it is. Its ``key`` ends
        with the name: the effects a face brings name the unit that rolled it, so a face's part
        worked out under one name is not read back under another."""
        twin = object.__new__(Unit)
        twin.__dict__.update(self.__dict__, name=name, key=self.key[:-1] + (name,))
        return twin

    def uncarried(self) -> Unit:
        """This item when no unit rolled with it can carry it: it is not rolled (p.59). Its ``key``
        says so, so a face's part worked out for a carried copy is never read back for it."""
        twin = object.__new__(Unit)
        twin.__dict__.update(self.__dict__, carried=False, key=self.key[:-1] + ("uncarried", self.key[-1]))
        return twin

    def choice_for(self, key: str, types: tuple[str, ...], roll: Roll) -> str | None:
        """The type a choice of this unit goes to: the owner's pick (``choose``), else a counted type."""
        mine = self.choose.get(key)
        if isinstance(mine, str) and mine in types:
            return mine
        return roll.pick(types)

    def split_for(self, key: str) -> Mapping[str, int] | None:
        """How the owner splits an SAI's results of its choice among types (p.28), if given."""
        mine = self.choose.get(key)
        return mine if isinstance(mine, Mapping) else None


def parse_face(value: object, where: str, idx: Index, faces: tuple[Face, ...], label: str, one_icon: int = 1) -> Face:
    """A face given as a 1-based face number or as ``"N icon"`` / ``"icon"``.

    A bare icon on a die described by hand is worth ``one_icon`` results (seed 000's X: 4 on a
    monster, artifact, medallion, relic or champion, 3 on large equipment or a large Dragonkin).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if not faces:
            raise InputError(where, f"face number {value} needs a die with known faces")
        if not 1 <= value <= len(faces):
            raise InputError(where, f"face number {value} is not between 1 and {len(faces)}")
        return faces[value - 1]
    if not isinstance(value, str) or len(value) > LIMITS["text"]:
        raise InputError(where, f"expected a face like '3 melee' or a face number, got {short(value)}")
    if not faces:       # a die described by hand: the face is the same wherever it is written
        memo = ("hand-face", value, one_icon)
        hit = idx.memo.get(memo)
        return hit if hit is not None else idx.keep(memo, _hand_face(value, where, idx, one_icon))
    count, icon = _icon_of(value, where, idx)
    return _face_of(value, where, icon, count, faces, label)


def _icon_of(value: str, where: str, idx: Index) -> tuple[int | None, str]:
    try:
        count, name = split_face(value)
    except ValueError as exc:
        raise InputError(where, str(exc)) from None
    icon = idx.icon_id(name)
    if icon is None:
        raise InputError(where, f"unknown icon '{name}' in '{value}'")
    return count, icon


def _single_icon(kind: str, size: str | None, species: str | None, idx: Index) -> int:
    """Results of one icon on a die described by hand (XRules.single_icon, remembered by the index)."""
    key = ("single-icon", kind, size, species)
    hit: int | None = idx.memo.get(key)
    return hit if hit is not None else idx.keep(key, idx.x_rules.single_icon(kind, size, species))


def _hand_face(value: str, where: str, idx: Index, one_icon: int) -> Face:
    count, icon = _icon_of(value, where, idx)
    if count is not None and count > LIMITS["face_count"]:
        raise InputError(where, f"a face shows at most {LIMITS['face_count']} icons, got {count}")
    return Face(icon, count if count is not None else one_icon)


def _face_of(value: str, where: str, icon: str, count: int | None, faces: tuple[Face, ...], label: str) -> Face:
    same = [f for f in faces if f.icon == icon]
    if count is not None:
        hit = [f for f in same if f.count == count]
    else:  # a bare icon: the die's face with that icon (one icon if the die has several)
        hit = [f for f in same if f.count == 1] or (same if len(set(same)) == 1 else [])
    if not hit:
        printed = ", ".join(sorted({f"'{f.label()}'" for f in faces}))
        raise InputError(where, f"'{value}' is not a face of {label} (faces: {printed})")
    return hit[0]


def _choose(raw: object, where: str, idx: Index) -> dict[str, Any]:
    """``{"<sai id>" | "id": "<type>"}``, or for an SAI whose results are of the owner's choice a split
    ``{"<sai id>": {"melee": 2, "save": 2}}`` (rulebook p.28: split between the types the roll counts)."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping) or len(raw) > LIMITS["faces_per_die"]:
        raise InputError(where, "expected an object of SAI id (or 'id'): result type")
    out: dict[str, Any] = {}
    for key, val in raw.items():
        if key != "id" and key not in idx.sais:
            raise InputError(f"{where}.{key}", "not an SAI id (or 'id' for the ID icon)")
        if isinstance(val, Mapping) and key != "id":
            out[key] = _split(val, f"{where}.{key}", idx.sais[key])
        elif val not in RESULT_TYPES:
            raise InputError(f"{where}.{key}", f"{short(val)} is not a result type ({', '.join(RESULT_TYPES)})")
        else:
            out[key] = val
    return out


def _split(raw: Mapping[str, Any], where: str, sai: Sai) -> dict[str, int]:
    types = {t for c in sai.clauses for g in c.generates if g.choice for t in g.types}
    if not types:
        raise InputError(where, f"{sai.name}'s results are not of the owner's choice: name one result type")
    out = {}
    for t, n in raw.items():
        if t not in types:
            raise InputError(f"{where}.{t}", f"{short(t)} is not a type {sai.name} may generate ({', '.join(sorted(types))})")
        out[t] = need_int(n, f"{where}.{t}", 0, LIMITS["amount"])
    return out


def _catalogue_unit(i: int, raw: Mapping[str, Any], idx: Index) -> dict[str, Any]:
    where = f"army[{i}]"
    only(raw, ("die", "rolled", "rerolled", "choose", "name"), where)
    die_id = need_str(raw["die"], f"{where}.die")
    die = idx.dice.get(die_id)
    if die is None:
        raise InputError(f"{where}.die", f"unknown die '{die_id}'")
    name = need_str(raw["name"], f"{where}.name") if raw.get("name") is not None else ""
    return dict(label=die.name, die_id=die_id, species=die.species, kind=die.kind, size=die.size,
                health=die.health, faces=die.faces, auto_saves=die.auto_saves, elements=die.elements,
                alloy=die.alloy, name=name)


def _species(raw: Mapping[str, Any], where: str, idx: Index) -> str | None:
    species = raw.get("species")
    if species is None:
        return None
    species = need_str(species, f"{where}.species")
    if species in idx.species_names or species == "items":
        return species
    if slug(species) in idx.species_names:
        return slug(species)
    raise InputError(f"{where}.species", f"unknown species '{species}'")


def _hand_unit(i: int, raw: Mapping[str, Any], idx: Index) -> dict[str, Any]:
    where = f"army[{i}]"
    only(raw, HAND_KEYS, where)
    species = _species(raw, where, idx)
    kind = raw.get("die_type", "unit")
    if isinstance(kind, str) and kind in idx.species_names:    # older links named a species as the die type: a unit of it
        kind, species = "unit", species or kind
    if kind not in DIE_KINDS:
        raise InputError(f"{where}.die_type", f"unknown die type {short(kind)} (one of {', '.join(DIE_KINDS)})")
    if species is None and not is_item(kind):
        raise InputError(where, "needs 'die' or 'species'")
    health = raw.get("health")
    if health is not None:
        health = need_int(health, f"{where}.health", 1, LIMITS["health"])
    size = raw.get("size")
    if size is not None and size not in SIZES:
        raise InputError(f"{where}.size", f"unknown size {short(size)} (one of {', '.join(SIZES)})")
    size = size or (kind if kind in ("monster", "champion") else SIZE_BY_HEALTH.get(health or 0))
    health = health if health is not None else (None if is_item(kind) else idx.default_health(kind, size))
    one = _single_icon(kind, size, species, idx)
    faces_raw = opt_list(raw.get("faces"), f"{where}.faces", LIMITS["faces_per_die"])
    memo = idx.memo     # a spelling met before is its face (parse_face remembers only faces it accepted)
    known = [memo.get(("hand-face", f, one)) if type(f) is str else None for f in faces_raw]
    faces = tuple(known) if None not in known else \
        tuple(face if face is not None else parse_face(f, f"{where}.faces[{j}]", idx, (), "", one)
              for j, (f, face) in enumerate(zip(faces_raw, known)))
    name = raw.get("name")
    label = need_str(name, f"{where}.name") if name is not None else \
        (idx.species_names.get(species or "", "Item") + f" {kind}").strip()
    elements = None
    if raw.get("element") is not None:
        el = need_list(raw["element"], f"{where}.element", 5)
        if not all(isinstance(e, str) for e in el):
            raise InputError(f"{where}.element", "expected a list of element ids")
        elements = tuple(el)
    return dict(label=label, die_id=None, species=species, kind=kind, size=size, health=health, faces=faces,
                auto_saves=idx.auto_saves(species, health), elements=elements, one=one)


def named(units: Sequence[Unit]) -> list[Unit]:
    """The army's units named as players name them: two Muggers are the 1st and the 2nd Mugger
    (a name the input gives is kept)."""
    plain = [u for u in units if u.name == u.label]
    names = dict(zip((u.index for u in plain), player_names([u.label for u in plain])))
    return [u.named_as(names[u.index]) if names.get(u.index, u.name) != u.name else u for u in units]


def _signature(i: int, raw: Mapping[str, Any]) -> tuple | None:
    """A hashable name of a catalogue unit's input, to reuse its checked form (None: do not). Each
    value carries its JSON type: ``1``, ``1.0`` and ``true`` (equal in Python) are different inputs."""
    if len(raw) > len(UNIT_KEYS) or not all(_plain(v) for v in raw.values()):
        return None
    return (i, tuple(sorted((k, _typed(v)) for k, v in raw.items())))


def _plain(value: object) -> bool:
    return isinstance(value, (str, int, float, type(None))) or (
        isinstance(value, (list, Mapping)) and len(value) <= LIMITS["reroll_depth"] and
        all(isinstance(v, (str, int, float, type(None))) for v in (value.values() if isinstance(value, Mapping) else value)))


def _typed(value: object) -> Any:
    if isinstance(value, Mapping):
        return ("object", tuple(sorted((str(k), _typed(v)) for k, v in value.items())))
    if isinstance(value, list):
        return ("list", tuple(_typed(v) for v in value))
    return (type(value).__name__, value)


def parse_unit(i: int, raw: object, idx: Index) -> Unit:
    if (type(raw) is dict or isinstance(raw, Mapping)) and "die" in raw:
        sig = _signature(i, raw)
        hit = idx.units.get(sig) if sig is not None else None
        if hit is None:
            hit = _parse_unit(i, raw, idx)
            if sig is not None and len(idx.units) < 20_000:
                idx.units[sig] = hit
        return hit
    return _parse_unit(i, raw, idx)


def _parse_unit(i: int, raw: object, idx: Index) -> Unit:
    where = f"army[{i}]"
    if not (type(raw) is dict or isinstance(raw, Mapping)):
        raise InputError(where, "expected an object with 'die' or 'species'")
    base = _catalogue_unit(i, raw, idx) if "die" in raw else _hand_unit(i, raw, idx)
    one = base.pop("one", 1)
    faces, label = base["faces"], base["label"]
    rolled = None
    if raw.get("rolled") is not None:
        rolled = parse_face(raw["rolled"], f"{where}.rolled", idx, faces, label, one)
    rer = raw.get("rerolled")
    rer = opt_list(rer, f"{where}.rerolled", LIMITS["reroll_depth"]) if rer is not None else ()
    rerolled = tuple(parse_face(f, f"{where}.rerolled[{j}]", idx, faces, label, one) for j, f in enumerate(rer)) \
        if rer else ()
    if rolled is None and not faces:
        raise InputError(f"{where}.rolled", "missing: a unit without known faces must give 'rolled'")
    choose = _choose(raw["choose"], f"{where}.choose", idx) if raw.get("choose") is not None else {}
    return Unit(i, rolled=rolled, rerolled=rerolled, choose=choose, **base)


def carried(item: Unit, units: Sequence[Unit], idx: Index) -> bool:
    """Whether some unit of the army could carry ``item`` (p.59): one that carries items at all (not
    Dragonkin, p.54, nor a die marked ``nothing``) and, for the kinds carried by element, shares an
    element with it or carries any element (Amazons, p.59). An element not given counts as a match."""
    for u in units:
        how = "nothing" if u.is_item else idx.carries(u.die_id, u.species)
        if how == "nothing":
            continue
        if item.kind not in idx.by_element or how == "any-element" or not item.elements or u.elements is None:
            return True
        if set(u.elements) & set(item.elements):
            return True
    return False



def with_carriers(units: tuple[Unit, ...], idx: Index) -> tuple[Unit, ...]:
    """p.59: an item is rolled only if a unit able to carry it is rolled too; one that no unit of the
    roll can carry is marked and adds nothing (its owner buries it)."""
    if not any(u.is_item for u in units):
        return units
    return tuple(u.uncarried() if u.is_item and not carried(u, units, idx) else u for u in units)
