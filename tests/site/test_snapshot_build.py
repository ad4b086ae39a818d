"""The engine's memory snapshot as the build ships it (generator/engine/snapshot.py): named and described
by the SHA-256 of its bytes, with its .gz copy, known to both workers; made again whenever the
runtime, the standard library, the engine or its data change; and a build that cannot make it
stops with a one-line error instead of shipping without it."""
from __future__ import annotations

import gzip
import hashlib

import pytest

from generator.engine import snapshot
from generator.engine.assets import ENGINE_DIR, Memo
from generator.site.generate import PYODIDE_DIR
from tests.site.test_offline_build import constants


@pytest.fixture(scope="module")
def described(site) -> dict:
    return constants(site / "assets" / "js" / "engine" / "engine-worker.js", "ENGINE")["snapshot"]


def test_snapshot_is_named_and_described_by_its_hash(site, described):
    blob = (site / described["url"]).read_bytes()
    sha = hashlib.sha256(blob).hexdigest()
    assert described["sha256"] == sha and described["size"] == len(blob)
    assert described["url"] == f"{ENGINE_DIR}/engine-{sha[:16]}.bin"
    assert described["cache"] == f"dd-snapshot-{sha[:16]}"
    packed = (site / (described["url"] + ".gz")).read_bytes()
    assert described["packed"] == len(packed) and gzip.decompress(packed) == blob
    # Shipped without its pages of zeros; made whole, Pyodide's own header: its magic number first
    # (a memory snapshot, not some other file), in 20 MB of memory.
    memory = snapshot.dense(blob)
    assert memory[:4] == b"\x00snp" and len(memory) > len(blob)
    assert snapshot.sparse(memory) == blob


def test_offline_copy_knows_the_snapshot_and_keeps_its_cache(site, described):
    offline = constants(site / "sw.js", "OFFLINE")
    assert offline["snapshot"] == described["url"]
    assert offline["caches"]["snapshot"] == described["cache"]
    assert "async function unpacked(" in (site / "sw.js").read_text(encoding="utf-8")


def fake_files(data: bytes) -> dict[str, bytes]:
    return {f"{ENGINE_DIR}/python_stdlib.zip": b"stdlib", f"{ENGINE_DIR}/engine.zip": b"code",
            f"{ENGINE_DIR}/engine-data.json": data}


def test_snapshot_is_made_again_when_an_input_changes(tmp_path, monkeypatch):
    made: list[bytes] = []

    def make(stdlib: bytes, code: bytes, data: bytes) -> bytes:
        made.append(data)
        return b"snapshot of " + data

    monkeypatch.setattr(snapshot, "make", make)
    memo = Memo(tmp_path)
    first = snapshot.snapshot_file(PYODIDE_DIR, fake_files(b"[1]"), memo)
    assert snapshot.snapshot_file(PYODIDE_DIR, fake_files(b"[1]"), memo) == first     # remembered
    second = snapshot.snapshot_file(PYODIDE_DIR, fake_files(b"[2]"), memo)
    assert made == [b"[1]", b"[2]"]
    assert second[0] != first[0] and snapshot.dense(second[1]) == b"snapshot of [2]"


def test_build_stops_when_the_snapshot_cannot_be_made(tmp_path, monkeypatch):
    broken = tmp_path / "broken.mjs"
    broken.write_text('throw new Error("no snapshot today");\n')
    monkeypatch.setattr(snapshot, "SCRIPT", broken)
    with pytest.raises(SystemExit) as stop:
        snapshot.make(b"stdlib", b"code", b"{}")
    message = str(stop.value)
    assert message.startswith("error: could not make the engine's memory snapshot") and "\n" not in message
    assert "no snapshot today" in message


def test_the_shipped_form_drops_the_pages_of_zeros_and_nothing_else():
    # Two pages and a bit: a page of zeros between one with a byte set and a last, short page.
    page = snapshot.PAGE
    memory = b"\x01" + bytes(page - 1) + bytes(page) + bytes(10) + b"\x02"
    shipped = snapshot.sparse(memory)
    assert shipped[:4] == b"DDSP" and int.from_bytes(shipped[8:12], "little") == len(memory)
    assert shipped[12] == 0b101                      # pages 0 and 2 follow; page 1 (zeros) does not
    assert len(shipped) == 12 + 1 + page + 11
    assert snapshot.dense(shipped) == memory
    for broken in (shipped[:-1], shipped + b"\x00", b"XXXX" + shipped[4:]):
        with pytest.raises(ValueError):
            snapshot.dense(broken)
