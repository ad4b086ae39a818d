"""The example rolls shown on pages: each resolves in the calculator, or the build stops naming it."""
from __future__ import annotations

import re
from typing import Any

from calculator import BundleError, Engine

from .dataset import Dataset
from ..errors import DataError


def example_error(ds: Dataset, example: dict[str, Any], exc: Exception) -> DataError:
    """An engine error on an example roll, as a data error on that example's input."""
    where = ds.files.get("examples", {}).get(example["id"], "examples.yaml")
    field_name = getattr(exc, "field", None)
    if field_name is not None and hasattr(exc, "message"):
        return DataError(where, example["id"], f"input.{field_name}" if field_name else "input",
                         " ".join(str(exc.message).split()) + _die_named(ds, example, field_name))
    first = (str(exc).strip().splitlines() or [""])[0]
    return DataError(where, example["id"], "input",
                     f"the calculator fails on this example ({type(exc).__name__}: {first})")


def _die_named(ds: Dataset, example: dict[str, Any], field_name: str) -> str:
    """For a face the engine refuses: the die (and its file) that lacks it, since either may be at fault."""
    m = re.match(r"army\[(\d+)\]\.(rolled|rerolled)", field_name)
    army = example["input"].get("army") or []
    if not m or int(m.group(1)) >= len(army) or not ds.has("dice", str(army[int(m.group(1))].get("die"))):
        return ""
    die = army[int(m.group(1))]["die"]
    return (f" — the example shows a face that the die '{die}' ({ds.files['dice'][die]}) does not have: "
            "change the example, or give the die its face back")


def check_examples(ds: Dataset, engine: Any) -> None:
    """Every example roll resolves in the calculator exactly as its page will show it.

    The engine is the judge of what a valid input is (faces on the die, species, SAIs and
    delayed SAIs, spells, terrain), so nothing here restates its rules. Pages draw each unit
    from the catalogue, so every unit must name a die.
    """
    examples = ds.kinds.get("examples", [])
    if not examples:
        return
    for ex in examples:
        for i, unit in enumerate(ex["input"]["army"]):
            if "die" not in unit:
                raise DataError(ds.files["examples"][ex["id"]], ex["id"], f"input.army[{i}].die",
                                "missing: an example shown on a page names a die from the catalogue")
    for ex in examples:
        try:
            engine.resolve(ex["input"])
        except Exception as exc:  # noqa: BLE001 - an input error or an engine failure: both stop the build
            raise example_error(ds, ex, exc) from None



def check_engine(ds: Dataset) -> Any:
    """Every effect, ability and modifier must be owned by the calculator's registry (one line if not).

    Returns the engine, which then resolves the example rolls.
    """
    try:
        return Engine(ds.bundle())
    except BundleError as exc:
        where = ds.files.get(exc.kind, {}).get(exc.entry or "", exc.kind)
        raise DataError(where, exc.entry, exc.field, exc.message) from None

