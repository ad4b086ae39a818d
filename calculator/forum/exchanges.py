"""Posts of an exchange, a dragon attack, and the odds of either: who rolled what, the damage,
who died, and the chances of each loss."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .names import Names, amounts, percent
from .post import Post
from .registry import renders
from .rolls import faces_rolled, notes


def roll_rows(names: Names, out: Mapping[str, Any]) -> list[list[str]]:
    """Each single roll of an exchange or maneuver: its name, its army, the faces shown, its total."""
    rows = []
    for r in out.get("rolls") or []:
        if "roll" not in r:
            continue                # a dragon's own roll: the dragons' table says it
        rows.append([names.exchange_roll(str(r.get("name"))), names.side(str(r.get("side"))),
                     faces_rolled(r["roll"]), amounts(r["roll"].get("totals"))])
    return rows


def killed_rows(names: Names, out: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for side, units in (out.get("killed") or {}).items():
        for u in units:
            rows.append([names.side(side), str(u.get("label", "")), str(u.get("health", "")), str(u.get("why", ""))])
    return rows


def losses(post: Post, names: Names, out: Mapping[str, Any]) -> None:
    post.items("Damage", [str(d.get("text", "")) for d in out.get("damage") or []])
    post.table("Units lost", ("Army", "Unit", "Health", "Why"), killed_rows(names, out))
    effects, warnings = notes(names, out)
    left = [str(x.get("text", x)) if isinstance(x, Mapping) else str(x) for x in out.get("left") or []]
    post.items("Left to the players", effects + left)
    post.items("Warnings", warnings)


def summary_rows(names: Names, summary: Mapping[str, Any]) -> list[list[str]]:
    return [[names.summary(k), str(v)] for k, v in summary.items() if isinstance(v, int) and not isinstance(v, bool)]


@renders("exchange")
def exchange_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    post = Post(names.attack(str(out.get("attack"))) + names.where(out.get("terrain")),
                link_text="Open this exchange in the calculator")
    post.table("", ("What", "Amount"), summary_rows(names, out.get("summary") or {}))
    post.table("The rolls", ("Roll", "Army", "Faces rolled", "Total"), roll_rows(names, out))
    losses(post, names, out)
    return post


def dragon_rows(out: Mapping[str, Any]) -> list[list[str]]:
    return [[str(d.get("label", "")), ", ".join(d.get("labels") or []), str(d.get("damage", 0)),
             str(d.get("target_text", "")), str(d.get("status", "")) + (f": {d['why']}" if d.get("why") else "")]
            for d in out.get("dragons") or []]


@renders("dragon-attack")
def dragon_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    post = Post("Dragon attack" + names.where(out.get("terrain")), link_text="Open this dragon attack in the calculator")
    post.table("The dragons", ("Dragon", "Faces", "Damage", "Attacks", "Outcome"), dragon_rows(out))
    post.table("", ("What", "Amount"), summary_rows(names, out.get("summary") or {}))
    post.para(str((out.get("id_split") or {}).get("text", "")))
    post.table("The army's rolls", ("Roll", "Army", "Faces rolled", "Total"), roll_rows(names, out))
    losses(post, names, out)
    return post


MEASURES = {"damage": "damage taken", "killed": "health-worth of units killed", "dragons_killed": "dragons killed"}


def chance_rows(dist: Mapping[str, Any]) -> list[list[str]]:
    exactly = dist.get("distribution") or {}
    at_least = dist.get("at_least") or {}
    return [[str(n), percent(exactly[n]), percent(at_least.get(n, 0))] for n in sorted(exactly, key=int)]


def odds_table(post: Post, heading: str, dist: object) -> None:
    if not isinstance(dist, Mapping):
        return
    post.table(heading, ("Amount", "Exactly", "At least"), chance_rows(dist))
    post.para(f"Average {float(dist.get('mean', 0)):.2f} (standard deviation {float(dist.get('sd', 0)):.2f})")


def odds_parts(post: Post, names: Names, out: Mapping[str, Any]) -> None:
    if out.get("method") == "sampled":
        post.para("An estimate from sampled exchanges, not exact chances.")
    for side, measures in (out.get("sides") or {}).items():
        for key, dist in measures.items():
            odds_table(post, f"{names.side(side)}: {MEASURES.get(key, key)}", dist)
    odds_table(post, "Dragons killed", out.get("dragons_killed"))
    post.items("Notes", [str(n) for n in out.get("notes") or []])


@renders("exchange-odds")
def odds_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    title = "Odds of a " + names.attack(str(out.get("attack", inp.get("attack")))).lower() + names.where(inp.get("terrain"))
    post = Post(title, link_text="Open this exchange in the calculator")
    odds_parts(post, names, out)
    return post


@renders("dragon-odds")
def dragon_odds_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    attacker = inp.get("attacker")
    attacker = attacker if isinstance(attacker, Mapping) else {}
    dragons = ", ".join(names.die(str(d.get("die"))) for d in attacker.get("dragons") or [] if isinstance(d, Mapping))
    post = Post("Odds of a dragon attack" + names.where(inp.get("terrain")), link_text="Open this dragon attack in the calculator")
    post.para(f"Dragons: {dragons}" if dragons else "")
    odds_parts(post, names, out)
    return post
