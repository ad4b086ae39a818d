"""The built site runs under its Content-Security-Policy: every page carries the policy as a meta tag
before any script, no page has an inline script or an on...= handler (theme templates and moved-page
stubs included), and the deployment notes (DEPLOYING.md) and the open data page tell hosts the same policy."""
from __future__ import annotations

from html.parser import HTMLParser

from generator.site.csp import POLICY, with_policy
from generator.paths import REPO_ROOT
from generator.data.urls import Move, redirect_page

DATA_TYPES = ("application/json", "application/ld+json", "importmap")   # data blocks, never run


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.policy: list[str] = []
        self.first_script_after_policy = True
        self._in_inline = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policy.append(a.get("content") or "")
        if tag == "script":
            if not self.policy:
                self.first_script_after_policy = False
            if not a.get("src") and (a.get("type") or "").lower() not in DATA_TYPES:
                self.problems.append("an inline script")
        handlers = [k for k in a if k.lower().startswith("on")]
        if handlers:
            self.problems.append(f"<{tag} {handlers[0]}=...>")
        for k in ("href", "src", "action"):
            if (a.get(k) or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {k}=javascript:...>")


def scan(html: str) -> _Scripts:
    parser = _Scripts()
    parser.feed(html)
    return parser


def test_every_page_carries_the_policy_and_runs_no_inline_script(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 150
    problems = []
    for path in pages:
        found = scan(path.read_text(encoding="utf-8"))
        rel = path.relative_to(site).as_posix()
        if found.policy != [POLICY]:
            problems.append(f"{rel}: policy {found.policy}")
        if not found.first_script_after_policy:
            problems.append(f"{rel}: a script before the policy")
        problems += [f"{rel}: {p}" for p in sorted(set(found.problems))]
    assert problems == []


def test_the_scan_sees_what_the_policy_forbids():
    bad = ('<html><head><meta charset="utf-8"><script>alert(1)</script></head>'
           '<body><form onsubmit="return false"></form><a href="javascript:x()">x</a></body></html>')
    found = scan(bad)
    assert found.policy == [] and not found.first_script_after_policy
    assert found.problems == ["an inline script", "<form onsubmit=...>", "<a href=javascript:...>"]
    ok = scan(with_policy(bad))
    assert ok.policy == [POLICY] and ok.first_script_after_policy
    assert with_policy(with_policy(bad)) == with_policy(bad)


def test_a_moved_page_stub_runs_no_inline_script():
    stub = redirect_page(Move("/rules/old/", "/rules/new/#part"), 2)
    found = scan(with_policy(stub))
    assert found.problems == [] and found.policy == [POLICY]
    assert '<script src="../../assets/js/site/moved.js"></script>' in stub
    assert 'href="../../rules/new/#part"' in stub


def test_hosts_are_told_the_same_policy():
    assert POLICY in (REPO_ROOT / "DEPLOYING.md").read_text(encoding="utf-8")
    assert POLICY in (REPO_ROOT / "docs" / "open-data.md").read_text(encoding="utf-8")
