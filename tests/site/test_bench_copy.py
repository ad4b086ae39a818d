"""The next Pyodide's benchmark copy (benchmarks/pyodide_next.py) is made by exact text edits of
this checkout: each must still find its text exactly once, or ``make bench`` prints "skipped"
instead of the comparison benchmarks/README.md records. Checked here without building the copy."""
from __future__ import annotations

from benchmarks.pyodide_next import EDITS, REPO, STARTERS, edited_texts


def test_every_edit_of_the_copy_finds_its_text_once():
    texts = edited_texts(REPO)
    assert not isinstance(texts, str), texts
    assert set(texts) == {rel for rel, _, _ in EDITS} | set(STARTERS)
    assert all('{ type: "module" }' in texts[rel] for rel in STARTERS)
    assert "createPyodideModule" in texts["docs/assets/js/engine/engine-worker.js"]
