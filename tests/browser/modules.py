"""The page's own ES modules, reached from a test: the scripts keep no global namespace, so a
test imports the module the page loaded (the same URL, so the same instance and state)."""
from __future__ import annotations


def module(name: str) -> str:
    """A JavaScript expression (for an async function) that is the page's module assets/js/<folder>/<name>:
    the site's root is the theme's base address of the page shown."""
    return ("(await import(new URL(JSON.parse(document.getElementById('__config').textContent).base"
            f" + '/assets/js/{name}', location.href)))")


ENGINE = module("engine/engine.js") + ".engine"
ICONS = module("shared/icons.js")
