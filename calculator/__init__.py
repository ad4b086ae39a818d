"""Dragon Dice die roll engine (standard library only; runs unchanged in Pyodide).

>>> from calculator import Engine, InputError, resolve   # doctest: +SKIP
>>> Engine(bundle).resolve({"roll": "save", "army": [...]})["totals"]   # doctest: +SKIP
"""
from .errors import InputError
from .resolve import Engine, resolve

__all__ = ["Engine", "InputError", "resolve"]
