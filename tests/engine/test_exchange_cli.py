"""Every hand-worked exchange (tests/engine/test_exchange.py) also passes through the command line,
with the same JSON as the engine gives in Python."""
from __future__ import annotations

import json
import subprocess
import sys

from calculator import InputError

from .conftest import ROOT


def test_every_hand_worked_exchange_through_the_command_line(engine, bundle_file):
    from tests.parity.recorded import record

    calls = [(cmd, data) for cmd, data in record("tests.engine.test_exchange", engine) if cmd == "exchange"]
    assert len(calls) >= 10
    for _, data in calls:
        proc = subprocess.run([sys.executable, "-m", "calculator", "exchange", "-", "--data", str(bundle_file)],
                              input=json.dumps(data), capture_output=True, text=True, cwd=ROOT, timeout=120)
        try:
            expected = engine.exchange(data)
        except InputError as exc:      # a bad-input case: the same one line the engine raises
            assert proc.returncode == 2
            assert proc.stderr == f"error: {exc}\n"
            continue
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == json.loads(json.dumps(expected)), data
