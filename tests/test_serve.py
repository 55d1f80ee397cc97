"""``holonmem serve`` over plain HTTP: the token, CSRF, loopback only, escaping, every page, the edit guard.

The server is the real CLI in a subprocess on a home built with the real CLI
(tests/serve_support.py); requests go over a real socket. The browser tests
are in test_serve_browser.py.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import sysconfig
import urllib.parse
from pathlib import Path

import pytest

from serve_support import ROOT, TOKEN, Server, copy_home, hm, hm_main, pending_groups, signal_status

pytest.importorskip("jinja2", reason="the web extra (jinja2) is not installed: pip install -e '.[web]'")


@pytest.fixture
def served(serve_base_home, tmp_path):
    """A server of the test's own copy of the home (for the tests that change it)."""
    home = copy_home(serve_base_home, tmp_path / "home")
    with Server(home, tmp_path) as srv:
        yield home, srv


@pytest.fixture(scope="module")
def viewed(serve_base_home, tmp_path_factory):
    """One server and copy of the home shared by the tests that only look (GET requests, the
    read-only CLI, a second server refused its port): none changes a memory, a signal or a run."""
    tmp = tmp_path_factory.mktemp("serve-view")
    home = copy_home(serve_base_home, tmp / "home")
    with Server(home, tmp) as srv:
        yield home, srv


def _memory_path(home: Path, needle: str) -> str:
    for p in sorted((home / "memory").glob("*.md")):
        if needle in p.read_text(encoding="utf-8"):
            return f"memory/{p.name}"
    raise AssertionError(f"no memory says {needle!r}")


def esc(s: str) -> str:
    """Text as the page's templates escape it (Jinja2's autoescape)."""
    from markupsafe import escape

    return str(escape(s))


def _murl(path: str) -> str:
    return "/memory?path=" + urllib.parse.quote(path, safe="")


# -- the extra, the bind, the token -------------------------------------------------------

def test_serve_without_jinja2_exits_1_with_the_pip_command(tmp_path):
    """A Python that really lacks jinja2: no site-packages (-S), and a copy of the venv's
    packages on PYTHONPATH with jinja2 left out (links, no mock of holonmem)."""
    farm = tmp_path / "site"
    farm.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.lower().startswith("jinja2"):
            (farm / entry.name).symlink_to(entry)
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{farm}"}
    probe = subprocess.run([sys.executable, "-S", "-c", "import typer\ntry:\n import jinja2\nexcept ImportError:\n print('no jinja2')"],
                           capture_output=True, text=True, env=env)
    assert probe.stdout.strip() == "no jinja2", probe
    home = tmp_path / "home"
    hm_main(home, "init", home)
    p = subprocess.run([sys.executable, "-S", "-m", "holonmem", "--home", str(home), "serve", "--no-browser", "--port", "0"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 1, p
    assert p.stderr.startswith("Error: holonmem serve needs the optional web extra (jinja2)"), p.stderr
    assert "pip install 'holonmem[web]'" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.10", "::", "example.com"])
def test_serve_refuses_to_bind_anything_but_loopback(tmp_path, host):
    home = tmp_path / "home"
    hm_main(home, "init", home)
    p = hm(home, "serve", "--no-browser", "--port", "0", "--host", host, check=False, timeout=30)
    assert p.returncode == 2, p
    assert p.stderr.startswith(f"Error: --host {host!r} is not a loopback address"), p.stderr
    assert "Traceback" not in p.stderr and "http://" not in p.stderr


def test_a_short_or_odd_token_is_refused(tmp_path):
    home = tmp_path / "home"
    hm_main(home, "init", home)
    for bad in ("short", "has space in it", "ünïcode-token"):
        p = hm(home, "serve", "--no-browser", "--port", "0", "--token", bad, check=False, timeout=30)
        assert p.returncode == 2 and p.stderr.startswith("Error: --token must be"), p


def test_every_request_needs_the_token_and_posts_carry_it_in_a_header(served):
    home, srv = served
    signals_before = (home / "signals.jsonl").read_bytes()
    # no token: 401, on pages and on the stylesheet alike; a wrong one: 403
    for path in ("/", "/memories", "/runs", "/timeline", "/context", "/static/style.css", "/nope"):
        status, _, body = srv.request("GET", path, auth=False)
        assert status == 401, (path, status)
        assert "needs the token" in body
    assert srv.request("GET", "/?token=wrong-token-123", auth=False)[0] == 403
    assert srv.request("GET", "/", auth=False, headers={"X-Holonmem-Token": "wrong-token-123"})[0] == 403
    assert srv.request("GET", "/", auth=False, headers={"Cookie": f"holonmem_{srv.port}=wrong-token-123"})[0] == 403
    # the printed URL sets an HttpOnly, SameSite=Strict cookie and drops the token from the address
    status, headers, _ = srv.request("GET", f"/memories?kind=rule&token={TOKEN}", auth=False)
    assert status == 303 and headers["location"] == "/memories?kind=rule"
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"holonmem_{srv.port}={TOKEN};") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    jar = {"Cookie": f"holonmem_{srv.port}={TOKEN}"}
    assert srv.request("GET", "/memories?kind=rule", auth=False, headers=jar)[0] == 200
    # a POST: the token in the query string alone is refused; so is a missing or wrong check value,
    # another site's Origin or Sec-Fetch-Site, and a Host that is not this server (DNS rebinding)
    csrf = srv.csrf()
    sid = pending_groups(home)[0]["signals"][0]
    form = {"sid": sid, "csrf": csrf}
    status, _, body = srv.request("POST", f"/signal/reject?token={TOKEN}", form=form, auth=False)
    assert status == 403 and "not in the query string" in body
    assert srv.request("POST", "/signal/reject", form=form, auth=False)[0] == 401
    assert srv.request("POST", "/signal/reject", form={"sid": sid}, headers=jar, auth=False)[0] == 403
    assert srv.request("POST", "/signal/reject", form={"sid": sid, "csrf": "0" * 32})[0] == 403
    assert srv.request("POST", "/signal/reject", form=form, headers={"Origin": "http://evil.example"})[0] == 403
    assert srv.request("POST", "/signal/reject", form=form, headers={"Sec-Fetch-Site": "cross-site"})[0] == 403
    assert srv.request("GET", "/", headers={"Host": f"evil.example:{srv.port}"})[0] == 403
    assert srv.request("POST", "/signal/reject", form=form, headers={"Host": "evil.example"})[0] == 403
    assert srv.request("PUT", "/", form=form)[0] == 405
    assert (home / "signals.jsonl").read_bytes() == signals_before, "a refused request wrote something"
    # the same POST with the cookie, the check value and a same-origin Origin goes through
    status, headers, _ = srv.request("POST", "/signal/reject", form=form, auth=False,
                                     headers={**jar, "Origin": srv.base, "Sec-Fetch-Site": "same-origin"})
    assert status == 303, headers
    assert signal_status(home)[sid]["status"] == "rejected"
    # no token ever appears in a log line
    assert TOKEN not in srv.stderr.split("\n", 2)[-1]


def test_security_headers_forbid_scripts_and_framing(viewed):
    _, srv = viewed
    status, headers, _ = srv.request("GET", "/")
    assert status == 200
    csp = headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src" not in csp and "frame-ancestors 'none'" in csp
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "same-origin" and headers["cache-control"] == "no-store"


# -- hostile text ----------------------------------------------------------------------

def test_hostile_text_is_escaped_and_bounded(served):
    home, srv = served
    huge_title = "<script>window.__xss=9</script>" + "T" * (1 << 20)
    (home / "memory" / "huge.md").write_text(
        f"---\ntitle: \"{huge_title}\"\nkind: fact\nscope: user\nstatus: active\n---\n# {huge_title}\n\n"
        f"\"><img src=x onerror=alert(1)> {'body ' * 1000}\n", encoding="utf-8")
    hostile = _memory_path(home, "window.__xss=1")
    pages = ["/", "/memories", _murl(hostile), _murl("memory/huge.md"), "/event?id=evt_h001", "/event?id=evt_h003",
             "/runs", "/timeline", "/context?project=hostile&go=1&task=release+notes"]
    runs = json.loads((home / ".holonmem" / "dream.json").read_text())["runs"]
    pages.append("/run?id=" + runs[-1]["id"])
    for path in pages:
        status, _, body = srv.request("GET", path)
        assert status == 200, (path, status, body[:300])
        assert "<script" not in body.lower(), path
        assert "<img" not in body.lower(), path
        assert len(body) < 400_000, (path, len(body))  # a 1 MB title is clipped, never sent whole
    # the text is there, escaped: a person sees what the agent was told
    _, _, inbox = srv.request("GET", "/")
    assert "&lt;script&gt;window.__xss=3&lt;/script&gt;&#34;&gt;&lt;img src=x onerror=window.__xss=4&gt;" in inbox
    _, _, page = srv.request("GET", _murl("memory/huge.md"))
    assert "more characters)" in page and "too large to edit here" in page
    _, _, mem = srv.request("GET", _murl(hostile))
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in mem


# -- every page on a real home -------------------------------------------------------------

def test_every_page_shows_the_home_as_the_cli_sees_it(viewed):
    home, srv = viewed
    groups = pending_groups(home)
    _, _, inbox = srv.request("GET", "/")
    for g in groups:
        assert esc(g["statement"]) in inbox
        for e in g["evidence"]:
            assert f'/event?id={urllib.parse.quote(e["id"], safe="")}' in inbox
    assert f"{len(groups)} group(s) from" in inbox
    # memories: every file, filtered by status / project / text
    _, _, listing = srv.request("GET", "/memories")
    files = sorted((home / "memory").glob("*.md"))
    mems = [f for f in files if f.name not in ("operator.md", "self.md")]
    for f in mems:
        assert urllib.parse.quote(f"memory/{f.name}", safe="") in listing, f.name
    _, _, sup = srv.request("GET", "/memories?status=superseded")
    assert "invoicer-frontend-use-npm.md" in sup and "invoicer-use-pnpm-instead-npm-frontend.md" not in sup
    _, _, txt = srv.request("GET", "/memories?q=pnpm")
    assert "invoicer-use-pnpm-instead-npm-frontend.md" in txt and "invoicer-never-push-directly-main.md" not in txt
    # a memory: statement, Why, How to apply, frontmatter, evidence linked to the ledger, both chain directions, history
    _, _, new = srv.request("GET", _murl("memory/invoicer-use-pnpm-instead-npm-frontend.md"))
    assert "<strong>Why:</strong>" in new and "<strong>How to apply:</strong>" in new
    assert "id: mem_" in new and "/event?id=evt_0137" in new
    assert "invoicer-frontend-use-npm.md" in new.split("Older (this superseded)")[1].split("</ul>")[0]
    assert "Dream run" in new.split("History (journal)")[1]
    _, _, old = srv.request("GET", _murl("memory/invoicer-frontend-use-npm.md"))
    assert "invoicer-use-pnpm-instead-npm-frontend.md" in old.split("Newer (superseded this)")[1].split("</ul>")[0]
    # an event: its ledger file and line, the memories that cite it
    _, _, ev = srv.request("GET", "/event?id=evt_0137")
    ledger = next((home / "ledger").glob("*.jsonl"))
    lines = ledger.read_text(encoding="utf-8").splitlines()
    n = next(i for i, ln in enumerate(lines, 1) if '"id":"evt_0137"' in ln)
    assert f"ledger/{ledger.name}</code>, line {n} " in ev and "invoicer-use-pnpm-instead-npm-frontend.md" in ev
    # dream runs: the journal entry and a diff of every file written
    run = json.loads((home / ".holonmem" / "dream.json").read_text())["runs"][-1]
    _, _, runs = srv.request("GET", "/runs")
    assert run["id"] in runs and 'action="/run/undo"' in runs
    _, _, rp = srv.request("GET", "/run?id=" + run["id"])
    assert f"## Dream run `{run['id']}`" in html.unescape(rp)
    for rel in run["files"]:
        if rel.startswith("memory/"):
            assert esc(rel) in rp, rel
    assert '<span class="add">+# Use pnpm instead of npm for the invoicer frontend' in rp
    # timeline: an SVG with a bar per day and project
    _, _, tl = srv.request("GET", "/timeline")
    assert "<svg" in tl and tl.count('class="ev"') >= 5 and "invoicer" in tl
    # context preview: the same block `holonmem context` prints, with per-section tokens and what was cut
    cli = hm_main(home, "context", "--project", "invoicer", "--task", "release", "--budget", "600", "--now", "2026-06-25",
             "--format", "json")
    want = json.loads(cli.stdout)
    _, _, cp = srv.request("GET", "/context?go=1&project=invoicer&task=release&budget=600&now=2026-06-25")
    assert esc(want["text"]) in cp
    for s in want["sections"]:
        assert f"<td>{esc(s['title'])}</td><td>{s['tokens']}</td>" in cp
    assert want["left_out"] and all(esc(x) in cp for x in want["left_out"])
    # a missing thing is a 404 page with the Error line, not a traceback
    for path in ("/memory?path=memory/nope.md", "/event?id=evt_nope", "/run?id=dream_nope", "/memory?path=../etc/passwd"):
        status, _, body = srv.request("GET", path)
        assert status in (404, 409), (path, status)
        assert "Error: " in body and "Traceback" not in body


# -- the edit guard, undo of an edit --------------------------------------------------------

def test_an_edit_never_overwrites_a_file_changed_since_the_page_was_loaded(served):
    home, srv = served
    rel = "memory/invoicer-never-push-directly-main.md"
    path = home / rel
    _, _, page = srv.request("GET", _murl(rel))
    checksum = re.search(r'name="checksum" value="([^"]+)"', page).group(1)
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    original = path.read_bytes()
    hand = original.decode().replace("Never push", "Never, ever push") + "\nA line typed in an editor.\n"
    path.write_text(hand, encoding="utf-8")  # a person edits the file after the page was loaded
    body = "# Push policy\n\nNever push to main; open a pull request.\n"
    status, _, err = srv.request("POST", "/memory/edit", form={"csrf": csrf, "path": rel, "checksum": checksum, "body": body})
    assert status == 409 and "changed on disk since the page was loaded; nothing was written" in err
    assert path.read_text(encoding="utf-8") == hand
    # reloaded, the edit goes through: body replaced, frontmatter kept, MEMORY.md line and journal updated
    _, _, page = srv.request("GET", _murl(rel))
    checksum = re.search(r'name="checksum" value="([^"]+)"', page).group(1)
    before = path.read_bytes()
    status, headers, _ = srv.request("POST", "/memory/edit", form={"csrf": csrf, "path": rel, "checksum": checksum, "body": body})
    assert status == 303 and headers["location"].startswith(_murl(rel))
    text = path.read_text(encoding="utf-8")
    assert text.endswith(body) and 'title: "Push policy"' in text and "id: mem_" in text
    assert f"- [Push policy]({rel}) — Never push to main; open a pull request." in (home / "MEMORY.md").read_text()
    journal = "\n".join(p.read_text() for p in (home / "journal").glob("*.md"))
    op = re.search(r"## Edit by hand `(edit_[0-9TZ]+_[0-9a-f]{4})`", journal).group(1)
    # undo of the edit: byte for byte, from the memory's page
    _, _, page = srv.request("GET", _murl(rel))
    assert 'action="/edit/undo"' in page and f'value="{op}"' in page
    status, _, _ = srv.request("POST", "/edit/undo", form={"csrf": csrf, "op": op})
    assert status == 303 and path.read_bytes() == before
    assert "Never push to main; open a pull request." not in (home / "MEMORY.md").read_text()
    assert f"## Undo of edit `{op}`" in "\n".join(p.read_text() for p in (home / "journal").glob("*.md"))
    assert srv.request("POST", "/edit/undo", form={"csrf": csrf, "op": op})[0] == 404
    # reserved files are people's: the page refuses them like the CLI
    status, _, err = srv.request("POST", "/memory/edit", form={"csrf": csrf, "path": "memory/operator.md", "checksum": "x", "body": "x"})
    assert status == 400 and "written by people" in err


def test_forget_and_restore_from_the_page_are_the_clis(served):
    home, srv = served
    rel = "memory/invoicer-use-postgresql-16.md"
    csrf = srv.csrf()
    assert srv.request("POST", "/memory/forget", form={"csrf": csrf, "path": rel})[0] == 303
    assert "status: archived" in (home / rel).read_text() and rel not in (home / "MEMORY.md").read_text()
    status, _, err = srv.request("POST", "/memory/forget", form={"csrf": csrf, "path": rel})
    assert status == 409 and "already archived" in err
    assert srv.request("POST", "/memory/restore", form={"csrf": csrf, "path": rel})[0] == 303
    assert "status: active" in (home / rel).read_text() and rel in (home / "MEMORY.md").read_text()
    journal = "\n".join(p.read_text() for p in (home / "journal").glob("*.md"))
    assert "## Forget by hand `forget_" in journal and "## Restore by hand `restore_" in journal


def test_the_timeline_follows_the_files_while_the_server_runs(served, tmp_path):
    """The Timeline counts the ledger incrementally and re-reads changed episode and memory files."""
    home, srv = served

    def bars(project: str) -> dict[str, int]:
        _, _, page = srv.request("GET", "/timeline")
        return {day: int(n) for p, day, n in re.findall(r"<title>([\w()-]+) (\d{4}-\d{2}-\d{2}): (\d+) events</title>", page)
                if p == project}

    before = bars("invoicer")
    assert before and sum(before.values()) == sum(
        1 for ln in next((home / "ledger").glob("*.jsonl")).read_text(encoding="utf-8").splitlines()
        if '"project":"invoicer"' in ln)
    extra = tmp_path / "more.jsonl"
    extra.write_text("".join(json.dumps({"id": f"evt_more_{i}", "ts": "2026-07-01T10:00:00+00:00", "project": "invoicer",
                                         "session": "s_more", "role": "user", "text": f"note {i}"}) + "\n"
                             for i in range(3)), encoding="utf-8")
    hm_main(home, "ingest", extra)
    after = bars("invoicer")
    assert after["2026-07-01"] == 3 and {k: v for k, v in after.items() if k != "2026-07-01"} == before
    hm_main(home, "remember", "Always tag releases in invoicer", "--project", "invoicer")
    _, _, page = srv.request("GET", "/timeline")
    made = dict(re.findall(r"<title>invoicer (\d{4}-\d{2}-\d{2}): (\d+) memories created</title>", page))
    from holonmem.home import Home
    from holonmem.memory import load_memories

    mems = load_memories(Home(home))
    day = next(m.created[:10] for m in mems if m.statement.startswith("Always tag releases in invoicer"))
    assert int(made[day]) == sum(1 for m in mems if m.project == "invoicer" and m.created[:10] == day
                                 and m.status != "archived")


# (that only holonmem/web imports jinja2, and only inside functions: test_architecture.py, where
# the package is parsed once for all the import rules)


def test_a_port_in_use_is_one_error_line(viewed):
    home, srv = viewed
    p = hm(home, "serve", "--no-browser", "--port", srv.port, check=False, timeout=30)
    assert p.returncode == 1 and p.stderr.startswith(f"Error: port {srv.port} is already in use on 127.0.0.1"), p
    assert "--port 0" in p.stderr and "Traceback" not in p.stderr
