"""Inputs the engine takes seconds over: a test that must act while the engine is still
computing (cancel, a budget) uses these, never a race against a quick answer."""

# Exact odds that take seconds (about 1 s in CPython, 3 s in the browser on a free machine): a
# Cancel clicked as soon as they start always lands before they are done.
SLOW_ODDS = {"attack": "melee", "terrain": "highland",
             "attacker": {"army": [{"die": d} for d in (
                 "amazons/spearer", "amazons/war-chief", "amazons/war-driver", "amazons/warrior", "amazons/battle-rider",
                 "amazons/warrior", "amazons/battle-rider", "amazons/soldier", "amazons/soldier", "amazons/charioteer",
                 "amazons/runner", "amazons/soldier", "amazons/charioteer")]},
             "defender": {"army": [{"die": d} for d in (
                 "coral-elves/gryphon", "coral-elves/coral-giant", "coral-elves/protector", "coral-elves/sharpshooter",
                 "coral-elves/trooper", "coral-elves/knight", "coral-elves/archer", "coral-elves/fighter",
                 "coral-elves/guard", "coral-elves/bowman", "coral-elves/horseman")]}}
