"""Generator and full site build times."""
from __future__ import annotations

import shutil
import time

from generator.site.build import OUT_DIR, build_site, generate
from generator.data.load import load_dataset


def timed(label: str, fn) -> float:
    start = time.perf_counter()
    fn()
    took = time.perf_counter() - start
    print(f"{label:<40} {took * 1000:9.1f} ms")
    return took


if __name__ == "__main__":
    timed("load + validate data", load_dataset)
    shutil.rmtree(OUT_DIR, ignore_errors=True)
    timed("generate build/docs (cold)", generate)
    timed("generate build/docs (nothing changed)", generate)
    timed("site build (MkDocs, then finished pages)", build_site)
