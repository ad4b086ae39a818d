"""One-off importer: OCTGN "Dragon Dice (SFR)" set XML -> committed YAML in data/.

Run once with ``python -m generator.importer``. Afterwards the YAML files are the source of
truth; this module is kept so the import can be repeated and checked (it is deterministic).
Reading the XML: :mod:`generator.octgn.source`; one module per kind of entry beside it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .octgn.dice import species_dice, terrains
from .octgn.dragons import dragons
from .octgn.icons import icons
from .octgn.output import dump
from .paths import DATA_DIR


def run(out_dir: Path) -> None:
    """Write every imported file under out_dir."""
    for species, entries in species_dice().items():
        dump(out_dir / "dice" / f"{species}.yaml", "dice", entries)
    dump(out_dir / "terrains.yaml", "terrains", terrains())
    dump(out_dir / "dragons.yaml", "dragons", dragons())
    dump(out_dir / "icons.yaml", "icons", icons())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="data directory to write (default: data/)")
    run(parser.parse_args().out)


if __name__ == "__main__":
    main()
