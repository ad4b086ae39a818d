"""The site: build/docs written (generate.py), MkDocs run and its pages finished (build.py), served, kept offline."""
