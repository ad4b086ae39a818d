"""The order in which `make test` hands modules to its two processes (pytest-xdist, ``--dist loadfile``).

A process takes the next module from the front of one queue whenever it is nearly done with its
own, so the run ends when the last module started ends. pytest-xdist's own order puts the modules
with the most tests first, which left for the end the few-test modules that take longest (the
site builds of test_deploy, test_urls and test_zensical, the sampled exchanges, the parity runs):
one process worked through them while the other had finished. Here the longest modules go first
and the many short ones fill in at the end, so the two processes finish close together.

The parity modules that ask Pyodide under Node (tests/parity/conftest.py starts it once per process)
go to one process together, so it is started once in a run instead of once in each process.
"""
from __future__ import annotations

# Longest first, roughly: the CPU time of each module (set-up and calls, with the browser's and every
# process the tests start) measured directory by directory on one process, and the times of the
# site builds and parity start-ups in benchmarks/README.md ("Test suite"). A module not listed runs
# after these, in the order pytest collects it; a new long module belongs here.
LONGEST_FIRST = (
    "tests/browser/test_accessibility.py",
    "tests/browser/test_army_page.py",
    "tests/site/test_zensical.py",
    "tests/site/test_urls.py",
    "tests/parity/",
    "tests/browser/test_game_page.py",
    "tests/browser/test_exchange_page.py",
    "tests/browser/test_army_keep.py",
    "tests/browser/test_game_keep.py",
    "tests/browser/test_advise_page.py",
    "tests/browser/test_game_sequences.py",
    "tests/browser/test_game_calculator.py",
    "tests/engine/test_exchange_odds.py",
    "tests/site/test_deploy.py",
    "tests/browser/test_calculator.py",
    "tests/browser/test_csp.py",
    "tests/browser/test_offline.py",
    "tests/browser/test_offline_snapshot.py",
    "tests/browser/test_phone_targets.py",
    "tests/browser/test_maneuver_page.py",
    "tests/parity/test_site_runtime.py",
    "tests/browser/test_hostile_links.py",
    "tests/browser/test_dragon_page.py",
    "tests/browser/test_magic_page.py",
    "tests/browser/test_engine_client.py",
    "tests/browser/test_held_faces.py",
    "tests/browser/test_dice_filters.py",
    "tests/engine/test_game_cli.py",
    "tests/browser/test_forum_copy.py",
    "tests/browser/test_calculator_words.py",
)

# The parity modules that share the session's Pyodide under Node: one unit of work.
SHARED_PYODIDE = "tests/parity/"
OWN_PYODIDE = ("tests/parity/test_site_runtime.py",)   # starts the runtimes it compares itself


def unit(path: str) -> str:
    """The unit of work a test module belongs to: the module, or all that share Pyodide under Node."""
    if path.startswith(SHARED_PYODIDE) and path not in OWN_PYODIDE:
        return SHARED_PYODIDE
    return path


def rank(nodeid: str) -> int:
    """Where a test's unit of work stands in the queue: listed ones first, by their place."""
    here = unit(nodeid.split("::", 1)[0])
    return LONGEST_FIRST.index(here) if here in LONGEST_FIRST else len(LONGEST_FIRST)


def make_scheduler(config, log):
    """``--dist loadfile`` with the units above, in the order of the collection."""
    from xdist.scheduler import LoadFileScheduling

    class LongestFirst(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return unit(nodeid.split("::", 1)[0])

    config.option.loadscopereorder = False     # the collection's order (sorted by rank), not by size
    return LongestFirst(config, log)
