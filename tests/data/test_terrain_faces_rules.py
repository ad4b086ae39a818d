"""Every face a terrain die (major or minor) shows names the rule part that explains it: the
calculator's maneuver mode links the face's action to it, so a new face without one fails here."""
from __future__ import annotations


def test_every_terrain_face_names_its_rule(dataset):
    icons = {i["id"]: i for i in dataset.kinds["icons"]}
    rules = {r["id"]: r for r in dataset.kinds["rules"]}
    missing = sorted({f["icon"] for t in dataset.kinds["terrains"] for f in t["faces"] if not icons[f["icon"]].get("rule")})
    assert missing == []
    for t in dataset.kinds["terrains"]:
        for f in t["faces"]:
            rule, _, part = icons[f["icon"]]["rule"].partition("#")
            assert rule in rules, (t["id"], f["icon"])
            if part:
                assert part in {p["id"] for p in rules[rule].get("points", [])}, (t["id"], f["icon"])


def test_eighth_and_minor_faces_have_a_part_of_their_own(dataset):
    # Each eighth face its own part; each minor-terrain face its own, the four ID faces sharing one.
    icons = [i for i in dataset.kinds["icons"] if i["kind"] in ("eighth-face", "minor-terrain")]
    parts = {i["id"]: i["rule"] for i in icons}
    assert all("#" in r for r in parts.values())
    eighth = [r for i, r in parts.items() if next(x for x in icons if x["id"] == i)["kind"] == "eighth-face"]
    assert len(eighth) == len(set(eighth)) == 8
