"""The pages: what a template reads (context.py), each page kind rendered (render.py), links and wording."""
