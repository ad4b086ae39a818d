"""Run every benchmark script (``benchmarks/bench_*.py``) and print its figures.

Benchmarks measure and print; they never assert. ``make bench`` builds the site first.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.stem}", flush=True)
        proc = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        failed += proc.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
