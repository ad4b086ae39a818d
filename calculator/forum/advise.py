"""The post of an army's advice (the `advise` command's answer): one table, a row per option with
its odds side by side, percentages and averages as the other posts write them."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .game import Board
from .names import Names, percent
from .post import Post
from .registry import renders

HEAD = ("Option", "Maneuver succeeds", "Expected damage", "Kills at least 1 health",
        "Expected own losses (health)", "Expected magic")


def _mean(dist: object) -> str:
    return f"{float(dist.get('mean', 0)):.2f}" if isinstance(dist, Mapping) else ""


def _kills(dist: object) -> str:
    return percent((dist.get("at_least") or {}).get("1", 0)) if isinstance(dist, Mapping) else ""


def option_name(option: Mapping[str, Any]) -> str:
    action = str(option.get("action"))
    if action == "maneuver":
        return "Maneuver " + " or ".join(str(d) for d in option.get("directions") or [])
    if option.get("target"):
        return f"{action.capitalize()} at {Board.army(option['target'])}"
    return action.capitalize()


def option_row(option: Mapping[str, Any]) -> list[str]:
    name = option_name(option) + (" (sampled)" if option.get("method") == "sampled" else "")
    if option.get("action") == "maneuver":
        return [name, percent(option.get("chance", 0)), "", "", "", ""]
    if option.get("action") == "magic":
        return [name, "", "", "", "", _mean(option.get("magic"))]
    losses = (option.get("losses") or {}).get("killed")
    return [name, "", _mean(option.get("damage")), _kills(option.get("killed")), _mean(losses), ""]


@renders("advise")
def advise_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    post = Post(f"What {Board.army(out.get('army'))} can do now", link_text="Open this advice in the calculator")
    post.para(f"Its terrain shows face {out.get('face')}: {out.get('action')}.")
    post.table("", HEAD, [option_row(o) for o in out["options"]])
    post.items("Notes", [str(n) for n in out.get("notes") or []])
    return post
