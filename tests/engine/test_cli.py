"""The command line: good input prints JSON; bad input exits 2 with one line naming the problem."""
from __future__ import annotations

import json

import pytest

GOOD = {"roll": "melee", "terrain": "highland", "army": [{"die": "amazons/warrior", "rolled": "2 melee"}]}

BAD = [
    # (input text, words that must appear in the one stderr line)
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": "3 meele"}]}',
     ["army[0].rolled", "meele"]),
    ('{"roll": "mele", "army": [{"die": "amazons/warrior", "rolled": "id"}]}', ["roll", "mele"]),
    ('{"roll": "save", "against": "fire", "army": [{"die": "amazons/warrior", "rolled": "id"}]}',
     ["against", "fire"]),
    ('{"roll": "melee", "army": [{"die": "amazons/nobody", "rolled": "id"}]}', ["army[0].die", "amazons/nobody"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": 9}]}', ["army[0].rolled", "9"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": "5 melee"}]}',
     ["army[0].rolled", "5 melee"]),
    ('{"roll": "melee", "terrain": "moon", "army": [{"die": "amazons/warrior", "rolled": "id"}]}',
     ["terrain", "moon"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": "id"}], '
     '"modifiers": [{"spell": "fireball"}]}', ["modifiers[0].spell", "fireball"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": "id"}], '
     '"modifiers": [{"op": "divide", "result": "melee", "amount": 0}]}', ["modifiers[0].amount"]),
    ('{"roll": "melee", "army": []}', ["army"]),
    # the roll a spell calls for: Hailstorm's is a save roll against magic (p.44)
    ('{"roll": "melee", "spell": "hailstorm", "army": [{"die": "amazons/warrior", "rolled": "id"}]}',
     ["spell", "Hailstorm calls for", "against magic"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rolled": "id"}], "options": {"nope": false}}',
     ["options.nope"]),
    ('{"roll": "melee", "army": [{"die": "amazons/warrior", "rerolled": ["2 mellee"]}]}',
     ["army[0].rerolled[0]", "mellee"]),
    ('{"roll": "melee", "army": [', ["input", "JSON"]),
]


def test_good_input_prints_json(cli):
    proc = cli(json.dumps(GOOD))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["totals"] == {"melee": 2}
    assert len(out["steps"]) == 10


@pytest.mark.parametrize("text,words", BAD, ids=[w[0] for _, w in BAD])
def test_bad_input(cli, text, words):
    proc = cli(text)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert lines[0].startswith("error: ")
    for w in words:
        assert w in lines[0]


def test_missing_bundle_is_one_line(tmp_path):
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "calculator", "resolve", "-", "--data", str(tmp_path / "no.json")],
                          input="{}", capture_output=True, text=True, cwd=str(tmp_path.parent), timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
