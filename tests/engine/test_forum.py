"""Forum posts (calculator/forum): every kind of answer in each format, the exact text against the
posts written out by hand (forum_texts.py, of the hand-worked answers in forum_cases.py); the BBCode
read by a real BBCode parser and the Markdown by a real Markdown renderer into the tables a reader
sees; the request's errors, one line naming the field."""
from __future__ import annotations

import json
import subprocess
import sys
from html.parser import HTMLParser

import bbcode
import markdown
import pytest

from calculator import InputError
from calculator.forum import registry
from calculator.forum.post import Post

from . import forum_cases as C
from . import forum_texts as T
from .conftest import ROOT

CASES = {  # kind: (command, input, the post written by hand)
    "roll": ("resolve", C.ROLL, T.ROLL), "magic": ("resolve", C.MAGIC, T.MAGIC),
    "exchange": ("exchange", C.EXCHANGE, T.EXCHANGE), "exchange-odds": ("exchange-odds", C.ODDS, T.ODDS),
    "maneuver": ("maneuver", C.MANEUVER, T.MANEUVER), "dragon-attack": ("exchange", C.DRAGON, T.DRAGON),
    "dragon-odds": ("exchange-odds", C.DRAGON, T.DRAGON_ODDS), "force": ("force", C.FORCE, T.FORCE),
    "game": ("game", C.GAME, T.GAME), "advise": ("advise", C.ADVISE, T.ADVISE),
    "spell-roll": ("resolve", C.SPELL_ROLL, T.SPELL_ROLL),
}
# The tables each post must show, in order: its rows under a row of headings (forum_cases.py).
TABLES = {
    "roll": [C.ROLL_STEPS],
    "magic": [C.MAGIC_STEPS, C.MAGIC_POOLS, C.MAGIC_CASTABLE, C.MAGIC_CAST],
    "exchange": [C.EXCHANGE_SUMMARY, C.EXCHANGE_ROLLS, C.EXCHANGE_LOST],
    "exchange-odds": C.ODDS_TABLES,
    "maneuver": [C.MANEUVER_ROLLS],
    "dragon-attack": [C.DRAGON_ROWS, C.DRAGON_SUMMARY, None, None],
    "dragon-odds": C.DRAGON_ODDS_TABLES,
    "force": [C.FORCE_ROWS],
    "game": [C.GAME_TERRAINS, C.GAME_ARMIES, C.GAME_AREAS],
    "advise": [C.ADVISE_ROWS],
    "spell-roll": [C.SPELL_ROLL_STEPS, C.SPELL_ROLL_ODDS],
}


def post(engine, kind: str, fmt: str, **extra) -> dict:
    command, inp, _ = CASES[kind]
    return engine.forum({"command": command, "input": inp, "format": fmt, "link": C.LINK, **extra})


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "text"])
@pytest.mark.parametrize("kind", list(CASES))
def test_each_answer_in_each_format_is_the_post_written_by_hand(engine, kind, fmt):
    out = post(engine, kind, fmt)
    assert out["kind"] == kind and out["format"] == fmt
    assert out["text"] == CASES[kind][2][fmt]


class Tables(HTMLParser):
    """The tables of an HTML page as a reader sees them: rows of cell texts; and the links."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.links: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a":
            self.links.append(dict(attrs)["href"])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def read(html: str) -> Tables:
    reader = Tables()
    reader.feed(html)
    return reader


def forum_parser() -> bbcode.Parser:
    """A forum's BBCode: the parser's own tags and the table tags forums add, as they write them."""
    parser = bbcode.Parser()
    for tag in ("table", "tr", "td"):
        parser.add_simple_formatter(tag, f"<{tag}>%(value)s</{tag}>", transform_newlines=False)
    return parser


def bodies(tables: list[list[list[str]]]) -> list[list[list[str]]]:
    return [t[1:] for t in tables]


def expected(kind: str, found: list) -> list:
    return [want if want is not None else got for want, got in zip(TABLES[kind], found)]


@pytest.mark.parametrize("kind", list(CASES))
def test_the_bbcode_reads_as_the_tables_a_reader_sees(engine, kind):
    page = read(forum_parser().format(post(engine, kind, "bbcode")["text"]))
    assert len(page.tables) == len(TABLES[kind])
    assert bodies(page.tables) == expected(kind, bodies(page.tables))
    assert page.links == [C.LINK]


@pytest.mark.parametrize("kind", list(CASES))
def test_the_markdown_renders_as_the_tables_a_reader_sees(engine, kind):
    page = read(markdown.markdown(post(engine, kind, "markdown")["text"], extensions=["tables"]))
    assert len(page.tables) == len(TABLES[kind])
    assert bodies(page.tables) == expected(kind, bodies(page.tables))
    assert page.links == [C.LINK]


def test_the_headings_of_a_table_are_its_first_row(engine):
    page = read(markdown.markdown(post(engine, "roll", "markdown")["text"], extensions=["tables"]))
    assert page.tables[0][0] == ["Step", "What happened", "Subtotal"]
    page = read(forum_parser().format(post(engine, "roll", "bbcode")["text"]))
    assert page.tables[0][0] == ["Step", "What happened", "Subtotal"]


def test_an_answer_given_is_posted_as_it_is(engine):
    answer = engine.resolve(C.ROLL)
    assert post(engine, "roll", "text", answer=answer)["text"] == T.ROLL["text"]
    answer["totals"] = {"melee": 9}           # the page's own answer: the post is of it, not computed again
    assert "Total: 9 melee" in post(engine, "roll", "text", answer=answer)["text"]


def test_a_game_sent_with_only_its_last_log_entry_is_the_same_post(engine):
    # The game page sends the board it shows with only the last move's answer (a long game's log is long).
    answer = engine.game(C.GAME)
    answer = {**answer, "log": answer["log"][-1:], "open": []}
    assert post(engine, "game", "markdown", answer=answer)["text"] == T.GAME["markdown"]


def test_no_link_no_link_line(engine):
    out = engine.forum({"command": "resolve", "input": C.ROLL, "format": "text"})
    assert out["text"] == T.ROLL["text"].replace(
        "\n\nOpen this roll in the calculator: https://dragondice.example/calculator/#s=1.eyJ9\n", "\n")


def test_a_link_keeps_its_address_and_escapes_what_would_break_a_post(engine):
    link = "https://x.example/calculator/?roll=[1] (a)"
    text = engine.forum({"command": "resolve", "input": C.ROLL, "format": "bbcode", "link": link})["text"]
    assert text.endswith("[url=https://x.example/calculator/?roll=%5B1%5D%20%28a%29]Open this roll in the calculator[/url]\n")


def test_markdown_escapes_what_it_would_read_as_formatting():
    from calculator.forum.post import Para, Table, write

    text = write(Post("a *b*", [Para("x_y"), Table(("c|d",), [("[e]",)])]), "markdown")
    assert text == "**a \\*b\\***\n\nx\\_y\n\n| c\\|d |\n| --- |\n| \\[e\\] |\n"
    page = read(markdown.markdown(text, extensions=["tables"]))
    assert page.tables == [[["c|d"], ["[e]"]]]


@pytest.mark.parametrize("request_, field", [
    ({"command": "roll", "input": {}, "format": "text"}, "command"),
    ({"command": "resolve", "input": C.ROLL, "format": "html"}, "format"),
    ({"command": "resolve", "input": [], "format": "text"}, "input"),
    ({"command": "resolve", "input": C.ROLL, "format": "text", "link": "javascript:alert(1)"}, "link"),
    ({"command": "resolve", "input": C.ROLL, "format": "text", "extra": 1}, "extra"),
    ({"command": "resolve", "input": {"roll": "melee", "army": [{"die": "amazons/nobody"}]}, "format": "text"},
     "input.army[0].die"),
    ({"command": "exchange", "input": C.EXCHANGE, "answer": {"rolls": 3}, "format": "text"}, "answer"),
    ({"command": "resolve", "input": C.ROLL, "answer": "yes", "format": "text"}, "answer"),
])
def test_a_bad_request_names_its_field(engine, request_, field):
    with pytest.raises(InputError) as err:
        engine.forum(request_)
    assert err.value.field == field


ODD_ANSWERS = [{}, {"steps": [{"entries": [{"unit": "x"}]}]}, {"steps": 5}, {"totals": []}, {"rolls": [{"roll": 1}]},
               {"sides": {"defender": {"damage": {"distribution": {"a": "b"}}}}}, {"killed": {"defender": [1]}},
               {"dragons": [None]}, {"magic": {"pools": [{"amount": 1, "elements": 3}]}}, {"costs": "x"},
               {"damage": [{"text": None}]}, {"summary": {"a": True}}, {"cast": {"payments": [{"paid_by": [{}]}]}}]


@pytest.mark.parametrize("kind", list(CASES))
@pytest.mark.parametrize("answer", ODD_ANSWERS)
def test_an_answer_of_any_shape_is_posted_or_refused_in_one_line(engine, kind, answer):
    # Hand-made answers the page never sends: a post of what they hold, or the one line naming "answer".
    try:
        out = post(engine, kind, "bbcode", answer=answer)
    except InputError as err:
        assert err.field == "answer"
    else:
        assert out["text"].endswith("[/url]\n")


def test_the_command_line_prints_the_post_and_refuses_bad_input(bundle_file):
    def run(request: dict) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "calculator", "forum", "-", "--data", str(bundle_file)],
                              input=json.dumps(request), capture_output=True, text=True, cwd=ROOT, timeout=120)
    done = run({"command": "maneuver", "input": C.MANEUVER, "format": "markdown", "link": C.LINK})
    assert done.returncode == 0 and json.loads(done.stdout)["text"] == T.MANEUVER["markdown"]
    done = run({"command": "maneuver", "input": C.MANEUVER, "format": "rtf"})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "error: format: expected one of bbcode, markdown, text, got 'rtf'\n"


def test_a_new_kind_of_answer_needs_one_function_and_one_entry(engine, monkeypatch):
    # How the game and advise commands are to join: a command's entry and its kind's renderer.
    monkeypatch.setitem(registry.COMMANDS, "force-again", registry.Command("force", lambda inp, out: "points"))
    monkeypatch.setitem(registry.RENDERERS, "points", lambda names, inp, out: Post(f"{out['points']['total']} points"))
    out = engine.forum({"command": "force-again", "input": C.FORCE, "format": "bbcode"})
    assert out == {"kind": "points", "format": "bbcode", "text": "[b]24 points[/b]\n"}
    with pytest.raises(ValueError, match="has a renderer already"):
        registry.renders("roll")(lambda names, inp, out: Post(""))


def test_every_command_has_a_renderer_for_its_kinds():
    assert set(registry.RENDERERS) >= {"roll", "magic", "exchange", "exchange-odds", "dragon-attack", "dragon-odds",
                                       "maneuver", "force"}
