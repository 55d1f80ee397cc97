"""The review page in a real headless Chromium (Debian's /usr/bin/chromium, driven by Playwright).

Each test that changes the home gets its own copy of a home built with the real
CLI and its own ``holonmem serve`` subprocess (the tests that only look share
one); the browser clicks the page's own buttons. A screenshot of every page
visited is written under the test's tmp dir.

Without /usr/bin/chromium or the playwright package these tests are skipped
with the reason; with HOLONMEM_REQUIRE_BROWSER=1 (set by .ci/run) they fail.
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
from pathlib import Path

import pytest

from serve_support import TOKEN, Server, copy_home, hm_main, pending_groups, signal_status

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _missing() -> str | None:
    try:
        import jinja2  # noqa: F401
    except ImportError:
        return "jinja2 (the web extra) is not installed: pip install -e '.[web]'"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing: apt-get install chromium (.ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed: pip install -e '.[test]'"
    return None


@pytest.fixture(scope="module")
def browser():
    why = _missing()
    if why:
        if os.environ.get("HOLONMEM_REQUIRE_BROWSER") == "1":
            pytest.fail(f"HOLONMEM_REQUIRE_BROWSER=1 but the browser tests cannot run: {why}")
        pytest.skip(f"browser tests skipped: {why}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


class Page:
    """A browser page on one server, with the token cookie set and screenshots numbered."""

    def __init__(self, browser, srv: Server, shots: Path):
        self.srv, self.shots, self.n = srv, shots, 0
        self.ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(15000)
        self.dialogs: list[str] = []
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        resp = self.page.goto(f"{srv.base}/?token={TOKEN}")
        assert resp.status == 200 and self.page.url == f"{srv.base}/"

    def go(self, path: str, status: int = 200):
        resp = self.page.goto(self.srv.base + path)
        assert resp.status == status, (path, resp.status, self.page.inner_text("main")[:500])
        return resp

    def shot(self, name: str) -> Path:
        self.n += 1
        path = self.shots / f"{self.n:02d}-{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 5000, path
        return path

    @property
    def main(self) -> str:
        return self.page.inner_text("main")

    def flash(self) -> str:
        return self.page.inner_text(".flash")


def _page(browser, home: Path, srv: Server, tmp_path: Path):
    shots = tmp_path / "screenshots"
    shots.mkdir()
    pg = Page(browser, srv, shots)
    try:
        yield home, pg
    finally:
        pg.ctx.close()


@pytest.fixture
def site(browser, serve_base_home, tmp_path):
    """A page on a server of the test's own copy of the home (for the tests that change it)."""
    home = copy_home(serve_base_home, tmp_path / "home")
    with Server(home, tmp_path) as srv:
        yield from _page(browser, home, srv, tmp_path)


@pytest.fixture(scope="module")
def viewed_server(browser, serve_base_home, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("serve-browser-view")
    home = copy_home(serve_base_home, tmp / "home")
    with Server(home, tmp) as srv:
        yield home, srv


@pytest.fixture
def view(browser, viewed_server, tmp_path):
    """A page of its own (browser context, screenshots) on one server and home shared by the
    tests that only look: none of them changes a memory, a signal or a run."""
    home, srv = viewed_server
    yield from _page(browser, home, srv, tmp_path)


def _murl(rel: str) -> str:
    return "/memory?path=" + urllib.parse.quote(rel, safe="")


def _card(pg: Page, statement_part: str):
    return pg.page.locator("article.card", has_text=statement_part)


def test_every_page_loads_and_is_screenshotted(view):
    home, pg = view
    run = json.loads((home / ".holonmem" / "dream.json").read_text())["runs"][-1]["id"]
    visits = [
        ("/", "inbox", "Inbox"),
        ("/memories", "memories", "Memories"),
        ("/memories?status=superseded", "memories-superseded", "For the invoicer frontend, use npm"),
        (_murl("memory/invoicer-use-pnpm-instead-npm-frontend.md"), "memory", "Supersede chain"),
        ("/event?id=evt_0137", "event", "Ledger line"),
        ("/runs", "runs", run),
        ("/run?id=" + run, "run", "Files it wrote"),
        ("/timeline", "timeline", "Timeline"),
        ("/context?go=1&project=invoicer&task=release+0.8.1&budget=800", "context", "Cut to fit"),
    ]
    for path, name, expect in visits:
        pg.go(path)
        assert expect in pg.main, (path, pg.main[:400])
        pg.shot(name)
    assert pg.page.locator("svg rect.ev").count() >= 5 or pg.go("/timeline")
    shots = sorted(p.name for p in pg.shots.iterdir())
    assert len(shots) == len(visits) and all(s.endswith(".png") for s in shots)
    assert not pg.dialogs


def test_approve_a_pending_signal_and_see_it_in_context(site):
    home, pg = site
    statement = "short bullet answers"
    sid = next(g["signals"][0] for g in pending_groups(home) if statement in g["statement"])
    pg.go("/context?go=1&project=invoicer&task=write+the+release+notes")
    assert statement not in pg.main
    pg.go("/")
    pg.shot("inbox-before")
    _card(pg, statement).get_by_role("button", name="Approve", exact=True).click()
    pg.page.wait_for_load_state()
    assert "Approved: create memory/" in pg.flash()
    pg.shot("approved-memory")
    assert signal_status(home)[sid]["status"] == "promoted" and signal_status(home)[sid]["by"] == "hand"
    rel = urllib.parse.parse_qs(urllib.parse.urlsplit(pg.page.url).query)["path"][0]
    assert (home / rel).is_file() and rel in (home / "MEMORY.md").read_text()
    pg.go("/")
    assert statement not in pg.main
    pg.go("/context?go=1&project=invoicer&task=write+the+release+notes")
    assert statement in pg.main
    pg.shot("context-after")
    cli = hm_main(home, "context", "--project", "invoicer", "--task", "write the release notes")
    assert statement in cli.stdout


def test_edit_then_approve_keeps_the_evidence_and_takes_the_wording(site):
    home, pg = site
    g = next(g for g in pending_groups(home) if "window.__xss=3" in g["statement"])
    sid = g["signals"][0]
    pg.go("/")
    card = _card(pg, "window.__xss=3")
    card.locator("summary", has_text="Edit, then approve").click()
    box = card.locator("textarea[name=statement]")
    assert "<script>window.__xss=3</script>" in box.input_value()  # the raw text, as text
    box.fill("Title every changelog with the release number and date.")
    pg.shot("edit-then-approve")
    card.get_by_role("button", name="Approve with this wording").click()
    pg.page.wait_for_load_state()
    assert "Approved with your wording" in pg.flash() and "text edited" in pg.flash()
    assert pg.page.inner_text("h1") == "Title every changelog with the release number and date"
    assert "evt_h003" in pg.main  # the evidence came along
    pg.shot("edited-memory")
    rel = urllib.parse.parse_qs(urllib.parse.urlsplit(pg.page.url).query)["path"][0]
    text = (home / rel).read_text(encoding="utf-8")
    assert "Title every changelog with the release number and date." in text and "__xss" not in text.split("---", 2)[2]
    assert "evt_h003" in text and signal_status(home)[sid]["status"] == "promoted"
    journal = "\n".join(p.read_text() for p in (home / "journal").glob("*.md"))
    assert "## Promote by hand `promote_" in journal and "## Edit by hand `edit_" in journal
    assert "approved from the Inbox with the wording edited" in journal


def test_reject_with_a_reason(site):
    home, pg = site
    g = next(g for g in pending_groups(home) if "靠窗" in g["statement"])
    pg.go("/")
    card = _card(pg, "靠窗")
    card.locator("input[name=reason]").fill("not a standing preference")
    card.get_by_role("button", name="Reject").click()
    pg.page.wait_for_load_state()
    assert "Rejected 1 signal(s)" in pg.flash() and "靠窗" not in pg.main
    pg.shot("rejected")
    st = signal_status(home)[g["signals"][0]]
    assert st["status"] == "rejected" and st["reason"] == "not a standing preference" and st["by"] == "hand"


def test_edit_a_memory_and_the_checksum_guard(site):
    home, pg = site
    rel = "memory/invoicer-use-postgresql-16.md"
    path = home / rel
    pg.go(_murl(rel))
    body = pg.page.locator("textarea[name=body]")
    new = body.input_value().replace("PostgreSQL 16", "PostgreSQL 17")
    assert new != body.input_value()
    body.fill(new)
    pg.page.get_by_role("button", name="Save").click()
    pg.page.wait_for_load_state()
    assert pg.flash().startswith(f"Saved {rel}.")
    assert "PostgreSQL 17" in path.read_text(encoding="utf-8") and "PostgreSQL 17" in pg.page.inner_text(".statement-box")
    pg.shot("edited")
    # loaded, then changed on disk by a person: saving writes nothing and says so
    pg.go(_murl(rel))
    hand = path.read_text(encoding="utf-8") + "\nTyped in an editor meanwhile.\n"
    path.write_text(hand, encoding="utf-8")
    pg.page.locator("textarea[name=body]").fill("# Clobber\n\nThis must not be written.\n")
    resp_text = None
    with pg.page.expect_response(lambda r: r.url.endswith("/memory/edit")) as info:
        pg.page.get_by_role("button", name="Save").click()
    resp_text = info.value
    assert resp_text.status == 409
    assert "changed on disk since the page was loaded; nothing was written" in pg.main
    pg.shot("edit-conflict")
    assert path.read_text(encoding="utf-8") == hand
    # forget and restore from the same page
    pg.go(_murl(rel))
    pg.page.get_by_role("button", name="Forget (archive)").click()
    pg.page.wait_for_load_state()
    assert "Forget: forget" in pg.flash() and "status: archived" in path.read_text()
    pg.page.get_by_role("button", name="Restore").click()
    pg.page.wait_for_load_state()
    assert "Restore: restore" in pg.flash() and "status: active" in path.read_text()


def test_undo_a_dream_run(site):
    home, pg = site
    state = json.loads((home / ".holonmem" / "dream.json").read_text())
    run = state["runs"][-1]
    created = [f for f in run["files"] if f.startswith("memory/")]
    assert created and all((home / f).exists() for f in created)
    pending_before = len(pending_groups(home))
    pg.go("/run?id=" + run["id"])
    assert "Journal entry" in pg.main and created[0] in pg.main
    pg.shot("run-before-undo")
    pg.page.get_by_role("button", name="Undo this run").click()
    pg.page.wait_for_load_state()
    assert pg.flash().startswith(f"Undid {run['id']}:")
    pg.shot("runs-after-undo")
    # the files the run created are gone, its signals are pending again, the journal says so
    made = [f for f in created if "supersed" not in f]
    assert not any((home / f).exists() for f in made if f not in ("memory/operator.md", "memory/self.md"))
    assert len(pending_groups(home)) > pending_before
    assert f"## Undo of dream run `{run['id']}`" in "\n".join(p.read_text() for p in (home / "journal").glob("*.md"))
    assert run["id"] not in pg.page.inner_text("table.list")


def test_the_evidence_view(view):
    home, pg = view
    pg.go(_murl("memory/invoicer-use-pnpm-instead-npm-frontend.md"))
    pg.page.locator("ul.evidence a", has_text="evt_0137").first.click()
    pg.page.wait_for_load_state()
    assert pg.page.url.endswith("/event?id=evt_0137")
    ledger = next((home / "ledger").glob("*.jsonl"))
    n = next(i for i, ln in enumerate(ledger.read_text(encoding="utf-8").splitlines(), 1) if '"id":"evt_0137"' in ln)
    assert f"ledger/{ledger.name}, line {n}" in pg.main
    assert "pnpm" in pg.page.inner_text("blockquote.big")
    assert "Use pnpm instead of npm for the invoicer frontend" in pg.page.inner_text("main ul")
    pg.shot("evidence")


def test_the_token_is_refused_in_the_browser(browser, view):
    home, pg = view
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        resp = page.goto(pg.srv.base + "/")
        assert resp.status == 401 and "needs the token" in page.inner_text("main")
        assert page.locator("nav").count() == 0  # nothing of the home is shown
        resp = page.goto(pg.srv.base + "/memories?token=not-the-token")
        assert resp.status == 403 and "wrong token" in page.inner_text("main")
        page.screenshot(path=str(pg.shots / "token-refused.png"))
        resp = page.goto(pg.srv.base + "/static/style.css")
        assert resp.status == 401
    finally:
        ctx.close()


def test_hostile_text_is_shown_as_text_and_never_runs(view):
    home, pg = view
    rel = next(f"memory/{p.name}" for p in (home / "memory").glob("*.md") if "window.__xss=1" in p.read_text())
    for path in ("/", _murl(rel), "/event?id=evt_h001", "/memories?q=xss"):
        pg.go(path)
        assert pg.page.evaluate("() => window.__xss === undefined")
        assert pg.page.locator("main img").count() == 0 and pg.page.locator("main script").count() == 0
    pg.go(_murl(rel))
    assert re.search(r"<script>window\.__xss=1</script> and \"><img src=x onerror=\"window\.__xss=2\">", pg.main)
    pg.shot("hostile")
    assert not pg.dialogs
