"""A forum post as plain parts (a title, paragraphs, lists, tables, a link) and its three writers:
BBCode as forums take it, Markdown (Discord, Reddit, GitHub) and plain text.

Every answer kind builds one :class:`Post` (calculator.forum.answers); the writers know nothing of
Dragon Dice, so each kind is written the same way in every format.

>>> post = Post("Melee roll", [Table(("Unit", "Rolled"), [("Warrior", "2 Melee")])], "https://x.test/#s=1.e")
>>> print(write(post, "bbcode"), end="")
[b]Melee roll[/b]
<BLANKLINE>
[table][tr][td][b]Unit[/b][/td][td][b]Rolled[/b][/td][/tr][tr][td]Warrior[/td][td]2 Melee[/td][/tr][/table]
<BLANKLINE>
[url=https://x.test/#s=1.e]Open this in the calculator[/url]
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

FORMATS = ("bbcode", "markdown", "text")


@dataclass(frozen=True)
class Para:
    """A paragraph; ``bold`` is a heading of the part that follows."""

    text: str
    bold: bool = False


@dataclass(frozen=True)
class Items:
    """A bulleted list."""

    items: Sequence[str]


@dataclass(frozen=True)
class Table:
    """A table with a row of headings."""

    head: Sequence[str]
    rows: Sequence[Sequence[str]]


Block = Para | Items | Table


@dataclass
class Post:
    title: str
    blocks: list[Block] = field(default_factory=list)
    link: str | None = None
    link_text: str = "Open this in the calculator"

    def heading(self, text: str) -> None:
        self.blocks.append(Para(text, bold=True))

    def para(self, text: str) -> None:
        if text:
            self.blocks.append(Para(text))

    def items(self, heading: str, items: Sequence[str]) -> None:
        """A heading and its list, left out when the list is empty."""
        if items:
            self.heading(heading)
            self.blocks.append(Items(list(items)))

    def table(self, heading: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        if rows:
            if heading:
                self.heading(heading)
            self.blocks.append(Table(head, rows))


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


# BBCode: [b], [list]/[*], [table]/[tr]/[td] and [url=...]; a table on one line, since a forum turns
# each line break inside a table into an empty line of its own.
def _bbcode(block: Block) -> str:
    if isinstance(block, Para):
        return f"[b]{block.text}[/b]" if block.bold else block.text
    if isinstance(block, Items):
        return "[list]\n" + "\n".join(f"[*]{_one_line(i)}" for i in block.items) + "\n[/list]"
    head = "[tr]" + "".join(f"[td][b]{_one_line(h)}[/b][/td]" for h in block.head) + "[/tr]"
    rows = "".join("[tr]" + "".join(f"[td]{_one_line(c)}[/td]" for c in row) + "[/tr]" for row in block.rows)
    return f"[table]{head}{rows}[/table]"


def _md_escape(text: str) -> str:
    out = str(text)
    for ch in "\\`*_[]":
        out = out.replace(ch, "\\" + ch)
    return out


def _md_cell(text: str) -> str:
    return _md_escape(_one_line(text)).replace("|", "\\|") or " "


def _markdown(block: Block) -> str:
    if isinstance(block, Para):
        return f"**{_md_escape(block.text)}**" if block.bold else _md_escape(block.text)
    if isinstance(block, Items):
        return "\n".join(f"- {_md_escape(_one_line(i))}" for i in block.items)
    lines = ["| " + " | ".join(_md_cell(h) for h in block.head) + " |", "|" + " --- |" * len(block.head)]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block.rows]
    return "\n".join(lines)


def _text(block: Block) -> str:
    if isinstance(block, Para):
        return block.text.upper() if block.bold else block.text
    if isinstance(block, Items):
        return "\n".join(f"- {_one_line(i)}" for i in block.items)
    cells = [[_one_line(h) for h in block.head]] + [[_one_line(c) for c in row] for row in block.rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(block.head))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    lines.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(lines)


def _title(post: Post, fmt: str) -> str:
    return {"bbcode": f"[b]{post.title}[/b]", "markdown": f"**{_md_escape(post.title)}**",
            "text": post.title}[fmt]


def _link(post: Post, fmt: str) -> str:
    link = post.link or ""
    return {"bbcode": f"[url={link}]{post.link_text}[/url]", "markdown": f"[{post.link_text}]({link})",
            "text": f"{post.link_text}: {link}"}[fmt]


WRITERS: dict[str, Callable[[Block], str]] = {"bbcode": _bbcode, "markdown": _markdown, "text": _text}


def write(post: Post, fmt: str) -> str:
    """The post in one of :data:`FORMATS`: its parts one blank line apart, ending with one line break."""
    parts = [_title(post, fmt)] + [WRITERS[fmt](b) for b in post.blocks]
    if post.link:
        parts.append(_link(post, fmt))
    return "\n\n".join(parts) + "\n"
