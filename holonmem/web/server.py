"""The review page's HTTP layer: loopback only, a token on every request, CSRF-safe POSTs.

Security rules (docs/review-page.md):

- the server binds loopback addresses only (:func:`loopback_host` refuses
  anything else before a socket is made; ``server_bind`` checks again);
- every request needs the token: the ``X-Holonmem-Token`` header, or the
  cookie the page sets (``HttpOnly; SameSite=Strict``) when it is opened with
  ``?token=T`` (a GET only); none → 401, a wrong one → 403;
- a POST carries the token in a header (the cookie or ``X-Holonmem-Token``;
  ``?token=`` alone is refused, 403), a form field ``csrf`` derived from the
  token, and, when the browser sends them, a same-origin ``Origin`` and
  ``Sec-Fetch-Site``; the ``Host`` header must name this loopback server
  (DNS rebinding);
- pages are Jinja2 templates with autoescaping; long text is clipped; the
  Content-Security-Policy allows no script at all.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
import sys
import threading
import traceback
import urllib.parse
from collections import OrderedDict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..errors import DirtyFileError, HolonmemError, LockBusy, NotFound, UsageError, debug_enabled
from ..home import Home

HERE = Path(__file__).resolve().parent
MAX_BODY = 1 << 20  # bytes a POST may carry
CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
       "frame-ancestors 'none'; base-uri 'none'")
TOKEN_HEADER = "X-Holonmem-Token"
DEFAULT_PORT = 8765


def loopback_host(host: str) -> str:
    """``host`` as a loopback IP address, or a UsageError: serve never listens beyond this machine."""
    h = (host or "").strip()
    h = h[1:-1] if h.startswith("[") and h.endswith("]") else h
    if h.lower() == "localhost":
        return "127.0.0.1"
    try:
        ip = ipaddress.ip_address(h)
    except ValueError:
        ip = None
    if ip is None or not ip.is_loopback:
        raise UsageError(f"--host {host!r} is not a loopback address; the review page listens on this machine only",
                         "leave out --host (127.0.0.1), or give another loopback address such as 127.0.0.2 or ::1")
    return str(ip)


def check_token(token: str | None) -> str:
    if token is None:
        return secrets.token_urlsafe(24)
    t = token.strip()
    if len(t) < 8 or not all(c.isascii() and (c.isalnum() or c in "-._~") for c in t):
        raise UsageError("--token must be at least 8 characters of letters, digits, '-', '.', '_' or '~'",
                         "leave out --token for a random one")
    return t


def csrf_for(token: str) -> str:
    return hmac.new(token.encode(), b"holonmem-review-csrf", "sha256").hexdigest()[:32]


def _clip(value, n: int = 300) -> str:
    s = "" if value is None else str(value)
    if len(s) <= n:
        return s
    return s[:n] + f"… ({len(s) - n:,} more characters)"


def make_env():
    from jinja2 import Environment, FileSystemLoader

    env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["clip"] = _clip
    env.filters["q"] = lambda v: urllib.parse.quote(str(v or ""), safe="")
    return env


class ReviewServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, home: Home, host: str, port: int, token: str):
        host = loopback_host(host)
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.home = home
        self.token = token
        self.csrf = csrf_for(token)
        self.env = make_env()
        from .cache import HomeCache

        self.cache = HomeCache(home)
        self.flashes: OrderedDict[str, str] = OrderedDict()
        self.flash_lock = threading.Lock()
        super().__init__((host, port), Handler)

    def server_bind(self) -> None:
        super().server_bind()
        if not ipaddress.ip_address(self.server_address[0]).is_loopback:  # pragma: no cover - refused above
            self.socket.close()
            raise UsageError("the review page binds loopback addresses only")

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url_host(self) -> str:
        h = self.server_address[0]
        return f"[{h}]" if ":" in h else h

    @property
    def url(self) -> str:
        return f"http://{self.url_host}:{self.port}/?token={self.token}"

    def allowed_hosts(self) -> set[str]:
        names = {self.url_host, "localhost"} | ({"127.0.0.1"} if self.server_address[0] == "127.0.0.1" else set())
        return {f"{n}:{self.port}" for n in names}

    def add_flash(self, text: str) -> str:
        key = secrets.token_hex(6)
        with self.flash_lock:
            self.flashes[key] = text
            while len(self.flashes) > 200:
                self.flashes.popitem(last=False)
        return key


class Reply(Exception):
    """A response decided early (an auth refusal, a redirect, an error page)."""

    def __init__(self, status: int, body: bytes = b"", headers: dict | None = None):
        super().__init__(status)
        self.status, self.body, self.headers = status, body, headers or {}


class Handler(BaseHTTPRequestHandler):
    server: ReviewServer
    server_version = "holonmem"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - the stdlib's name
        if debug_enabled():
            sys.stderr.write("serve: " + (format % args).split("?", 1)[0] + "\n")

    # -- plumbing ---------------------------------------------------------------------

    @property
    def cookie_name(self) -> str:
        return f"holonmem_{self.server.port}"

    def _cookie_token(self) -> str | None:
        raw = self.headers.get("Cookie") or ""
        for part in raw.split(";"):
            k, _, v = part.strip().partition("=")
            if k == self.cookie_name:
                return v
        return None

    def _same(self, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(given.encode(), self.server.token.encode())

    def _refuse(self, status: int, message: str, hint: str) -> None:
        raise Reply(status, self._render("error.html", {"status": status, "message": message, "hint": hint,
                                                        "nav_off": True}, authed=False))

    def _authorize(self, method: str, query: dict) -> bool:
        """True when the token came in the query string (the page then sets the cookie)."""
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.server.allowed_hosts():
            self._refuse(403, "this server answers only requests addressed to it on this machine",
                         f"open the URL that `holonmem serve` printed ({self.server.url_host}:{self.server.port})")
        header = self.headers.get(TOKEN_HEADER)
        cookie = self._cookie_token()
        qtok = (query.get("token") or [None])[0]
        in_header = [t for t in (header, cookie) if t]
        if method == "POST":
            if not in_header:
                if qtok:
                    self._refuse(403, "a POST carries the token in a header (the page's cookie or X-Holonmem-Token), "
                                      "not in the query string", "open the page with the URL that `holonmem serve` printed")
                self._refuse(401, "this page needs the token that `holonmem serve` printed",
                             "open the URL it printed, http://127.0.0.1:PORT/?token=…")
            if not any(self._same(t) for t in in_header):
                self._refuse(403, "wrong token", "open the URL that `holonmem serve` printed")
            return False
        if not in_header and not qtok:
            self._refuse(401, "this page needs the token that `holonmem serve` printed",
                         "open the URL it printed, http://127.0.0.1:PORT/?token=…")
        if any(self._same(t) for t in in_header):
            return False
        if qtok and self._same(qtok):
            return True
        self._refuse(403, "wrong token", "open the URL that `holonmem serve` printed (a restart makes a new token)")
        return False

    def _check_csrf(self, form: dict) -> None:
        origin = self.headers.get("Origin")
        if origin is not None:
            allowed = {f"http://{h}" for h in self.server.allowed_hosts()}
            if origin not in allowed:
                self._refuse(403, "a request from another site was refused", "use the review page itself")
        site = self.headers.get("Sec-Fetch-Site")
        if site is not None and site not in ("same-origin", "none"):
            self._refuse(403, "a request from another site was refused", "use the review page itself")
        given = (form.get("csrf") or [""])[0]
        if not hmac.compare_digest(given.encode(), self.server.csrf.encode()):
            self._refuse(403, "the form's check value is missing or wrong", "reload the page and try again")

    def _send(self, status: int, body: bytes, ctype: str = "text/html; charset=utf-8", headers: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "same-origin")  # "no-referrer" makes a form POST say Origin: null
        self.send_header("Cache-Control", "no-store")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _render(self, name: str, ctx: dict, *, authed: bool = True) -> bytes:
        pending = None
        if authed:
            try:
                pending = len(self.server.cache.signals().pending())
            except (OSError, HolonmemError):
                pending = None
        flash = None
        done = ctx.pop("_done", None)
        if done:
            with self.server.flash_lock:
                flash = self.server.flashes.get(done)
        values = {"csrf": self.server.csrf if authed else "", "pending_count": pending, "flash": flash,
                  "nav_off": not authed, "nav": "", "home_root": str(self.server.home.root), **ctx}
        return self.server.env.get_template(name).render(**values).encode("utf-8")

    def _redirect(self, location: str, flash: str | None = None) -> None:
        if flash:
            sep = "&" if "?" in location else "?"
            location = f"{location}{sep}done={self.server.add_flash(flash)}"
        raise Reply(303, b"", {"Location": location})

    def _dispatch(self, method: str) -> None:
        parsed = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        try:
            via_query = self._authorize(method, query)
            if via_query:
                rest = {k: v for k, v in query.items() if k != "token"}
                loc = parsed.path + ("?" + urllib.parse.urlencode(rest, doseq=True) if rest else "")
                raise Reply(303, b"", {"Location": loc or "/",
                                       "Set-Cookie": f"{self.cookie_name}={self.server.token}; HttpOnly; SameSite=Strict; Path=/"})
            if method == "POST":
                form = self._read_form()
                self._check_csrf(form)
                fn = POST_ROUTES.get(parsed.path)
                if fn is None:
                    raise Reply(404, self._render("error.html", {"status": 404, "message": "no such action", "hint": ""}))
                fn(self, {k: v[0] for k, v in form.items()})
            else:
                fn = GET_ROUTES.get(parsed.path)
                if fn is None:
                    raise Reply(404, self._render("error.html", {"status": 404, "message": f"no page {parsed.path}",
                                                                 "hint": "use the links at the top"}))
                q = {k: v[0] for k, v in query.items()}
                out = fn(self, q)
                if isinstance(out, tuple) and len(out) == 2 and isinstance(out[1], str):
                    self._send(200, out[0], out[1])
                else:
                    name, ctx = out
                    ctx["_done"] = q.get("done")
                    self._send(200, self._render(name, ctx))
        except Reply as r:
            self._send(r.status, r.body, headers=r.headers)
        except HolonmemError as exc:
            status = (404 if isinstance(exc, NotFound) else 409 if isinstance(exc, DirtyFileError)
                      else 503 if isinstance(exc, LockBusy) else 400 if isinstance(exc, UsageError) else 409)
            back = self._back()
            self._send(status, self._render("error.html", {"status": status, "message": exc.message,
                                                           "hint": exc.hint or "", "back": back}))
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as exc:  # noqa: BLE001 - one page fails, the server goes on
            if debug_enabled():
                traceback.print_exc()
            sys.stderr.write(f"serve: unexpected {type(exc).__name__} on {parsed.path}: {exc}\n")
            self._send(500, f"Error: unexpected {type(exc).__name__}\nHint: this is a bug in holonmem; run serve with "
                            "HOLONMEM_DEBUG=1 for a traceback and report it\n".encode(), "text/plain; charset=utf-8")

    def _back(self) -> str:
        """Where an error page's Back link goes: the referring page of this server, else the Inbox."""
        ref = urllib.parse.urlsplit(self.headers.get("Referer") or "")
        if ref.scheme == "http" and ref.netloc.lower() in self.server.allowed_hosts():
            return _local(ref.path + (f"?{ref.query}" if ref.query else ""))
        return "/"

    def _read_form(self) -> dict:
        try:
            n = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            n = -1
        if n < 0 or n > MAX_BODY:
            self.close_connection = True
            self._refuse(413, f"the request is larger than {MAX_BODY // 1024} KiB", "send less text")
        data = self.rfile.read(n) if n else b""
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if ctype not in ("application/x-www-form-urlencoded", ""):
            self._refuse(415, "forms are sent as application/x-www-form-urlencoded", "use the page's forms")
        return urllib.parse.parse_qs(data.decode("utf-8", errors="replace"), keep_blank_values=True)

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self._dispatch("GET")

    def do_HEAD(self) -> None:  # noqa: N802
        self._dispatch("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._dispatch("POST")

    def _not_allowed(self) -> None:
        self._send(405, b"method not allowed\n", "text/plain; charset=utf-8", {"Allow": "GET, HEAD, POST"})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_allowed  # noqa: N815


# -- pages ------------------------------------------------------------------------------

def _local(path: str | None, default: str = "/") -> str:
    """A redirect target inside this server (never another site)."""
    p = path or default
    return p if p.startswith("/") and not p.startswith("//") and "\\" not in p else default


def _memory_url(path: str) -> str:
    return "/memory?path=" + urllib.parse.quote(path, safe="")


def page_inbox(h: Handler, q: dict):
    from . import views

    return "inbox.html", {"title": "Inbox", "nav": "inbox", "data": views.inbox(h.server.home)}


def page_memories(h: Handler, q: dict):
    from . import views

    data = views.memory_list(h.server.home, project=q.get("project", ""), scope=q.get("scope", ""),
                             kind=q.get("kind", ""), status=q.get("status", ""), q=q.get("q", "")[:500])
    return "memories.html", {"title": "Memories", "nav": "memories", "data": data}


def page_memory(h: Handler, q: dict):
    from . import views

    data = views.memory_detail(h.server.home, q.get("path", ""))
    return "memory.html", {"title": data["memory"]["title"], "nav": "memories", "data": data}


def page_event(h: Handler, q: dict):
    from . import views

    eid = q.get("id", "")
    data = views.event_view(h.server.home, eid, h.server.cache.signals()) if eid else None
    if data is None:
        raise NotFound(f"no event {eid!r} in the ledger", "evidence ids come from a memory's or a signal's evidence list")
    return "event.html", {"title": f"Event {eid}", "nav": "", "data": data}


def page_runs(h: Handler, q: dict):
    from . import views

    return "runs.html", {"title": "Dream runs", "nav": "runs", "runs": views.runs(h.server.home)}


def page_run(h: Handler, q: dict):
    from . import views

    data = views.run_detail(h.server.home, q.get("id", ""))
    if data is None:
        raise NotFound(f"no dream run {q.get('id', '')!r} (undone, or pruned from dream.json)", "see the Dream runs page")
    return "run.html", {"title": f"Dream run {data['run']['id']}", "nav": "runs", "data": data}


def page_timeline(h: Handler, q: dict):
    from .timeline import layout

    return "timeline.html", {"title": "Timeline", "nav": "timeline", "chart": layout(h.server.cache.timeline_counts())}


def page_context(h: Handler, q: dict):
    from . import views

    home = h.server.home
    project, task = q.get("project", "")[:200], q.get("task", "")[:2000]
    budget_s = q.get("budget", "") or "2000"
    try:
        budget = max(1, min(100_000, int(budget_s)))
    except ValueError:
        raise UsageError(f"budget {budget_s!r} is not a number of tokens", "give e.g. 2000") from None
    data = views.context_preview(home, project=project, task=task, budget=budget, now=q.get("now", "")[:40]) \
        if project or q.get("go") else None
    return "context.html", {"title": "Context preview", "nav": "context", "data": data, "projects": views.projects(home),
                            "form": {"project": project, "task": task, "budget": budget, "now": q.get("now", "")[:40]}}


def static_css(h: Handler, q: dict):
    return (HERE / "static" / "style.css").read_bytes(), "text/css; charset=utf-8"


GET_ROUTES = {
    "/": page_inbox, "/memories": page_memories, "/memory": page_memory, "/event": page_event, "/runs": page_runs,
    "/run": page_run, "/timeline": page_timeline, "/context": page_context, "/static/style.css": static_css,
}


# -- actions (the CLI's own functions) --------------------------------------------------------

def _memories_line(res) -> str:
    return "; ".join(f"{m['action']} {m['path']}" for m in res.memories) or "no memory written"


def act_approve(h: Handler, f: dict):
    from .. import curate

    res = curate.promote(h.server.home, f.get("sid", ""))
    target = next((m["path"] for m in res.memories if m["action"] in ("create", "strengthen")), None)
    msg = f"Approved: {_memories_line(res)}." + ("".join(f" Conflict: {p}: {w}" for p, w in res.conflicts))
    h._redirect(_memory_url(target) if target else "/", msg + f" Journal: {res.journal}")


def act_edit_approve(h: Handler, f: dict):
    from .edits import edit_then_promote

    res, edits = edit_then_promote(h.server.home, f.get("sid", ""), f.get("statement", ""))
    target = next((m["path"] for m in res.memories if m["action"] in ("create", "strengthen")), None)
    h._redirect(_memory_url(target) if target else "/",
                f"Approved with your wording: {_memories_line(res)}" + ("; text edited" if any(e.changed for e in edits) else "")
                + f". Journal: {res.journal}")


def act_reject(h: Handler, f: dict):
    from .. import curate

    res = curate.reject(h.server.home, f.get("sid", ""), reason=(f.get("reason") or "").strip()[:500] or None)
    h._redirect("/", f"Rejected {len(res.signals)} signal(s); the same statement is not proposed again. Journal: {res.journal}")


def act_edit(h: Handler, f: dict):
    from .edits import edit_memory

    res = edit_memory(h.server.home, f.get("path", ""), f.get("body", ""), f.get("checksum", ""))
    msg = (f"Saved {res.path}. Journal: {res.journal}" if res.changed else "Nothing changed.") + \
        "".join(f" Conflict: {c}" for c in res.conflicts)
    h._redirect(_memory_url(res.path), msg)


def _status_action(name: str):
    def act(h: Handler, f: dict):
        from .. import curate

        res = getattr(curate, name)(h.server.home, f.get("path", ""))
        path = res.memories[0]["path"] if res.memories else f.get("path", "")
        h._redirect(_memory_url(path), f"{name.capitalize()}: {_memories_line(res)}. Journal: {res.journal}")

    return act


def act_undo_edit(h: Handler, f: dict):
    from .edits import undo_edit

    res = undo_edit(h.server.home, f.get("op", ""))
    h._redirect(_memory_url(res.path), f"Edit undone: {res.path} is back as it was. Journal: {res.journal}")


def act_undo_run(h: Handler, f: dict):
    from ..dream_apply import undo_run

    res = undo_run(h.server.home, f.get("id", ""))
    h._redirect("/runs", f"Undid {res.run_id}: {len(res.restored)} file(s) restored, {len(res.removed)} removed, "
                         f"{res.signals} signal(s) back to pending. Journal: {res.journal}")


POST_ROUTES = {
    "/signal/approve": act_approve, "/signal/edit-approve": act_edit_approve, "/signal/reject": act_reject,
    "/memory/edit": act_edit, "/memory/forget": _status_action("forget"), "/memory/restore": _status_action("restore"),
    "/edit/undo": act_undo_edit, "/run/undo": act_undo_run,
}


# -- running ------------------------------------------------------------------------------

def _warm(srv: ReviewServer) -> None:
    try:
        srv.cache.timeline_counts()
    except Exception:  # noqa: BLE001 - the page will say what is wrong when it is opened
        pass


def serve(home: Home, *, host: str = "127.0.0.1", port: int = DEFAULT_PORT, token: str | None = None,
          open_browser: bool = True) -> int:
    """Run the review page until Ctrl-C (or SIGTERM); prints its URL on stderr."""
    import errno
    import signal

    token = check_token(token)
    try:
        srv = ReviewServer(home, host, port, token)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise HolonmemError(f"port {port} is already in use on {host}",
                                "give another with --port N, or --port 0 for any free port") from None
        raise
    sys.stderr.write(f"holonmem review page for {home.root}:\n  {srv.url}\n"
                     "(the token is needed on every request; Ctrl-C stops the server)\n")
    sys.stderr.flush()
    # the Timeline's counts read the whole ledger once; later pages read only what was appended
    threading.Thread(target=_warm, args=(srv,), daemon=True).start()
    if open_browser:
        import webbrowser

        threading.Thread(target=webbrowser.open, args=(srv.url,), daemon=True).start()

    def _stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    try:
        srv.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    sys.stderr.write("stopped\n")
    return 0

