"""Parse the built site once: every page's element ids and links (standard library only)."""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Page:
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "id" and value:
                self.page.ids.append(value)
            if key == "href" and tag == "a" and value is not None:
                self.page.links.append(value)


def parse(path: Path) -> Page:
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector.page


def page_paths(site: Path) -> list[Path]:
    """Every HTML page of the site except the vendored runtimes (not parsed)."""
    skip = ("pyodide", "assets")
    return [p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in skip]


def site_pages(site: Path) -> dict[Path, Page]:
    """Every HTML page of the site except the vendored runtimes, parsed."""
    return {p: parse(p) for p in page_paths(site)}
