"""site/ is built by one process at a time (generator/site/build.py, one_builder): the two test
processes of `pytest -n 2` both find it out of date after an input changed, and each used to
rebuild it while the other read it. Here the build is a stand-in that tries the lock the way a
second process would."""
from __future__ import annotations

import pytest

from generator.site import build

fcntl = pytest.importorskip("fcntl")     # POSIX; build.py takes no lock without it


def try_lock(path) -> bool:
    """Whether another process could take the lock now (it is let go again at once)."""
    with open(path, "a", encoding="utf-8") as other:
        try:
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def test_a_second_process_waits_while_the_site_is_built(tmp_path, monkeypatch):
    lock = tmp_path / "build" / ".site-lock"
    free_during: list[bool] = []
    monkeypatch.setattr(build, "SITE_LOCK", lock)
    monkeypatch.setattr(build, "is_stale", lambda: True)
    monkeypatch.setattr(build, "generate", lambda: None)
    monkeypatch.setattr(build, "make_site", lambda: free_during.append(try_lock(lock)))
    assert build.ensure_site() == build.SITE_DIR
    assert free_during == [False]          # built once, and no one else could take the lock meanwhile
    assert try_lock(lock)                  # free again afterwards
