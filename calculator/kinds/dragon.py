"""Dragon kinds (rulebook v4.01d p.17), named by the data:

- a dragon face's effects (icons.yaml ``dragon_face.effects``): the damage it deals, whether the
  dragon rolls again, Belly's lost automatic saves, Wing's flight home, a breath that kills units,
  Treasure's promotions; each against an army, a dragon, or both;
- a breath's effect by element (rules.yaml ``dragon-attacks`` ``breath_effects``): what it leaves on
  the attacked army.

The dragon types' targeting table and where a breath's elements come from are plain data
(``dragon_types`` of the same rule), read by :func:`dragon_types`.

>>> jaws = DRAGON_FACE.make({"kind": "damage"}, "f")
>>> jaws.damage(12, "army"), jaws.damage(12, "dragon")
(12, 12)
>>> DRAGON_FACE.make({"kind": "roll-again", "against": ["dragon"]}, "f").rolls_again("army")
False
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Mapping

from ..core.errors import BundleError, ParamError, in_entry
from ..core.registry import Count, Kind, ListOf, OneOf, Registry, Text, check_fields, result_type

TARGETS = ("army", "dragon")


class DragonFaceEffect(Kind):
    """Base: every question has a neutral answer; a kind answers the ones it owns, against the
    targets it names (none named: against both)."""

    phase = "face"
    params = {"against": ListOf(OneOf(TARGETS, "target"))}
    HOOKS: ClassVar[tuple[str, ...]] = ("damage", "rolls_again", "drops_saves", "flies_away", "breathes", "promotes")

    @classmethod
    def acts(cls) -> bool:
        return any(getattr(cls, h) is not getattr(DragonFaceEffect, h) for h in cls.HOOKS)

    def on(self, target: str) -> bool:
        return not self.p.get("against") or target in self.p["against"]

    def damage(self, value: int, target: str) -> int:
        """Damage the face deals to its target (its value)."""
        return 0

    def rolls_again(self, target: str) -> bool:
        return False

    def drops_saves(self) -> bool:
        """The rolling dragon's automatic saves do not count during this attack."""
        return False

    def flies_away(self) -> bool:
        """A surviving dragon returns to its owner's Summoning Pool after the attack."""
        return False

    def breathes(self, target: str) -> bool:
        """Its value in health-worth of the target army's units die with no save, then the breath
        effects of the dragon's elements apply."""
        return False

    def promotes(self, value: int, target: str) -> int:
        """Units of the attacked army that may be promoted."""
        return 0

    def describe(self, x: Count = 0) -> str:
        return self.title


DRAGON_FACE: Registry[DragonFaceEffect] = Registry("dragon face")


@DRAGON_FACE.register
class Damage(DragonFaceEffect):
    """Jaws, Claws, Tail, Wing (and Breath against a dragon): the face's value in damage (p.17; a
    White Dragon's values in the data are already doubled)."""

    kind = "damage"
    title = "deals its value in damage"

    def damage(self, value: int, target: str) -> int:
        return value if self.on(target) else 0


@DRAGON_FACE.register
class RollAgain(DragonFaceEffect):
    """Tail (and Breath against a dragon): roll the dragon again and apply the new face too (p.17)."""

    kind = "roll-again"
    title = "the dragon rolls again and adds the new face"

    def rolls_again(self, target: str) -> bool:
        return self.on(target)


@DRAGON_FACE.register
class NoAutomaticSaves(DragonFaceEffect):
    """Belly: the dragon's automatic saves do not count during this attack (p.17)."""

    kind = "no-automatic-saves"
    title = "the dragon's automatic saves do not count in this attack"

    def drops_saves(self) -> bool:
        return True


@DRAGON_FACE.register
class FlyAway(DragonFaceEffect):
    """Wing: after the attack a surviving dragon returns to its owner's Summoning Pool (p.17)."""

    kind = "fly-away"
    title = "a surviving dragon flies back to its owner's Summoning Pool"

    def flies_away(self) -> bool:
        return True


@DRAGON_FACE.register
class BreathKills(DragonFaceEffect):
    """Breath against an army: the face's value in health-worth dies with no save, then the breath
    effects of the dragon's elements (p.17, "Dragon Breath")."""

    kind = "breath-kills"
    title = "kills its value in health-worth of units with no save, then the breath effects apply"

    def breathes(self, target: str) -> bool:
        return self.on(target)


@DRAGON_FACE.register
class Promote(DragonFaceEffect):
    """Treasure: against an army, that many of its units may be promoted (p.17; two for White)."""

    kind = "promote"
    title = "units of the attacked army may be promoted"

    def promotes(self, value: int, target: str) -> int:
        return value if self.on(target) else 0


class BreathEffect(Kind):
    """What one element's breath leaves on the attacked army (p.17, the breath effects table)."""

    phase = "after-roll"
    HOOKS: ClassVar[tuple[str, ...]] = ("halves", "ignores_id", "buries", "nothing")

    @classmethod
    def acts(cls) -> bool:
        return any(getattr(cls, h) is not getattr(BreathEffect, h) for h in cls.HOOKS)

    def halves(self) -> str | None:
        """The result type halved (rounded down) until the beginning of the army's next turn."""
        return None

    def ignores_id(self) -> bool:
        """The army ignores its ID results until the beginning of its next turn."""
        return False

    def buries(self) -> bool:
        """The units this breath killed roll; those without a save result are buried."""
        return False

    def nothing(self) -> bool:
        """No effect beyond the units killed."""
        return False


BREATH: Registry[BreathEffect] = Registry("breath effect")


@BREATH.register
class BreathHalves(BreathEffect):
    kind = "halve-results"
    params = {"result": result_type(required=True)}
    result: str

    def halves(self) -> str | None:
        return str(self.result)


@BREATH.register
class BreathIgnoresId(BreathEffect):
    kind = "ignore-id"

    def ignores_id(self) -> bool:
        return True


@BREATH.register
class BreathBuries(BreathEffect):
    kind = "bury-unsaved"

    def buries(self) -> bool:
        return True


@BREATH.register
class BreathNothing(BreathEffect):
    kind = "no-effect"

    def nothing(self) -> bool:
        return True


@dataclass(frozen=True)
class ElementBreath:
    element: str
    name: str              # the rules' name ("Lightning Bolt")
    effect: BreathEffect


@dataclass(frozen=True)
class DragonType:
    """A dragon type: whom it attacks (p.17 table) and whose elements its breath brings."""

    id: str
    name: str
    breath: str                                    # own-elements | terrain-elements
    attacks: tuple[tuple[str, str], ...]           # (attacked type, "" | same-elements | shared-element)

    @property
    def breath_from_terrain(self) -> bool:
        return self.breath == "terrain-elements"


UNLESS = ("same-elements", "shared-element")
TYPE_FIELDS = {"id": Text(required=True), "name": Text(required=True),
               "breath": OneOf(("own-elements", "terrain-elements"), "breath source", required=True),
               "attacks": ListOf(Text())}


@dataclass(frozen=True)
class DragonFaceKinds:
    """A dragon face as the data names it: the rules' word, other words for it, its kinds."""

    word: str
    aliases: tuple[str, ...]
    effects: tuple[DragonFaceEffect, ...]


def dragon_face_kinds(i: Mapping[str, Any]) -> DragonFaceKinds:
    raw = i["dragon_face"]
    plain = check_fields({k: v for k, v in raw.items() if k != "effects"},
                         {"word": Text(required=True), "aliases": ListOf(Text())}, "dragon_face")
    effects = tuple(DRAGON_FACE.make(e, f"dragon_face.effects[{j}]") for j, e in enumerate(raw.get("effects") or []))
    if not effects:
        raise ParamError("dragon_face.effects", "a dragon face needs at least one effect")
    return DragonFaceKinds(plain["word"], tuple(plain["aliases"] or ()), effects)


def dragon_types(raw: Any) -> dict[str, DragonType]:
    """The targeting table of rules.yaml ``dragon-attacks`` ``dragon_types``, checked: a mistake
    names its field (``dragon_types[1].attacks[0].unless``)."""
    out: dict[str, DragonType] = {}
    rows = raw if isinstance(raw, list) else []
    for i, row in enumerate(rows):
        where = f"dragon_types[{i}]"
        if not isinstance(row, Mapping):
            raise ParamError(where, "expected a mapping with id, name, breath and attacks")
        attacks = []
        for j, a in enumerate(row.get("attacks") or []):
            at = f"{where}.attacks[{j}]"
            got = check_fields(a if isinstance(a, Mapping) else {}, {"type": Text(required=True),
                                                                     "unless": OneOf(UNLESS, "condition")}, at)
            attacks.append((got["type"], got["unless"] or ""))
        plain = check_fields({k: v for k, v in row.items() if k != "attacks"},
                             {k: v for k, v in TYPE_FIELDS.items() if k != "attacks"}, where)
        out[plain["id"]] = DragonType(plain["id"], plain["name"], plain["breath"], tuple(attacks))
    for t in out.values():
        for j, (other, _) in enumerate(t.attacks):
            if other not in out:
                i = list(out).index(t.id)
                raise ParamError(f"dragon_types[{i}].attacks[{j}].type", f"unknown dragon type {other!r}")
    return out


def breath_effects(raw: Any) -> dict[str, ElementBreath]:
    """The breath effects by element of rules.yaml ``dragon-attacks`` ``breath_effects``."""
    out = {}
    for i, row in enumerate(raw if isinstance(raw, list) else []):
        where = f"breath_effects[{i}]"
        if not isinstance(row, Mapping):
            raise ParamError(where, "expected a mapping with element, name and effect")
        plain = check_fields({k: v for k, v in row.items() if k != "effect"},
                             {"element": Text(required=True), "name": Text(required=True)}, where)
        out[plain["element"]] = ElementBreath(plain["element"], plain["name"],
                                              BREATH.make(row.get("effect"), f"{where}.effect"))
    return out


DragonRules = tuple[dict[str, DragonFaceKinds], dict[str, DragonType], dict[str, ElementBreath]]


def dragon_rules(bundle: Mapping[str, Any], rules: list[Any], dragons: Mapping[str, Mapping[str, Any]]) -> DragonRules:
    """The dragon faces' kinds (icons.yaml), the dragon types' table and the breath effects by
    element (rules.yaml dragon-attacks), checked: a mistake names its file, entry and field."""
    faces = {i["id"]: in_entry("icons", i["id"], dragon_face_kinds, i)
             for i in bundle.get("icons") or [] if i.get("dragon_face")}
    attack: Mapping[str, Any] = next((r for r in rules if r.get("id") == "dragon-attacks"), {})
    types = in_entry("rules", "dragon-attacks", dragon_types, attack.get("dragon_types"))
    breath = in_entry("rules", "dragon-attacks", breath_effects, attack.get("breath_effects"))
    for d in dragons.values():
        for j, f in enumerate(d.get("faces") or ()):
            if f.get("icon") not in faces:       # never a face that silently does nothing
                raise BundleError("dragons", d["id"], f"faces[{j}].icon", f"{f.get('icon')!r} is not a dragon face "
                                  "with its kinds (icons.yaml dragon_face)")
        if d.get("dragon_type", "elemental") not in types:
            raise BundleError("dragons", d["id"], "dragon_type", f"{d.get('dragon_type')!r} is not a dragon type of "
                              f"rules.yaml dragon-attacks ({', '.join(types)})")
    return faces, types, breath
