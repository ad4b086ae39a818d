"""The recorded answers of the exchange's odds: many ``exchange-odds`` and ``distribution`` inputs
and the engine's exact JSON answer to each, in tests/engine/corpus/odds.jsonl (one case a line).

tests/engine/test_odds_corpus.py replays every input and compares the answer byte for byte (JSON
with sorted keys), so a change to the odds' code that alters no answer is shown to alter none.
The answers are the engine's own output, not rules worked by hand: they prove a change of code
changed nothing, never that an answer is right (the hand-worked tests do that).

Record again only when an answer is meant to change (say why in the commit)::

    .venv/bin/python -m tests.engine.record_odds

The inputs are made here, from a fixed seed, so recording again gives the same inputs: the cases
of the odds' own tests, then armies of 1 to 5 dice drawn from the data (species with their SAIs,
both attacks, every terrain type, spells in force, counter-attacks declined, a Dead Unit Area),
sampled estimates with their seed, and single rolls' distributions.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from tests.engine.test_exchange_odds import CORAL_24, DWARVES_24    # the 24-point armies of the odds tests

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus" / "odds.jsonl"
SEED = 2026

# Spells an army may have in force in an exchange (the ones the exchange takes as a modifier).
SPELLS = ["blizzard", "wilding", "wind-walk", "fields-of-ice", "palsy", "decay", "evil-eye", "stone-skin",
          "berserker-rage", "higher-ground", "transmute-rock-to-mud", "ash-storm", "fiery-weapon",
          "watery-double", "deluge", "wall-of-fog"]
TERRAINS = ["coastland", "flatland", "highland", "swampland", "feyland", "wasteland", "deadland"]
ROLLS = ["melee", "missile", "save", "magic", "maneuver"]


def army(*dice: str, **extra: Any) -> dict[str, Any]:
    return {"army": [{"die": d} for d in dice], **extra}


def ex(attack: str, terrain: str, attacker: dict[str, Any], defender: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"attack": attack, "terrain": terrain, "attacker": attacker, "defender": defender, **extra}




def known_cases() -> list[dict[str, Any]]:
    """The exchanges of tests/engine/test_exchange_odds.py and test_exchange_chains.py (the ones the
    mechanisms of the exact odds were checked on), written out again here."""
    sk, fo, pr, tr = "dwarves/skirmisher", "dwarves/footman", "coral-elves/protector", "coral-elves/trooper"
    return [
        ex("melee", "highland", army("amazons/soldier"), army("coral-elves/fighter")),
        ex("melee", "highland", army("dwarves/umber-hulk"), army(tr, "coral-elves/fighter")),
        ex("melee", "highland", army("dwarves/behemoth", fo), army(tr), counter_attack=False),
        ex("melee", "highland", army(sk, fo), army(pr, tr)),
        ex("melee", "flatland", army(sk, fo), army(pr, tr)),
        ex("missile", "coastland", army("coral-elves/archer", tr, "coral-elves/knight"), army(fo, "dwarves/sergeant")),
        ex("melee", "highland", army("frostwings/wolf-pack", "amazons/war-chief"), army(pr, tr)),
        ex("missile", "highland", army("amazons/spearer", "amazons/soldier", "amazons/warrior"),
           army(fo, "dwarves/sergeant")),
        ex("missile", "coastland", army("amazons/spearer"), army("coral-elves/archer", "coral-elves/knight")),
        ex("missile", "coastland", army("amazons/spearer", "amazons/soldier"),
           army("coral-elves/archer", "coral-elves/knight")),
        ex("missile", "highland", army("amazons/spearer", "amazons/soldier", "amazons/warrior"), army(fo)),
        ex("melee", "highland", army(sk, fo, "dwarves/sergeant"), army(tr, "coral-elves/fighter")),
        ex("melee", "highland", army("amazons/warrior"), army(sk, fo)),
        ex("missile", "coastland", army(fo, "dwarves/sergeant"), army("coral-elves/archer", tr)),
        ex("melee", "highland", army("goblins/thug", "goblins/mugger", in_dua={"goblins": 1}),
           army(tr, "coral-elves/guard")),
        ex("melee", "highland", army("goblins/thug", in_dua={"goblins": 3}), army("dwarves/umber-hulk", fo)),
        ex("missile", "coastland", army(fo, "dwarves/sergeant", sk),
           army("coral-elves/archer", "coral-elves/sharpshooter", tr)),
        ex("missile", "coastland", army(fo, "dwarves/crack-shot"), army("coral-elves/sharpshooter", tr, "coral-elves/fighter")),
        ex("missile", "coastland", army("dwarves/marksman", "dwarves/sergeant"),
           army("coral-elves/sharpshooter", "coral-elves/bowman", "coral-elves/guard")),
        ex("melee", "flatland", army(fo, "dwarves/sergeant", sk), army("undead/minor-death", "undead/skeleton", "undead/zombie")),
        # the 24-point armies of the benchmarks, both ways round, and a melee of six on six
        ex("missile", "coastland", army(*DWARVES_24), army(*CORAL_24)),
        ex("missile", "coastland", army(*CORAL_24), army(*DWARVES_24)),
        ex("melee", "coastland", army(*DWARVES_24[:6]), army(*CORAL_24[:6])),
        # Bash and Confuse: refused by the exact odds, so sampled (with the reason)
        ex("melee", "highland", army("amazons/war-chief"), army("dwarves/behemoth")),
        ex("melee", "highland", army("dwarves/umber-hulk", fo), army(tr, "coral-elves/fighter")),
        ex("melee", "highland", army("amazons/soldier"), army("coral-elves/fighter"), odds="sampled", seed=7),
        # bad input: the refusal is the answer
        ex("melee", "highland", army("amazons/soldier"), army("coral-elves/fighter"), odds="guessed"),
        ex("magic", "highland", army("amazons/soldier"), army("coral-elves/fighter")),
    ]


def dice_by_species(bundle: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for d in bundle["dice"]:
        if d["kind"] in ("unit", "monster") and d.get("species"):
            out.setdefault(d["species"], []).append(d["id"])
    return out


def drawn_army(rng: random.Random, dice: dict[str, list[str]], size: int, species: str, monsters: dict[str, bool]
               ) -> list[str]:
    pool = [d for d in dice[species] if monsters[d] is False] or dice[species]
    out = [rng.choice(pool) for _ in range(size)]
    if size > 1 and rng.random() < 0.2:
        out[0] = rng.choice(dice[species])          # now and then a monster among them
    return out


def drawn_exchanges(bundle: dict[str, Any], n: int, rng: random.Random) -> list[dict[str, Any]]:
    """Exchanges drawn from the data: armies of 1 to 5 dice (the larger ones now and then, so the
    corpus replays in well under half a minute), any species, attack and terrain type, now and
    then a spell in force, a counter-attack declined or units in the Dead Unit Area."""
    dice = dice_by_species(bundle)
    monsters = {d["id"]: d["kind"] == "monster" for d in bundle["dice"]}
    species = sorted(dice)
    out = []
    for _ in range(n):
        a_size = rng.choice([1, 2, 2, 3, 3, 4, 5, 5])
        d_size = rng.choice([1, 2, 2, 3, 3, 4, 5, 5])
        attacker = {"army": [{"die": d} for d in drawn_army(rng, dice, a_size, rng.choice(species), monsters)]}
        defender = {"army": [{"die": d} for d in drawn_army(rng, dice, d_size, rng.choice(species), monsters)]}
        for side in (attacker, defender):
            if rng.random() < 0.2:
                side["modifiers"] = [{"spell": rng.choice(SPELLS)}]
        data = ex(rng.choice(["melee", "melee", "missile"]), rng.choice(TERRAINS), attacker, defender)
        if data["attack"] == "melee" and rng.random() < 0.1:
            data["counter_attack"] = False
        if rng.random() < 0.05:
            attacker["in_dua"] = {rng.choice(species): rng.randint(1, 3)}
        out.append(data)
    return out


def sampled(bundle: dict[str, Any], n: int, rng: random.Random) -> list[dict[str, Any]]:
    """Estimates asked for, each with its seed (the same seed: the same estimate)."""
    return [dict(data, odds="sampled", seed=rng.randint(1, 10 ** 6)) for data in drawn_exchanges(bundle, n, rng)]


def distributions(bundle: dict[str, Any], n: int, rng: random.Random) -> list[dict[str, Any]]:
    """Single rolls' chances: 1 to 6 dice of one or two species, any roll and terrain type, spells."""
    dice = dice_by_species(bundle)
    species = sorted(dice)
    out = []
    for _ in range(n):
        picks = [rng.choice(dice[rng.choice(species)]) for _ in range(rng.randint(1, 6))]
        data: dict[str, Any] = {"roll": rng.choice(ROLLS), "terrain": rng.choice(TERRAINS),
                                "army": [{"die": d} for d in picks]}
        if rng.random() < 0.25:
            data["modifiers"] = [{"spell": rng.choice(SPELLS)}]
        out.append(data)
    return out


def cases(bundle: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every input of the corpus, as (command, input)."""
    rng = random.Random(SEED)
    odds = known_cases() + drawn_exchanges(bundle, 240, rng) + sampled(bundle, 12, rng)
    return [("exchange-odds", d) for d in odds] + [("distribution", d) for d in distributions(bundle, 60, rng)]


def answer(engine: Any, command: str, data: Any) -> str:
    """The engine's answer to one case as canonical JSON (a refusal: its field and message)."""
    from calculator import InputError
    from calculator.commands import COMMANDS

    try:
        out = getattr(engine, COMMANDS[command].method)(data)
    except InputError as exc:
        out = {"error": {"field": exc.field, "message": exc.message}}
    return json.dumps(out, sort_keys=True)


def load_bundle() -> dict[str, Any]:
    from generator.data import load_dataset

    return load_dataset(ROOT / "data").bundle()


def record(path: Path = CORPUS) -> int:
    from calculator import Engine

    bundle = load_bundle()
    engine = Engine(bundle)
    lines = []
    for command, data in cases(bundle):
        lines.append(json.dumps({"command": command, "input": data, "answer": json.loads(answer(engine, command, data))},
                                sort_keys=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


if __name__ == "__main__":
    print(f"{record()} cases recorded in {CORPUS.relative_to(ROOT)}", file=sys.stderr)
