"""The game's state: where every die is, the terrain dice, the turn, the spells in force.

A die's place is an army (``alice.home``, ``alice.horde``, ``alice.campaign``, ``alice.reserve``),
a player's area (``alice.dua``, ``alice.bua``, ``alice.pool``), a terrain (a dragon: ``@frontier``)
or beside an army (a minor terrain in play: ``minor:alice.campaign``). Armies are named by where
they stand (p.3), so a player has at most one army at each terrain.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.shapes import Answer

PHASES = ("expire-effects", "eighth-face", "dragon-attack", "species-abilities", "first-march", "second-march",
          "reserves")
ARMY_KINDS = ("home", "horde", "campaign", "reserve")
AREAS = ("dua", "bua", "reserve", "pool")
EIGHTH = 8


@dataclass
class Die:
    id: str                 # alice.home.1
    die: str                # the catalogue id
    owner: str
    kind: str               # unit, item, dragon, minor, terrain (a major terrain in a pool)
    species: str | None = None
    elements: tuple[str, ...] = ()


@dataclass
class Terrain:
    name: str               # alice, bob, frontier
    die: str
    face: int
    controller: str | None = None
    type: str = ""
    eighth: str | None = None           # the icon of its eighth face (p.15)


@dataclass
class Effect:
    spell: str
    caster: str
    target: str
    expires: int
    army: str | None = None             # the army whose rolls it changes
    terrain: str | None = None          # or every army roll at this terrain
    units: tuple[str, ...] = ()         # or these units (it ends when one dies, p.44)
    copies: int = 1
    changes_rolls: bool = True          # a spell with a roll modifier (the others are the player's to apply)

    def to_json(self) -> Answer:
        return {"spell": self.spell, "caster": self.caster, "target": self.target, "expires": self.expires}


@dataclass
class Bond:
    """A dragon tamed or controlled by a unit (p.62; calculator.game.bonds)."""

    how: str                # tamed, controlled
    unit: str               # the champion's die id
    player: str
    white: bool             # a White Dragon: freed at its player's next Effects Expire step
    turn: int

    def to_json(self, dragon: str) -> Answer:
        return {"dragon": dragon, "how": self.how, "unit": self.unit, "player": self.player}


@dataclass
class Turn:
    number: int
    player: str
    phase: str = "eighth-face"
    step: str | None = None
    army: str | None = None
    marched: list[str] = field(default_factory=list)
    owed: list[str] = field(default_factory=list)      # terrains whose dragons still attack (p.11, p.17)
    retreated: bool = False
    minor_rolled: bool = False      # the marching army rolled its minor terrain again this march (p.15)

    def to_json(self) -> Answer:
        return {"number": self.number, "player": self.player, "phase": self.phase, "step": self.step,
                "army": self.army}


@dataclass
class State:
    size: int
    players: tuple[str, str]
    dice: dict[str, Die]
    place: dict[str, str]               # die id -> where it is
    arrival: dict[str, int]             # die id -> order of arrival in its army
    terrains: dict[str, Terrain]
    turn: Turn
    minor_face: Answer = field(default_factory=dict)     # minor die id -> its active face
    effects: list[Effect] = field(default_factory=list)
    winner: str | None = None
    clock: int = 0
    species: tuple[str, ...] = ()
    warnings: list[Answer] = field(default_factory=list)
    pool_species: tuple[str, ...] = ()          # species whose killed units go to the Summoning Pool (p.54)
    bonds: dict[str, Bond] = field(default_factory=dict)     # dragon die id -> its taming or controlling unit

    def eighth_face(self, terrain: str) -> str | None:
        return self.terrains[terrain].eighth

    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def put(self, die: str, where: str) -> None:
        self.clock += 1
        self.place[die] = where
        self.arrival[die] = self.clock

    def army_dice(self, army: str) -> list[str]:
        """The army's dice, in setup order then by arrival (position i is ``army[i]``)."""
        return sorted((d for d, w in self.place.items() if w == army), key=lambda d: self.arrival[d])

    def armies(self) -> list[str]:
        return sorted({w for w in self.place.values() if _is_army(w)})

    def exists(self, army: str) -> bool:
        return any(w == army for w in self.place.values())

    def units_of(self, army: str) -> list[str]:
        return [d for d in self.army_dice(army) if self.dice[d].kind == "unit"]

    def terrain_of(self, army: str) -> str:
        """Where an army named by its place stands (p.3): home, horde, campaign or the Reserve Area."""
        player, kind = army.split(".")
        return {"home": player, "horde": self.other(player), "campaign": "frontier", "reserve": "reserve"}[kind]

    def army_at(self, player: str, terrain: str) -> str:
        if terrain == "reserve":
            return f"{player}.reserve"
        if terrain == player:
            return f"{player}.home"
        return f"{player}.campaign" if terrain == "frontier" else f"{player}.horde"

    def owner(self, army: str) -> str:
        return army.split(".")[0]

    def dragons_at(self, terrain: str) -> list[str]:
        return sorted(d for d, w in self.place.items() if w == f"@{terrain}")

    def minor_of(self, army: str) -> str | None:
        return next((d for d, w in self.place.items() if w == f"minor:{army}"), None)

    def to_json(self) -> Answer:
        players = {p: {a: sorted(d for d, w in self.place.items() if w == f"{p}.{a}") for a in AREAS}
                   for p in self.players}
        armies = {a: {"terrain": self.terrain_of(a), "dice": sorted(self.army_dice(a))} for a in self.armies()}
        terrains = {t.name: {"die": t.die, "face": t.face, "controller": t.controller, "dragons": self.dragons_at(t.name)}
                    for t in self.terrains.values()}
        minors = {a: {"die": self.dice[m].die, "id": m, "face": self.minor_face.get(m)}
                  for a in self.armies() if (m := self.minor_of(a))}
        return {"turn": self.turn.to_json(), "players": players, "armies": armies, "terrains": terrains,
                "minor_terrains": minors, "effects": [e.to_json() for e in self.effects], "winner": self.winner,
                "dragon_bonds": [b.to_json(d) for d, b in sorted(self.bonds.items())]}


def _is_army(where: str) -> bool:
    parts = where.split(".")
    return len(parts) == 2 and parts[1] in ARMY_KINDS and not where.startswith(("@", "minor:"))
