"""Helpers for the review page tests: a real home built with the real CLI, the real server.

``build_home`` runs init → ingest (the sample home's events and a hostile
instruction) → consolidate → dream --force → ingest + consolidate (a hostile
preference left pending), through main() in this process (``hm_main``). ``Server`` starts
``holonmem serve --no-browser --port 0`` as a subprocess and reads its URL
from stderr. ``request`` speaks HTTP without following redirects.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "serve"
SAMPLE_EVENTS = ROOT / "sample_agent_home" / "import" / "events.jsonl"
TOKEN = "test-token-0123456789"


def hm(home: Path, *args, env: dict | None = None, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
    p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(home), *[str(a) for a in args]],
                       capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})
    if check and p.returncode != 0:
        raise AssertionError(f"holonmem {' '.join(map(str, args))} exited {p.returncode}: {p.stderr}")
    return p


def hm_main(home: Path, *args, check: bool = True):
    """``hm`` through holonmem's main() in this process (inproc_support), for the commands that
    set a home up, read it or change it beside a running server: the server (and its refusals)
    is the subprocess these tests are about; these commands print and store the same either way."""
    from inproc_support import run_main

    return run_main("--home", home, *args, check=check)


def build_home(dest: Path) -> Path:
    hm_main(dest, "init", dest)
    hm_main(dest, "ingest", SAMPLE_EVENTS, FIXTURES / "hostile_memory.jsonl")
    hm_main(dest, "consolidate")
    hm_main(dest, "dream", "--force")
    hm_main(dest, "ingest", FIXTURES / "hostile_pending.jsonl")
    hm_main(dest, "consolidate")
    return dest


def copy_home(base: Path, dest: Path) -> Path:
    shutil.copytree(base, dest, symlinks=True)
    for lock in (dest / ".holonmem" / "locks").glob("*"):
        lock.unlink()
    return dest


class Server:
    """``holonmem serve`` on a free loopback port, stopped on exit."""

    def __init__(self, home: Path, tmp: Path, token: str = TOKEN, extra: tuple = ()):
        self.home, self.token = home, token
        self.log = tmp / f"serve-{os.getpid()}-{time.monotonic_ns()}.log"
        self.args = [sys.executable, "-m", "holonmem", "--home", str(home), "serve", "--no-browser", "--port", "0",
                     "--token", token, *extra]
        self.proc = None
        self.port = None

    def __enter__(self) -> "Server":
        with open(self.log, "wb") as err:
            self.proc = subprocess.Popen(self.args, stdout=subprocess.DEVNULL, stderr=err, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=(\S+)", self.log.read_text(errors="replace"))
            if m:
                self.port = int(m.group(1))
                assert m.group(2) == self.token
                return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.__exit__(None, None, None)
        raise AssertionError(f"serve did not start: {self.log.read_text(errors='replace')}")

    def __exit__(self, *exc) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def stderr(self) -> str:
        return self.log.read_text(errors="replace")

    def request(self, method: str, path: str, *, headers: dict | None = None, form: dict | None = None,
                auth: bool = True) -> tuple[int, dict, str]:
        """One request (no redirect followed); ``auth`` sends the token header."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = {"X-Holonmem-Token": self.token} if auth else {}
        h.update(headers or {})
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form).encode()
            h.setdefault("Content-Type", "application/x-www-form-urlencoded")
        try:
            conn.request(method, path, body=body, headers=h)
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read().decode("utf-8", "replace")
        finally:
            conn.close()

    def csrf(self) -> str:
        status, _, body = self.request("GET", "/")
        assert status == 200, body[:500]
        return re.search(r'name="csrf" value="([0-9a-f]+)"', body).group(1)


def pending_groups(home: Path) -> list[dict]:
    import json

    return json.loads(hm_main(home, "review", "--json").stdout)["groups"]


def signal_status(home: Path) -> dict[str, dict]:
    """Latest status line per signal id in signals.jsonl."""
    import json

    out = {}
    for line in (home / "signals.jsonl").read_text(encoding="utf-8").splitlines():
        o = json.loads(line)
        if o.get("type") == "status":
            out[o["signal"]] = o
    return out
