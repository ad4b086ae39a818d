"""Every SAI, species ability, spell, eighth face and minor terrain face of the data is worked out by
a registered kind or listed for the player with what it needs (calculator.coverage), and
data/README.md lists which are which as the data says now."""
from __future__ import annotations

import copy
from pathlib import Path

from calculator.bundle import Index
from calculator.coverage import NEITHER, coverage
from generator.data.kinds_doc import COVER_END, COVER_START, coverage_section

ROOT = Path(__file__).resolve().parents[2]


def _gaps(bundle: dict) -> list[str]:
    return [f"{r['what']} {r['id']}" for r in coverage(Index(bundle)) if r["status"] == NEITHER]


def test_no_entry_is_neither_worked_out_nor_listed(bundle):
    rows = coverage(Index(bundle))
    assert _gaps(bundle) == []
    kinds = {r["what"] for r in rows}
    assert kinds == {"SAI", "species ability", "spell", "eighth face", "minor terrain face", "dragon face",
                     "breath effect", "dragon type"}
    # Dragons are worked out whole (p.17): each face against an army and a dragon, each breath effect,
    # each type's targets and the fights between dragons they make.
    dragons = [r for r in rows if r["what"] in ("dragon face", "breath effect", "dragon type")]
    assert len(dragons) == 7 + 6 + 5 and all(r["status"] == "worked out" for r in dragons)
    # Every entry of each kind has its row.
    assert sum(r["what"] == "SAI" for r in rows) == len(bundle["sais"])
    assert sum(r["what"] == "spell" for r in rows) == len(bundle["spells"])
    # An entry listed for the player says what the player needs.
    assert all(r["for_the_player"] for r in rows if r["status"] == "for the player")
    # A spell whose effect is a roll of its target is worked out (Plasma Arc: seed 003, save or die from
    # target to target); one left to the player moves, summons, returns or promotes units, or acts in
    # later turns, and names the game state it needs (Scent of Fear, Knock Out and Explode Item allow
    # no roll: p.44 and seed 003).
    # The species abilities that read the DUA in a roll are worked out from the roll's in_dua (p.21).
    abilities = {r["id"]: r["status"] for r in rows if r["what"] == "species ability"}
    assert abilities["bone-magic"] == abilities["magic-negation"] == "worked out"
    spells = {r["id"]: r for r in rows if r["what"] == "spell"}
    assert spells["plasma-arc"]["status"] == "worked out"
    left = [r for r in spells.values() if r["status"] != "worked out"]
    assert {"scent-of-fear", "knock-out", "explode-item"} <= {r["id"] for r in left}
    assert all(n.startswith("needs the game state: ") for r in left for n in r["for_the_player"])


def test_a_new_entry_with_neither_fails(bundle):
    # The check can fail: a clause that names no kind, an ability without an engine, an eighth
    # face icon without terrain effects, a spell with neither modifier nor target.
    b = copy.deepcopy(bundle)
    b["sais"].append({"id": "new-sai", "name": "New SAI", "clauses": [{"rolls": ["melee"], "summary": "Does a thing."}]})
    b["species"][0]["abilities"].append({"id": "new-ability", "name": "New ability", "summary": "s"})
    b["spells"].append({"id": "new-spell", "name": "New spell", "element": "air", "cost": 1})
    # A spell with a target that names no game state it needs is a gap too.
    b["spells"].append({"id": "new-target-spell", "name": "New", "element": "air", "cost": 1, "target": "dua"})
    tower = next(i for i in b["icons"] if i["id"] == "tower")
    tower.pop("terrain_effects")
    assert sorted(_gaps(b)) == ["SAI new-sai", "eighth face tower", "species ability new-ability",
                                "spell new-spell", "spell new-target-spell"]


def test_the_readme_lists_what_the_data_says(bundle):
    text = (ROOT / "data" / "README.md").read_text(encoding="utf-8")
    block = text[text.index(COVER_START): text.index(COVER_END) + len(COVER_END)]
    assert block == coverage_section(bundle), "run: python -m generator kinds --write"
