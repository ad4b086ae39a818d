"""Every example roll in data/examples.yaml resolves, on real dice, without warnings."""
from __future__ import annotations

import pytest
import yaml

from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"

EXAMPLES = (yaml.safe_load((DATA / "examples.yaml").read_text(encoding="utf-8")) or {}).get("examples") or []

STEP_TOTALS = {  # the totals the step examples' summaries state
    "drr-step-1-roll": {"melee": 8}, "drr-step-2-delayed": {"save": 3}, "drr-step-3-reroll": {"melee": 8},
    "drr-step-4-sai": {"melee": 5}, "drr-step-5-subtotal": {"save": 5}, "drr-step-6-subtract": {"melee": 4},
    "drr-step-7-divide": {"save": 3}, "drr-step-8-add-sai": {"melee": 6}, "drr-step-9-multiply": {"missile": 8},
    "drr-step-10-add": {"save": 6},
}


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example_resolves(engine, example):
    out = engine.resolve(example["input"])
    assert out["warnings"] == []
    if example["id"] in STEP_TOTALS:
        assert out["totals"] == STEP_TOTALS[example["id"]]
    if example["page"].startswith("sai/"):
        sai = example["page"].split("/", 1)[1]
        assert any(u["rolled"].endswith(" " + sai) for u in example["input"]["army"])


def test_one_example_per_step():
    assert set(STEP_TOTALS) <= {e["id"] for e in EXAMPLES}
