"""ARCHITECTURE.md's worked example runs as written: its kind registers, its data entry loads,
and the rolls come out as computed by hand there (health 3: 3 melee in a melee roll, 0 saves)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def blocks(lang: str) -> list[str]:
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def run_example(code: str, sai: dict) -> dict:
    # A fresh interpreter, so the example's kind never joins the registry of the other tests.
    script = code + textwrap.dedent(f"""
        import json
        from calculator import Engine
        bundle = {{"icons": [{{"id": "melee", "name": "Melee"}}], "sais": [{json.dumps(sai)}],
                  "species": [{{"id": "testers", "name": "Testers"}}], "dice": []}}
        engine = Engine(bundle)
        unit = {{"species": "testers", "health": 3, "rolled": "Example Rally"}}
        out = {{roll: engine.resolve({{"roll": roll, "army": [unit]}}) for roll in ("melee", "save")}}
        print(json.dumps(out))
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_worked_example_adds_an_sai_kind():
    (code,) = blocks("python")
    (entry,) = yaml.safe_load(blocks("yaml")[0])
    out = run_example(code, entry)
    melee = out["melee"]
    assert melee["totals"] == {"melee": 3}                       # step 8: + health (3)
    step8 = next(s for s in melee["steps"] if s["step"] == 8)
    assert step8["subtotals"] == {"melee": 3}
    step5 = next(s for s in melee["steps"] if s["step"] == 5)
    assert step5["subtotals"] == {"melee": 0}                    # no normal or ID results
    assert out["save"]["totals"] == {"save": 0}                  # the clause works in melee rolls only


def test_the_example_is_not_in_the_engine():
    # The example stays an example: the real registry has no such kind.
    from calculator.kinds import EFFECTS

    assert "results-per-health" not in EFFECTS.names()
