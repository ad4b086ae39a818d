"""Dragon Dice die roll engine (standard library only; runs unchanged in Pyodide).

>>> from calculator import Engine, InputError   # doctest: +SKIP
>>> Engine(bundle).resolve({"roll": "save", "army": [...]})["totals"]   # doctest: +SKIP
"""
from .engine import Engine
from .core.errors import BundleError, InputError, TooLarge

__all__ = ["Engine", "InputError", "BundleError", "TooLarge"]
