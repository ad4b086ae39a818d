"""``python -m generator check|generate|build|serve|urls|kinds``.

Bad data ends the run with one line naming the file, the entry and the field (exit 1).
"""
from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

from .data.load import load_dataset
from .errors import DataError
from .images.glyphs import load_glyphs
from .paths import DATA_DIR, OUT_DIR, REPO_ROOT

# The page renderers and MkDocs are imported only by the commands that build: `check` (run once for
# every bad-data case in the tests) reads the data and stops, without them (half its start-up).


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate data/ and stop")
    check.add_argument("--data", default=None, help="data folder (default: data/)")
    gen = sub.add_parser("generate", help="write build/docs (pages, data bundle, engine, Pyodide)")
    gen.add_argument("--data", default=None, help="data folder (default: data/)")
    gen.add_argument("--out", default=None, help="output folder (default: build/docs)")
    sub.add_parser("build", help="generate, then build the static site into site/")
    kinds = sub.add_parser("kinds", help="print the data README's list of kinds (from the calculator's registry)")
    kinds.add_argument("--write", action="store_true", help="write it into data/README.md")
    serve_cmd = sub.add_parser("serve", help="generate, then serve with live reload")
    serve_cmd.add_argument("--dev-addr", default="127.0.0.1:8000")
    sub.add_parser("urls", help="build the site, then record its URLs in data/published-urls.txt")
    args = parser.parse_args(argv)

    if args.command == "kinds":
        from .data.kinds_doc import section, write
        if args.write:
            write(DATA_DIR / "README.md", load_dataset(DATA_DIR).bundle())
        else:
            print(section())
        return 0

    try:
        start = time.perf_counter()
        if args.command == "check":
            ds = load_dataset(args.data or DATA_DIR)
            load_glyphs(ds)   # every icon drawn (data/glyphs.yaml)
            total = sum(len(v) for v in ds.kinds.values())
            print(f"data ok: {total} entries in {len(ds.kinds)} kinds")
            return 0
        if args.command == "urls":
            return record_urls()
        from .site.build import make_site
        from .site.generate import generate
        from .site.serve import serve
        if args.command == "generate":
            generate(out_dir=Path(args.out) if args.out else OUT_DIR,
                     data_dir=Path(args.data) if args.data else DATA_DIR)
        else:
            generate()
        print(f"generated build/docs in {time.perf_counter() - start:.2f}s", file=sys.stderr)
        if args.command == "build":
            make_site()
            print(f"built site/ in {time.perf_counter() - start:.2f}s", file=sys.stderr)
        elif args.command == "serve":
            logging.basicConfig(level=logging.INFO, format="%(levelname)-7s - %(message)s")
            serve(args.dev_addr)
    except DataError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def record_urls() -> int:
    """Build the site, then add its URLs to the manifest of published URLs."""
    from .site.build import ensure_site
    from .data.urls import MANIFEST, read_manifest, site_urls, write_manifest
    built = site_urls(ensure_site())
    known = set(read_manifest())
    write_manifest(known | built)
    print(f"{MANIFEST.relative_to(REPO_ROOT)}: {len(built - known)} new, {len(known | built)} in all", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
