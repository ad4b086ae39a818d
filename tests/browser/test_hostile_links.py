"""Hostile and careless links in real Chromium (issue 22): each one the page used to stall on, throw
on, or quietly trim is now refused with the engine's own line, the one the command line prints, and
the calculator starts empty; no uncaught error and no console error on the way."""
from __future__ import annotations

import base64
import json
from urllib.parse import quote

import pytest
from playwright.sync_api import Page

from calculator import Engine
from calculator.core.errors import InputError
from calculator.core.jsontext import read_json
from tests.browser.expecting import expect

pytestmark = pytest.mark.shared_context

ENGINE_TIMEOUT = 120_000   # Pyodide boot on a loaded 2-core CI machine
WARRIOR = {"die": "amazons/warrior", "rolled": 1}


def share(text: str) -> str:
    return "#s=1." + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def roll_text(extra: str = "", unit: str = json.dumps(WARRIOR)) -> str:
    return '{"roll": "melee", "army": [' + unit + "]" + extra + "}"


# (link, the JSON text the engine reads from it, or None when the address itself is broken)
DEEP = roll_text(', "x": ' + '{"a": ' * 2000 + "1" + "}" * 2000)          # 12 KB, under the link limit
LINKS = {
    "deep-share": (share(DEEP), DEEP),
    "broken-escape": ("#s%E0%A4%A", None),
    "unknown-field": ("?roll=" + quote(roll_text(', "bogus_field": 1')), roll_text(', "bogus_field": 1')),
    "proto": ("?roll=" + quote(roll_text(', "__proto__": {"roll": "save"}')), roll_text(', "__proto__": {"roll": "save"}')),
    "constructor": ("?roll=" + quote(roll_text(', "constructor": null')), roll_text(', "constructor": null')),
    "key-twice": (share(roll_text(', "roll": "save"')), roll_text(', "roll": "save"')),
    "hidden-character": ("?roll=" + quote(roll_text(unit='{"die": "amazons/warrior", "rolled": "\\u202emelee"}')),
                         roll_text(unit='{"die": "amazons/warrior", "rolled": "\\u202emelee"}')),
    "magic-rerolled-0": ("?magic=" + quote('{"army": [{"die": "coral-elves/enchanter", "rolled": "4 magic", "rerolled": 0}]}'),
                         '{"roll": "magic", "army": [{"die": "coral-elves/enchanter", "rolled": "4 magic", "rerolled": 0}]}'),
}


def cli_line(engine: Engine, text: str) -> str:
    """What ``python -m calculator resolve`` prints after "error: " for this text."""
    with pytest.raises(InputError) as err:
        engine.resolve(read_json(text))
    return str(err.value)


@pytest.mark.parametrize("name", list(LINKS))
def test_refused_link_says_the_engines_line(page: Page, engine: Engine, name: str):
    link, text = LINKS[name]
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"uncaught: {err}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None)
    page.goto("calculator/" + link)
    why = cli_line(engine, text) if text is not None else "its address is damaged: a % code in it is broken"
    message = page.locator("[data-calc-message]")
    expect(message).to_contain_text(f"could not be read ({why}). The calculator starts empty.", timeout=ENGINE_TIMEOUT)
    expect(message).to_be_visible()
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)
    assert page.evaluate("location.search + location.hash") == ""
    assert problems == []


# Issue 52: a link the page itself cannot read says what is wrong in the player's words, never the
# browser's decoder or parser text ("Unterminated string in JSON at position 14", "The encoded data
# was not valid for encoding utf-8", "Failed to execute 'atob'").
PAGE_WORDS = {
    "share-not-utf8": ("#s=1." + base64.urlsafe_b64encode(b'{"roll": "\xff"}').decode().rstrip("="),
                       "it is damaged: its text holds bytes that are no letters"),
    "share-cut-off": ("#s=1.A", "it is damaged: a part of it is cut off or changed"),
    "unterminated": ("?roll=" + quote('{"roll": "melee'), "it is damaged: its text is cut short or has a mistake in it"),
    "query-broken-escape": ("?roll=%7B%22roll%22%3A%E0%A4%A", "its address is damaged: a % code in it is broken"),
    "too-many-dice": ("?roll=" + quote(json.dumps({"roll": "melee", "army": [WARRIOR] * 200})),
                      "army: 200 dice, more than the 60 one army may hold"),
}


@pytest.mark.parametrize("name", list(PAGE_WORDS))
def test_a_link_the_page_cannot_read_says_why_in_words(page: Page, name: str):
    link, words = PAGE_WORDS[name]
    problems: list[str] = []
    page.on("pageerror", lambda err: problems.append(f"uncaught: {err}"))
    page.goto("calculator/" + link)
    message = page.locator("[data-calc-message]")
    expect(message).to_contain_text(f"could not be read ({words}). The calculator starts empty.", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-calc-units] > li")).to_have_count(0)
    assert problems == []
