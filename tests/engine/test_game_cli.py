"""Every hand-worked game (tests/engine/game_cases.py) through the command line: the same JSON as
the engine's in Python; each refused move exits 2 with one line naming its field, no traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from .conftest import ROOT
from .game_cases import REFUSED, prefix_cases, state_matches


def _cli(data: object, bundle_file) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "calculator", "game", "-", "--data", str(bundle_file)],
                          input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)


def _all(inputs: list[object], bundle_file) -> list[subprocess.CompletedProcess]:
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(lambda d: _cli(d, bundle_file), inputs))


def test_every_game_through_the_command_line(engine, bundle_file):
    cases = prefix_cases()
    for (cid, data, expect), proc in zip(cases, _all([d for _, d, _ in cases], bundle_file)):
        assert proc.returncode == 0, (cid, proc.stderr)
        answer = json.loads(proc.stdout)
        assert state_matches(answer, expect) == [], cid
        assert answer == json.loads(json.dumps(engine.game(data))), cid


def test_every_refused_move_exits_2_naming_its_field(bundle_file):
    procs = _all([{"setup": c["setup"], "moves": c["moves"]} for c in REFUSED], bundle_file)
    for case, proc in zip(REFUSED, procs):
        assert proc.returncode == 2, case["id"]
        assert proc.stdout == "" and "Traceback" not in proc.stderr, case["id"]
        lines = proc.stderr.splitlines()
        assert len(lines) == 1 and lines[-1].startswith(f"error: {case['refused']}: "), (case["id"], proc.stderr)


def test_tampered_game_input_is_one_line_exit_2(bundle_file):
    from .game_cases import setup

    deep: object = "x"
    for _ in range(30):
        deep = [deep]
    bad = [({"setup": setup(), "moves": [{"move": "melee", "army": "alice.campaign", "target": deep}]}, "error: "),
           ({"setup": setup(), "moves": [{"move": "edit", "dice": ["alice.home.1\u202e"], "to": "alice.dua"}]},
            "error: moves[0].dice[0]"),
           ({"setup": {**setup(), "players": [setup()["players"][0]] * 2}, "moves": []}, "error: setup.players[1].name"),
           ([], "error: ")]
    for (data, start), proc in zip(bad, _all([d for d, _ in bad], bundle_file)):
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        lines = proc.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(start), proc.stderr
