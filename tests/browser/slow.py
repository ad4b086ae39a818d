"""Inputs the engine takes seconds over: a test that must act while the engine is still
computing (cancel, a budget) uses these, never a race against a quick answer."""

# Exact odds that take seconds: the slowest of the benchmarks' exact exchanges (Dwarves shoot at
# Coral Elves at a Coastland, whose Defensive Volley answers with Bullseyes): about 1 s in CPython
# and 1.5 to 2 s in the browser on a free machine, so a Cancel clicked as soon as they start lands
# before they are done.
SLOW_ODDS = {"attack": "missile", "terrain": "coastland",
             "attacker": {"army": [{"die": d} for d in (
                 "dwarves/warlord", "dwarves/mammoth-rider", "dwarves/skirmisher", "dwarves/sergeant",
                 "dwarves/patroller", "dwarves/lizard-rider", "dwarves/sergeant", "dwarves/footman", "dwarves/footman",
                 "dwarves/footman", "dwarves/sentry", "dwarves/pony-rider", "dwarves/footman")]},
             "defender": {"army": [{"die": d} for d in (
                 "coral-elves/gryphon", "coral-elves/coral-giant", "coral-elves/protector", "coral-elves/sharpshooter",
                 "coral-elves/trooper", "coral-elves/knight", "coral-elves/archer", "coral-elves/fighter",
                 "coral-elves/guard", "coral-elves/bowman", "coral-elves/horseman")]}}
