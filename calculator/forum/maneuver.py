"""The post of a maneuver: the rolls against each other, who won, and the terrain die after it."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .exchanges import roll_rows
from .names import Names
from .post import Post
from .registry import renders
from .rolls import notes


def terrain_line(names: Names, out: Mapping[str, Any]) -> str:
    before, after = out.get("face_before"), out.get("face_after")
    faces = (out.get("terrain") or {}).get("faces") or []

    def face(n: object) -> str:
        icon = faces[n - 1] if isinstance(n, int) and 0 < n <= len(faces) else None
        return f"{n} ({names.icon(icon)})" if icon else str(n)
    if before == after:
        return f"The terrain die stays at face {face(before)}."
    return f"The terrain die turns from face {face(before)} to face {face(after)}."


@renders("maneuver")
def maneuver_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    terrain = (out.get("terrain") or {}).get("name") or ""
    post = Post("Maneuver" + (f" at {terrain}" if terrain else ""), link_text="Open this maneuver in the calculator")
    post.para(("The maneuver succeeds." if out.get("succeeded") else "The maneuver fails.") + " " + terrain_line(names, out))
    post.table("The rolls", ("Roll", "Army", "Faces rolled", "Total"), roll_rows(names, out))
    post.para(str(out.get("why") or ""))
    post.items("Warnings", notes(names, out)[1])
    return post
