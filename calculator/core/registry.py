"""The registry of effect kinds: every kind the data may name is one small class that owns it.

A kind declares its parameters (strictly: an unknown parameter or a bad value is an error that
names the field), the phase in which it acts, what it does and how the trace says it, and either
acts or says it is left to the player. Data that names a kind nothing owns cannot be loaded.

>>> spec = Registry("demo")
>>> @spec.register
... class Shout(Kind):
...     kind = "shout"
...     left_to_player = True
...     params = {"amount": Amount()}
...     def describe(self, x):
...         return f"shouts {self.n(x)}"
>>> spec.make({"kind": "shout", "amount": "X"}, "effect").describe(3)
'shouts 3'
>>> spec.make({"kind": "whisper"}, "effect")
Traceback (most recent call last):
...
calculator.core.errors.ParamError: effect.kind: unknown kind 'whisper' (one of shout)
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Iterable, TypedDict, TypeVar, Unpack

from .shapes import Answer, Raw
from .errors import ParamError
from .rolls import AGAINST, CATEGORIES, RESULT_TYPES

if TYPE_CHECKING:       # annotations only: the seams module is loaded by the roll itself
    from .records import EffectUse
    from .seams import ExchangeStep, FaceCtx

# Phases: when an effect acts, in the order of a roll and an exchange (data/README.md).
# A face's count as a kind reads it: a number in a roll, or "X" where a text leaves it unresolved
# (the generator's pages say "X" where the face's count goes).
Count = int | str

PHASES = ("face", "step-2", "step-3", "step-6", "step-7", "step-8", "step-9", "step-10", "after-roll", "exchange")


class Options(TypedDict, total=False):
    """What every parameter type may be told besides its own settings."""

    required: bool
    default: object


class Param:
    """One declared parameter: ``check`` returns the value or raises ParamError(field, message)."""

    required = False
    default: object = None
    noun = "value"

    def __init__(self, required: bool = False, default: object = None, noun: str | None = None) -> None:
        self.required, self.default = required, default
        if noun:
            self.noun = noun

    def check(self, value: object, where: str) -> object:
        return value

    def describe(self) -> str:
        return self.noun + (", required" if self.required else "")


class Amount(Param):
    """``X`` (the face's count) or a whole number; ``tags`` allow a few named amounts."""

    noun = "amount"

    def __init__(self, tags: Iterable[str] = (), **kw: Unpack[Options]) -> None:
        super().__init__(**kw)
        self.tags = tuple(tags)

    def check(self, value: object, where: str) -> object:
        if value == "X" or value in self.tags:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        extra = "".join(f", '{t}'" for t in self.tags)
        raise ParamError(where, f"{value!r} is not an amount ('X', a whole number{extra})")

    def describe(self) -> str:
        return "X or a number" + "".join(f" or {t}" for t in self.tags)


class Int(Param):
    noun = "whole number"

    def __init__(self, low: int = 0, **kw: Unpack[Options]) -> None:
        super().__init__(**kw)
        self.low = low

    def check(self, value: object, where: str) -> object:
        if isinstance(value, int) and not isinstance(value, bool) and value >= self.low:
            return value
        raise ParamError(where, f"{value!r} is not a whole number >= {self.low}")


class Bool(Param):
    noun = "true or false"

    def check(self, value: object, where: str) -> object:
        if isinstance(value, bool):
            return value
        raise ParamError(where, f"{value!r} is not true or false")


class Text(Param):
    noun = "text"

    def check(self, value: object, where: str) -> object:
        if isinstance(value, str) and value.strip():
            return value
        raise ParamError(where, f"{value!r} is not a text")


class OneOf(Param):
    """One value of a fixed vocabulary."""

    def __init__(self, values: Iterable[str], noun: str = "value", **kw: Unpack[Options]) -> None:
        super().__init__(noun=noun, **kw)
        self.values = tuple(values)

    def check(self, value: object, where: str) -> object:
        if isinstance(value, str) and value in self.values:
            return value
        raise ParamError(where, f"{value!r} is not a {self.noun} ({', '.join(self.values)})")

    def describe(self) -> str:
        return " \\| ".join(self.values) if len(self.values) <= 8 else self.noun


class ListOf(Param):
    """A non-empty list of values of one vocabulary (``allow_all``: or the word ``all``)."""

    def __init__(self, item: Param, allow_all: bool = False, **kw: Unpack[Options]) -> None:
        super().__init__(noun=f"list of {item.noun}s", **kw)
        self.item, self.allow_all = item, allow_all

    def check(self, value: object, where: str) -> object:
        if self.allow_all and value == "all":
            return "all"
        if not isinstance(value, list) or not value:
            raise ParamError(where, f"{value!r} is not a {self.noun}")
        return tuple(self.item.check(v, f"{where}[{i}]") for i, v in enumerate(value))

    def describe(self) -> str:
        return ("`all` or " if self.allow_all else "") + f"list of {self.item.describe()}"


class Struct(Param):
    """A mapping with its own declared fields."""

    def __init__(self, fields: Mapping[str, Param], noun: str = "mapping", **kw: Unpack[Options]) -> None:
        super().__init__(noun=noun, **kw)
        self.fields = dict(fields)

    def check(self, value: object, where: str) -> object:
        if not isinstance(value, Mapping):
            raise ParamError(where, f"{value!r} is not a {self.noun}")
        return check_fields(value, self.fields, where)

    def describe(self) -> str:
        return "{" + ", ".join(self.fields) + "}"


class Either(Param):
    """The first of several parameter types that accepts the value."""

    def __init__(self, *options: Param, **kw: Unpack[Options]) -> None:
        super().__init__(noun=" or ".join(o.noun for o in options), **kw)
        self.options = options

    def check(self, value: object, where: str) -> object:
        for opt in self.options:
            try:
                return opt.check(value, where)
            except ParamError:
                continue
        raise ParamError(where, f"{value!r} is not a {self.noun}")


def result_type(**kw: Unpack[Options]) -> OneOf:
    return OneOf(RESULT_TYPES, "result type", **kw)


def result_types(allow_all: bool = False, **kw: Unpack[Options]) -> ListOf:
    return ListOf(result_type(), allow_all, **kw)


def roll_categories(**kw: Unpack[Options]) -> ListOf:
    return ListOf(OneOf(CATEGORIES, "roll type"), **kw)


def against_list(**kw: Unpack[Options]) -> ListOf:
    return ListOf(OneOf(AGAINST, "attack"), **kw)


def check_fields(raw: Raw, fields: Mapping[str, Param], where: str) -> dict[str, Any]:
    """Check every declared field; an undeclared one is an error naming it."""
    for key in raw:
        if key not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise ParamError(f"{where}.{key}", f"unknown parameter (known: {known})")
    out: dict[str, Any] = {}
    for key, param in fields.items():
        if key in raw and raw[key] is not None:
            out[key] = param.check(raw[key], f"{where}.{key}")
        elif param.required:
            raise ParamError(f"{where}.{key}", "missing required parameter")
        else:
            out[key] = param.default
    return out


class Kind:
    """Base of every registered kind. Subclasses set ``kind``, ``params``, ``phase``."""

    kind: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}
    phase: ClassVar[str] = "after-roll"
    # Words for the trace and the list of effects left to the player.
    title: ClassVar[str] = ""
    tells_its_step: ClassVar[bool] = False   # it writes its own step-4 line, with the unit's figures: the SAI's line leaves it out
    # What the parts that run kinds ask of every kind (each kind answers for itself):
    generates_saves: ClassVar[bool] = False   # it brings save results (works in the DUA, seed 000)
    kills_dragon: ClassVar[bool] = False      # it kills an attacking dragon (a dragon attack reads it)
    exact_odds: ClassVar[bool] = True         # the exact chances of an exchange can work it out
    dragon_attack_acts: ClassVar[bool] = False  # a dragon attack carries it out (else it is listed)
    # Only listed, with its X, for the player to resolve. A kind must act or say so: one that
    # does neither is refused when it registers (an effect nothing reads is a mistake).
    left_to_player: ClassVar[bool] = False
    # Carried out only when it cannot apply: the player resolves it when it could (an ability's warning).
    by_hand_when_applies: ClassVar[bool] = False
    # What an exchange and the exact odds ask of every effect (calculator.exchange); the defaults are
    # those of a kind that does not say:
    names_its_face: ClassVar[bool] = True        # what it leaves to the player names the face that brought it
    reaches_other_army: ClassVar[bool] = True    # its action reaches the other army at once
    reads_only_targets: ClassVar[bool] = False   # it reads and changes only the target army's units
    rerolls_targets: ClassVar[bool] = False      # it has its targets roll again (the chances refuse it)
    recolours_one_unit: ClassVar[bool] = False   # it recolours one unit's magic (calculator.magic)
    # An exchange's roll shows this effect: what it does there, through the step (a kind that acts
    # there defines the method ``exchange(use, step)``); none by default: it is only listed.
    exchange: Callable[[EffectUse, ExchangeStep], None] | None = None

    @classmethod
    def acts(cls) -> bool:
        """Whether the engine carries it out: in a roll (its own ``on_face``), in an exchange (an
        ``exchange`` method) or in a dragon attack."""
        return cls.on_face is not Kind.on_face or cls.acts_in_exchange() or cls.dragon_attack_acts

    @classmethod
    def acts_in_exchange(cls) -> bool:
        """Whether an exchange carries it out (its own ``exchange``), else it is only listed there."""
        return cls.exchange is not None

    def __init__(self, values: Raw, where: str = "") -> None:
        # The checked values (the data's words, as the trace and the bundle give them back) and, for
        # each parameter the kind declares, an attribute of the same name typed on its class.
        self.p: dict[str, Any] = dict(values)
        self.where = where
        for name, value in self.p.items():
            if name.isidentifier() and not callable(getattr(type(self), name, None)):
                setattr(self, name, value)

    def n(self, x: Count, key: str = "amount") -> Any:
        """A declared amount resolved against the face's X."""
        value = self.p.get(key)
        return x if value == "X" else value

    def describe(self, x: Count) -> str:
        return self.title or self.kind.replace("-", " ")

    def computed(self) -> bool:
        """True when the engine applies this effect itself (not left to the player)."""
        return False

    def cancels_dragon_damage(self, unit_elements: Sequence[str],
                              dragons: Sequence[tuple[int, tuple[str, ...], int]]) -> int | None:
        """In a dragon attack's response: the dragon (index) whose non-breath damage the army ignores
        because a unit of these elements showed this effect, among (index, elements, damage) of the
        dragons still counted; None: it cancels none."""
        return None

    def on_face(self, fx: FaceCtx) -> None:
        """A rolled face shows this effect (an SAI's clause names it): by default it is listed, with
        its X, among the roll's effects; a kind that changes the roll writes on ``fx.out``."""
        fx.use(self)

    def on_counter_maneuvers(self, x: int, source: str) -> list[Answer]:
        """The modifier inputs this effect, rolled in a marching army's maneuver roll, gives each
        counter-maneuvering army's roll (calculator.terrain); none by default."""
        return []

    def to_json(self) -> Answer:
        return {"kind": self.kind, **{k: list(v) if isinstance(v, tuple) else v
                                      for k, v in self.p.items() if v is not None}}


K = TypeVar("K", bound=Kind)


class Registry(Generic[K]):
    """Kinds of one family (SAI effects, species abilities, spell modifiers), by name."""

    def __init__(self, family: str) -> None:
        self.family = family
        self.kinds: dict[str, type[K]] = {}

    def register(self, cls: type[K]) -> type[K]:
        if not cls.kind or cls.kind in self.kinds or cls.phase not in PHASES:
            raise TypeError(f"{cls.__name__}: a kind needs a new name and one of the phases {PHASES}")
        if not (cls.acts() or cls.left_to_player):
            raise TypeError(f"{self.family} kind '{cls.kind}' neither acts nor is left to the player")
        self.kinds[cls.kind] = cls
        return cls

    def make(self, raw: object, where: str, key: str = "kind") -> K:
        if not isinstance(raw, Mapping):
            raise ParamError(where, f"expected a mapping with '{key}', got {raw!r}")
        name = raw.get(key)
        cls = self.kinds.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ParamError(f"{where}.{key}", f"unknown {key} {name!r} (one of {', '.join(sorted(self.kinds))})")
        body = {k: v for k, v in raw.items() if k != key}
        return cls(check_fields(body, cls.params, where), where)

    def names(self) -> list[str]:
        return sorted(self.kinds)

    def catalogue(self) -> list[Answer]:
        """Every kind with its phase and parameters (published in the bundle and data/README.md)."""
        return [{"kind": name, "phase": cls.phase, "title": cls.title,
                 "params": {k: p.describe() for k, p in cls.params.items()}}
                for name, cls in sorted(self.kinds.items())]


def done_by_engine(k: Kind) -> bool | None:
    """True: the calculator carries the kind out; False: it lists it for the player; None: neither (a gap
    the coverage test fails on)."""
    if k.left_to_player or not k.p.get("engine", True) or k.by_hand_when_applies:
        return False
    return True if k.acts() else None
