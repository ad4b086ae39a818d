"""Posts of a single roll (its total and its steps) and of a magic roll (the same, then the
results to spend, the spells they pay for and the cast list checked)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .names import Names, amounts, percent
from .post import Post
from .registry import renders


def roll_title(names: Names, out: Mapping[str, Any]) -> str:
    """"Melee roll at Highland", "Save roll against missile in the Reserve Area"."""
    against = out.get("against")
    against_text = f" against {against}" if against and against != "other" and out.get("roll") != "dragon_attack" else ""
    return names.roll_type(str(out.get("roll"))) + against_text + names.where(out.get("terrain"))


def entry_text(entry: Mapping[str, Any]) -> str:
    return (f"{entry['label']}: " if entry.get("label") else "") + str(entry.get("text", ""))


def step_rows(out: Mapping[str, Any]) -> list[list[str]]:
    """One row per thing a step did: the step on its first row, its subtotal on its last."""
    rows: list[list[str]] = []
    for st in out.get("steps") or []:
        entries = st.get("entries") or [{"text": ""}]
        for i, entry in enumerate(entries):
            last = i == len(entries) - 1
            rows.append([f"{st['step']}. {st['title']}" if i == 0 else "", entry_text(entry),
                         amounts(st["subtotals"]) if last and st.get("subtotals") else ""])
    return rows


def faces_rolled(out: Mapping[str, Any]) -> str:
    """The faces the dice showed first, unit by unit ("Warrior: rolled 2 Melee; ...")."""
    steps = out.get("steps") or []
    first = steps[0].get("entries") or [] if steps else []
    return "; ".join(entry_text(e) for e in first if e.get("unit") is not None) or "no dice rolled"


def effect_text(names: Names, fx: Mapping[str, Any]) -> str:
    head = names.icon(str(fx.get("sai"))) if fx.get("sai") else "Effect"
    if fx.get("label"):
        head += f" ({fx['label']})"
    state = ("waits for the target's save roll" if fx.get("delayed") else "already counted in the exchange"
             if fx.get("in_exchange") else "for you to resolve")
    return f"{head}: {fx.get('what', '')} ({state})"


def notes(names: Names, out: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """What the roll leaves to the players (effects not applied, terrain effects for them) and its warnings."""
    effects = [effect_text(names, fx) for fx in out.get("effects") or [] if not fx.get("applied") or fx.get("delayed")]
    effects += [f"{t.get('name', '')}: {t.get('what', '')} ({t.get('status', '')})" for t in out.get("terrain_effects") or []]
    warnings = [w.get("text", "") if isinstance(w, Mapping) else str(w) for w in out.get("warnings") or []]
    return effects, warnings


def roll_parts(post: Post, names: Names, out: Mapping[str, Any]) -> None:
    post.para(f"Total: {amounts(out.get('totals'))}")
    post.table("Die Roll Resolution, step by step", ("Step", "What happened", "Subtotal"), step_rows(out))
    effects, warnings = notes(names, out)
    post.items("Left to the players", effects)
    post.items("Warnings", warnings)


@renders("roll")
def roll_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    post = Post(roll_title(names, out), link_text="Open this roll in the calculator")
    roll_parts(post, names, out)
    return post


def odds_rows(odds: Mapping[str, Any]) -> list[list[str]]:
    """The chances of what the spell's roll does: a yes-or-no outcome's chance, or each number's."""
    rows = []
    for o in odds.values():
        if not isinstance(o, Mapping):
            continue
        if o.get("chance") is not None:
            rows.append([str(o.get("label", "")), percent(o["chance"])])
        else:
            dist = o.get("distribution") or {}
            rows.append([str(o.get("label", "")), ", ".join(f"{k}: {percent(p)}" for k, p in dist.items())])
    return rows


@renders("spell-roll")
def spell_roll_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    """The roll a spell calls for (the magic mode's "Roll for it"): the roll, then what it does."""
    spell = out.get("spell") or {}
    post = Post(f"{spell.get('name', '')}: {roll_title(names, out)}", link_text="Open this roll in the calculator")
    post.para(f"{spell.get('does', '')}. This roll is {spell.get('calls_for', '')}.")
    text = str(spell.get("text", ""))
    post.para(f"What it does: {text[:1].upper()}{text[1:]}.")
    roll_parts(post, names, out)
    post.table("Chances before the roll", ("Outcome", "Chance"), odds_rows(spell.get("odds") or {}))
    post.items("About the spell", [str(w) for w in spell.get("warnings") or []])
    return post


def pools(names: Names, magic: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for pool in magic.get("pools") or []:
        kinds = ", ".join(str(e).capitalize() for e in pool.get("elements") or []) or "none"
        rows.append([names.species(str(pool.get("species"))) if pool.get("species") else "Items",
                     kinds + (" (Cantrip only)" if pool.get("cantrip_only") else ""), str(pool.get("amount", 0))])
    return rows


def payments(names: Names, cast: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for pay in cast.get("payments") or []:
        paid = ", ".join(f"{p['amount']} {p['element']} (unit {p['unit'] + 1})" for p in pay.get("paid_by") or [])
        rows.append([names.spell(pay["spell"]), str(pay.get("times", 1)), str(pay.get("cost", "")), paid or "-"])
    return rows


@renders("magic")
def magic_post(names: Names, inp: Mapping[str, Any], out: Mapping[str, Any]) -> Post:
    post = roll_post(names, inp, out)
    magic = out.get("magic") or {}
    post.heading(f"Magic to spend: {magic.get('total', 0)} results")
    post.table("", ("Species", "Elements", "Results"), pools(names, magic))
    castable = [[names.spell(c["spell"]), str(c["cost"]), str(c["max_times"])] for c in out.get("castable") or []]
    post.table("Spells these results pay for", ("Spell", "Cost", "Most castings"), castable)
    cast = out.get("cast")
    if isinstance(cast, Mapping):
        post.heading("The spells cast: " + ("paid for" if cast.get("ok") else "not paid for"))
        post.para(str(cast.get("why") or ""))
        post.table("", ("Spell", "Times", "Cost", "Paid by"), payments(names, cast))
        if cast.get("ok"):
            post.para(f"Results left unspent (lost): {cast.get('left', 0)}")
    left = out.get("left_to_player")
    if isinstance(left, Mapping):
        post.para(str(left.get("text", "")))
    return post
