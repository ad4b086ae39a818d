"""The terrain dice and the faces an army can hold (rulebook v4.01d p.15), as the calculator reads them."""
from __future__ import annotations

from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parents[2] / "data"


def _load(name: str, kind: str) -> list[dict]:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))[kind]


def test_every_eighth_face_doubles_the_controllers_id_results():
    # p.15: "When rolling the army, all ID results are doubled, for any roll": every eighth face.
    icons = {i["id"]: i for i in _load("icons.yaml", "icons")}
    eighth = {t["eighth_face"] for t in _load("terrains.yaml", "terrains") if t.get("eighth_face")}
    assert eighth == {i for i, e in icons.items() if e["kind"] == "eighth-face"}
    for face in eighth:
        kinds = [k for k in icons[face]["terrain_effects"] if k["kind"] == "double-id"]
        assert kinds == [{"kind": "double-id"}], face


def test_a_terrain_die_has_the_elements_of_its_type():
    # The calculator takes a die's elements from its type (the slim bundle leaves them out).
    types = {t["id"]: t["elements"] for t in _load("terrain-types.yaml", "terrain_types")}
    for t in _load("terrains.yaml", "terrains"):
        assert t["elements"] == types[t["type"]], t["id"]


def test_major_terrain_faces_run_from_one_to_eight():
    for t in _load("terrains.yaml", "terrains"):
        if t["category"] == "major":
            assert [f["number"] for f in t["faces"]] == list(range(1, 9)), t["id"]
            assert t["faces"][7]["icon"] == t["eighth_face"], t["id"]
