"""Exact chances of whole exchanges (``exchange-odds``), 24-point army against 24-point army with
the counter-attack of the survivors, and the largest army whose single-roll chances come within
one second: CPython, then Pyodide in Chromium.

Measures and prints; never asserts. The browser part needs the built site (``make build``).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_distribution import ARMIES  # noqa: E402
from browser_helpers import elapsed, engine_page  # noqa: E402
from calculator import Engine  # noqa: E402
from calculator.core.errors import TooLarge  # noqa: E402
from tests.browser.modules import ENGINE  # noqa: E402
from generator.data.load import load_dataset  # noqa: E402

CORAL_24 = ARMIES[24]        # the 24-point Coral Elves of the single-roll benchmark
AMAZONS_23 = ["amazons/spearer", "amazons/war-chief", "amazons/war-driver", "amazons/warrior", "amazons/battle-rider",
              "amazons/warrior", "amazons/battle-rider", "amazons/soldier", "amazons/soldier", "amazons/charioteer",
              "amazons/runner", "amazons/soldier", "amazons/charioteer"]
DWARVES_24 = ["dwarves/warlord", "dwarves/mammoth-rider", "dwarves/skirmisher", "dwarves/sergeant",
              "dwarves/patroller", "dwarves/lizard-rider", "dwarves/sergeant", "dwarves/footman", "dwarves/footman",
              "dwarves/footman", "dwarves/sentry", "dwarves/pony-rider", "dwarves/footman"]


DWARVES_36 = DWARVES_24 + ["dwarves/crack-shot", "dwarves/wizard", "dwarves/marksman", "dwarves/thaumaturgist",
                          "dwarves/crossbowman", "dwarves/theurgist", "dwarves/footman"]
CORAL_36 = CORAL_24 + ARMIES[12]
GOAL = ("goal: exact, under 1 s in CPython and 2 s in the browser; 36 points against 36 exact under 5 s, "
        "or beyond the exact bound an estimate within 2 s")


def exchanges():
    """The three benchmark exchanges, each both ways round, then 36 points against 36: a melee, and
    a missile attack past the exact bound (its sampled estimate: time, interval, samples, seed)."""
    def side(dice):
        return {"army": [{"die": d} for d in dice]}
    pairs = [("melee", "highland", "Amazons (23)", AMAZONS_23, "Coral Elves (24)", CORAL_24),
             ("melee", "flatland", "Dwarves (23)", DWARVES_24, "Coral Elves (24)", CORAL_24),
             ("missile", "coastland", "Coral Elves (24)", CORAL_24, "Dwarves (23)", DWARVES_24)]
    for attack, terrain, a_name, a, d_name, d in pairs:
        for (n1, s1), (n2, s2) in (((a_name, a), (d_name, d)), ((d_name, d), (a_name, a))):
            yield f"{attack}, {n1} vs {n2}", {"attack": attack, "terrain": terrain, "attacker": side(s1),
                                               "defender": side(s2)}
    yield "melee, Dwarves (36) vs Coral Elves (36)", {"attack": "melee", "terrain": "flatland",
                                                      "attacker": side(DWARVES_36), "defender": side(CORAL_36)}
    yield "missile, Coral Elves (36) vs Dwarves (36)", {"attack": "missile", "terrain": "coastland",
                                                        "attacker": side(CORAL_36), "defender": side(DWARVES_36)}


def goal(name: str, out: dict, ms: float, where: str) -> str:
    """The exchange's goal (issue 23) beside its figure, met or not: exact within 1 s in CPython and
    2 s in the browser; 36 points against 36 exact within 5 s, or else an estimate within 2 s."""
    exact = out.get("method") != "sampled"
    if "(36)" in name:
        limit, text = (5000, "exact under 5 s") if exact else (2000, "not exact: an estimate under 2 s")
        met = ms < limit
    else:
        limit = 1000 if where == "CPython" else 2000
        text, met = f"exact under {limit // 1000} s", exact and ms < limit
    return f"[goal: {text}: {'met' if met else 'NOT met'}]"


def said(out: dict) -> str:
    """How the answer was reached: exact, or the estimate with its interval for the defender's losses."""
    if out.get("method") != "sampled":
        return "exact"
    lo, hi = out["sides"]["defender"]["killed"]["mean_interval"]
    return (f"sampled, {out['samples']} exchanges (seed {out['seed']}): defender loses {lo:.2f}..{hi:.2f} "
            f"health on average (95%)")


def cpython(engine: Engine, repeat: int = 3) -> None:
    print(GOAL)
    for name, data in exchanges():
        try:
            best = min(elapsed(lambda: engine.exchange_odds(data)) for _ in range(repeat))
            out = engine.exchange_odds(data)
            print(f"CPython  exchange odds, {name}: {best * 1000:7.0f} ms  {said(out)}  "
                  f"{goal(name, out, best * 1000, 'CPython')}")
        except TooLarge as exc:
            print(f"CPython  exchange odds, {name}: {exc}")
    n, ms = largest_army(lambda inp: elapsed(lambda: engine.distribution(inp)) * 1000)
    print(f"CPython  largest Coral Elf army whose save chances take under 1 s: {n} dice ({ms:.0f} ms)")


def largest_army(run) -> tuple[int, float]:
    """Grow an army die by die (the 24-point Coral Elves, then again) until a save roll's chances
    take a second or more, or are too large. ``run(input)`` gives milliseconds."""
    best = (0, 0.0)
    for n in range(1, 3 * len(CORAL_24) + 1):
        inp = {"roll": "save", "against": "melee", "terrain": "coastland",
               "army": [{"die": CORAL_24[i % len(CORAL_24)]} for i in range(n)]}
        try:
            ms = run(inp)
        except TooLarge:
            break
        if ms >= 1000:
            break
        best = (n, ms)
    return best


def browser() -> None:
    with engine_page() as page:
        if page is None:
            return
        call = """async ([cmd, inp]) => {
            const t = performance.now();
            try { await ENGINE.call(cmd, inp, { timeout: 120000 }); }
            catch (err) { return String((err && err.message) || err); }
            return performance.now() - t; }""".replace("ENGINE", ENGINE)
        answer = """async ([cmd, inp]) => ENGINE.call(cmd, inp, { timeout: 120000 })""".replace("ENGINE", ENGINE)
        for name, data in exchanges():
            runs = [page.evaluate(call, ["exchange-odds", data]) for _ in range(2)]
            if all(isinstance(r, (int, float)) for r in runs):
                out = page.evaluate(answer, ["exchange-odds", data])
                print(f"Pyodide  exchange odds, {name}: {min(runs):7.0f} ms (round trip to the worker)  {said(out)}  "
                      f"{goal(name, out, min(runs), 'browser')}")
            else:      # the engine's own words, as in CPython
                print(f"Pyodide  exchange odds, {name}: {next(r for r in runs if isinstance(r, str))}")
        n, ms = largest_army(lambda inp: _browser_ms(page, call, inp))
        print(f"Pyodide  largest Coral Elf army whose save chances take under 1 s: {n} dice ({ms:.0f} ms)")


def _browser_ms(page, call, inp) -> float:
    ms = page.evaluate(call, ["distribution", inp])
    if isinstance(ms, str):
        raise TooLarge("army", ms)
    return ms


if __name__ == "__main__":
    cpython(Engine(load_dataset().bundle()))
    browser()
