"""The post of a game's board (the `game` command's answer), as players post it in a game by post:
the turn, each terrain and army, each player's areas, the spells in force, and the last move.

The answer names dice by where they started (``alice.campaign.1``); the setup in the input says
which die each is, so the post gives its name."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..game import what_it_did
from .names import Names
from .post import Post
from .registry import renders

ARMY_KINDS = {"home": "Home army", "horde": "Horde army", "campaign": "Campaign army", "reserve": "Reserve army"}
SETUP_AREAS = {"home": "home", "horde": "horde", "campaign": "campaign"}
AREAS = (("dua", "Dead Unit Area"), ("bua", "Buried Units Area"), ("reserve", "Reserve Area"),
         ("pool", "Summoning Pool"))


def dice_of_setup(inp: Mapping[str, Any]) -> dict[str, str]:
    """Each die id the game gives (``alice.campaign.1``, ``alice.pool.2``) -> its die in the data."""
    out: dict[str, str] = {}
    for player in (inp.get("setup") or {}).get("players") or []:
        name = str(player.get("name"))
        for kind, dice in (player.get("armies") or {}).items():
            out.update({f"{name}.{kind}.{i}": str(d) for i, d in enumerate(dice or [], 1)})
        out.update({f"{name}.pool.{i}": str(d) for i, d in enumerate(player.get("summoning_pool") or [], 1)})
    return out


class Board:
    """The names of one game's dice, armies and terrains in player words."""

    def __init__(self, names: Names, inp: Mapping[str, Any]) -> None:
        self.names = names
        self.dice = dice_of_setup(inp)

    def die(self, die_id: object) -> str:
        return self.names.die(self.dice.get(str(die_id), str(die_id)))

    def dice_list(self, ids: Iterable[object] | None) -> str:
        return ", ".join(self.die(d) for d in ids or []) or "none"

    @staticmethod
    def army(army: object) -> str:
        player, _, kind = str(army).partition(".")
        return f"{player}'s {ARMY_KINDS.get(kind, kind)}" if kind else player

    @staticmethod
    def terrain(terrain: object) -> str:
        if terrain == "frontier":
            return "the Frontier Terrain"
        if terrain == "reserve":
            return "a Reserve Area"
        return f"{terrain}'s Home Terrain"

    def face(self, die: object, face: object) -> str:
        entry = next((t for t in self.names.bundle.get("terrains") or [] if t.get("id") == die), None)
        faces = (entry or {}).get("faces") or []
        if isinstance(face, int) and 0 < face <= len(faces):
            return f"{face} ({self.names.icon(str(faces[face - 1].get('icon')))})"
        return str(face)

    def holder(self, controller: object) -> str:
        return self.army(controller) if controller else "nobody"


def terrain_rows(board: Board, state: Mapping[str, Any]) -> list[list[str]]:
    return [[board.terrain(name), board.names.die(str(t.get("die"))), board.face(t.get("die"), t.get("face")),
             board.holder(t.get("controller")), board.dice_list(t.get("dragons"))]
            for name, t in (state.get("terrains") or {}).items()]


def army_rows(board: Board, state: Mapping[str, Any]) -> list[list[str]]:
    minors = state.get("minor_terrains") or {}
    rows = []
    for name, army in (state.get("armies") or {}).items():
        dice = board.dice_list(army.get("dice"))
        if name in minors:
            minor = minors[name]
            dice += f"; minor terrain {board.names.die(str(minor.get('die')))} at face {minor.get('face')}"
        rows.append([board.army(name), board.terrain(army.get("terrain")), dice])
    return rows


def area_rows(board: Board, state: Mapping[str, Any]) -> list[list[str]]:
    return [[str(player)] + [board.dice_list(areas.get(key)) for key, _ in AREAS]
            for player, areas in (state.get("players") or {}).items()]


def spells(board: Board, state: Mapping[str, Any]) -> list[str]:
    # A lasting spell ends as its caster's next turn begins (p.44): the answer gives that turn.
    return [f"{board.names.spell(str(e.get('spell')))}, cast by {e.get('caster')} on "
            f"{_target(board, e.get('target'))}: ends as turn {e.get('expires')} begins"
            for e in state.get("effects") or []]


def _target(board: Board, target: object) -> str:
    text = str(target)
    if "." in text:
        return board.army(text) if text.count(".") == 1 else board.die(text)
    return board.terrain(text)


def last_move(board: Board, inp: Mapping[str, Any], log: Sequence[Mapping[str, object]] | None) -> list[str]:
    """The last move in words: who made it, against whom, and what it did."""
    if not log:
        return []
    # The log has one answer per move; a page may send only the last one (a long game's log is long).
    moves = inp.get("moves") or []
    move = moves[-1] if moves else log[-1]
    words = [str(move.get("move")).replace("-", " ").capitalize()]
    if move.get("army"):
        words.append(f"by {board.army(move['army'])}")
    if move.get("target"):
        words.append(f"against {board.army(move['target'])}")
    return [" ".join(words) + "."] + what_it_did(log[-1].get("answer"))


@renders("game")
def game_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    board, state = Board(names, inp), out["state"]
    turn = state.get("turn") or {}
    phase = str(turn.get("phase")).replace("-", " ").capitalize()
    post = Post(f"Turn {turn.get('number')}: {turn.get('player')}, {phase} phase",
                link_text="Open this game in the calculator")
    if state.get("winner"):
        post.para(f"{state['winner']} wins the game.")
    post.table("Terrains", ("Terrain", "Die", "Face", "Held by", "Dragons"), terrain_rows(board, state))
    post.table("Armies", ("Army", "Where", "Dice"), army_rows(board, state))
    post.table("Each player's areas", ("Player",) + tuple(title for _, title in AREAS), area_rows(board, state))
    post.items("Spells in force", spells(board, state))
    post.items("Last move", last_move(board, inp, out.get("log")))
    return post
