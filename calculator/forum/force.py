"""The post of a force from the army builder: each army's dice and points, the terrains, the
Summoning Pool, and the setup rules it breaks."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..forces.request import ARMIES as PARTS, PART_NAMES
from .names import Names
from .post import Post
from .registry import renders

ARMIES = {a: PART_NAMES[a] for a in PARTS}


def dice_rows(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> list[list[str]]:
    costs = out.get("costs") or {}
    rows = []
    for army, title in ARMIES.items():
        for i, die in enumerate((inp.get("armies") or {}).get(army) or []):
            cost = costs.get(f"armies.{army}[{i}]")
            rows.append([title if i == 0 else "", names.die(str(die)), "" if cost is None else str(cost)])
        if (inp.get("armies") or {}).get(army):
            rows.append(["", f"{title}: total", str((out.get("points") or {}).get(army, 0))])
    return rows


@renders("force")
def force_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    points = out.get("points") or {}
    post = Post(f"A {inp.get('size')}-point force", link_text="Open this force in the army builder")
    post.para(f"{points.get('total', 0)} of {inp.get('size')} points; each army at most "
              f"{(out.get('limits') or {}).get('army', '?')}.")
    post.table("The armies", ("Army", "Die", "Points"), dice_rows(names, inp, out))
    terrains = inp.get("terrains") or {}
    post.items("Terrains", [f"{kind.capitalize()}: {names.die(str(t))}" for kind, t in terrains.items() if t])
    post.items(PART_NAMES["pool"], [names.die(str(d)) for d in inp.get("summoning_pool") or []])
    if out.get("ok"):
        post.para("The force follows the setup rules.")
    post.items("Setup rules it breaks", [str(p.get("text", "")) for p in out.get("problems") or []])
    post.items("Warnings", [str(w.get("text", "")) for w in out.get("warnings") or []])
    return post
