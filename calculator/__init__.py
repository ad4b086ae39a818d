"""Dragon Dice die roll engine (standard library only; runs unchanged in Pyodide).

>>> from calculator import Engine, InputError, resolve   # doctest: +SKIP
>>> Engine(bundle).resolve({"roll": "save", "army": [...]})["totals"]   # doctest: +SKIP
"""
from .errors import InputError
from .resolve import Engine, resolve
from .distribution import engine_distribution

Engine.distribution = engine_distribution  # type: ignore[attr-defined]   # exact chances of each total

__all__ = ["Engine", "InputError", "resolve"]
