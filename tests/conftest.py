"""Shared fixtures: every test gets its own agent_home under tmp_path.

``cli`` runs the real typer app in-process (typer's runner); ``hm`` runs the
real installed CLI as a subprocess (``python -m holonmem``) for what the
in-process runner cannot show (exit paths of ``main()``, fast paths, locks).

The suite owns its inputs: client samples live in ``tests/fixtures/clients``.
A guard (an audit hook on ``open``) fails any test that opens a file beside
the checkout (``../shared`` or any other sibling of the repository), so a
bare clone runs the same suite as this working tree; ``.ci/run`` proves it by
running ``make test`` from a copy of the checkout with nothing beside it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_HOME = ROOT / "sample_agent_home"
SAMPLE_EVENTS = SAMPLE_HOME / "import" / "events.jsonl"
FIXTURES = ROOT / "tests" / "fixtures"
CLIENT_SAMPLES = FIXTURES / "clients"
CLAUDE_CODE = CLIENT_SAMPLES / "claude_code"
CODEX = CLIENT_SAMPLES / "codex"


class OutsideRepository(OSError):
    """A test opened a file beside the checkout: a bare clone would not have it."""


def _beside_repo(path) -> str | None:
    """``path`` when it lies under the repository's parent folder but outside the repository."""
    try:
        p = os.path.abspath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None
    parent = str(ROOT.parent)
    if not p.startswith(parent + os.sep) or p == str(ROOT) or p.startswith(str(ROOT) + os.sep):
        return None
    return p


# A checkout placed straight in the temp folder has every temp file beside it.
_REPO_IN_TMP = str(ROOT.parent) == os.path.abspath(tempfile.gettempdir())


def _open_guard(event: str, args: tuple) -> None:
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        hit = _beside_repo(args[0])
        if hit is not None and not (_REPO_IN_TMP and hit.startswith(tempfile.gettempdir() + os.sep)):
            raise OutsideRepository(f"test opened {hit}, which is outside the repository "
                                    f"(a bare clone has no such file); put what the test needs in tests/fixtures/")


sys.addaudithook(_open_guard)

# pytest caches its assertion-rewritten test modules in tests/__pycache__ only when bytecode
# may be written; with PYTHONDONTWRITEBYTECODE set every worker re-rewrote all test modules
# at every run (~8 s of each worker's collection). Allow the writes while the test modules
# are collected; the tests themselves run with the setting as given.
#
# The processes the tests start (the CLI above all) keep what they compile, as on an
# installation a person uses: with PYTHONDONTWRITEBYTECODE in the environment, every
# consolidate, dream, doctor or review subprocess compiled its 200-400 regular expressions
# again (~0.2 s of CPU each; holonmem.rxcache keeps them only where bytecode may be written).
_DONT_WRITE_BYTECODE = sys.dont_write_bytecode
sys.dont_write_bytecode = False


def pytest_collection_finish(session):
    sys.dont_write_bytecode = _DONT_WRITE_BYTECODE
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


# The executable hands `context` and `hook` turns to a warm turn server (holonmem/cli/turn_server.py)
# that it starts in the background; the suite's processes run every command themselves, as they
# did before it existed, and tests/test_turn_server.py starts its servers on purpose.
os.environ["HOLONMEM_TURN_SERVER"] = "0"


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLONMEM_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("HOLONMEM_DEBUG", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "user"))


@pytest.fixture
def home(tmp_path):
    """An initialized, empty agent_home."""
    from holonmem.layout import init_home

    h, _ = init_home(tmp_path / "home")
    return h


def make_sample_home(dst: Path):
    """A copy of sample_agent_home at ``dst``, initialized and with its events ingested."""
    from holonmem.ingest import Source, ingest
    from holonmem.layout import init_home

    shutil.copytree(SAMPLE_HOME, dst, ignore=shutil.ignore_patterns(".holonmem"))  # (left by `make demo`)
    h, _ = init_home(dst)
    with open(SAMPLE_EVENTS, "rb") as fh:
        ingest(h, [Source(str(SAMPLE_EVENTS), fh)], fsync=False)
    return h


@pytest.fixture
def sample_home(tmp_path):
    """A copy of sample_agent_home, initialized and with its events ingested."""
    return make_sample_home(tmp_path / "home")


@pytest.fixture(scope="session")
def _dreamed_sample_template(tmp_path_factory):
    h = make_sample_home(tmp_path_factory.mktemp("dreamed-sample") / "home")
    for step in (("consolidate",), ("dream", "--force")):
        p = subprocess.run([sys.executable, "-m", "holonmem", "--home", str(h.root), *step], capture_output=True, text=True)
        assert p.returncode == 0, (step, p.stderr)
    return h


@pytest.fixture
def dreamed_sample_home(_dreamed_sample_template, tmp_path):
    """``sample_home`` after ``holonmem consolidate`` and ``holonmem dream --force`` (the real CLI):
    a copy of one built once per worker."""
    from holonmem.home import Home

    return Home(shutil.copytree(_dreamed_sample_template.root, tmp_path / "home", symlinks=True))


@pytest.fixture(scope="session")
def _indexed_sample_template(tmp_path_factory):
    from holonmem import index

    h = make_sample_home(tmp_path_factory.mktemp("indexed-sample") / "home")
    index.update(h)
    return h


@pytest.fixture
def indexed_sample_home(_indexed_sample_template, tmp_path):
    """``sample_home`` with its search index built: a copy (mtimes kept, so the index is up to
    date) of one built once per worker."""
    from holonmem.home import Home

    return Home(shutil.copytree(_indexed_sample_template.root, tmp_path / "home", symlinks=True))


class CliResult:
    def __init__(self, code: int, stdout: str, stderr: str):
        self.exit_code = code
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self) -> str:
        return f"<CliResult {self.exit_code} stdout={self.stdout[:300]!r} stderr={self.stderr[:300]!r}>"


@pytest.fixture
def cli():
    """Run the typer app in-process: ``cli("ingest", "f.jsonl", input=...)``."""
    from typer.testing import CliRunner

    from holonmem.cli import get_app

    app = get_app()
    runner = CliRunner()

    def run(*args, input: str | bytes | None = None, env: dict | None = None) -> CliResult:
        r = runner.invoke(app, [str(a) for a in args], input=input, env=env, catch_exceptions=False)
        return CliResult(r.exit_code, r.stdout, r.stderr)

    return run


@pytest.fixture
def hm():
    """Run ``python -m holonmem`` as a real subprocess."""

    def run(*args, input: str | bytes | None = None, env: dict | None = None, timeout: float = 120) -> CliResult:
        full_env = dict(os.environ)
        full_env.update(env or {})
        if isinstance(input, str):
            input = input.encode("utf-8")
        p = subprocess.run(
            [sys.executable, "-m", "holonmem", *[str(a) for a in args]],
            input=input, capture_output=True, env=full_env, timeout=timeout,
        )
        return CliResult(p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"))

    return run


@pytest.fixture
def inproc():
    """Run ``holonmem.cli.main(argv)`` in this process, as ``hm`` does in a subprocess:
    ``inproc("--home", h, "search", "x")`` (tests/inproc_support.py says which tests may)."""
    from inproc_support import run_main

    return run_main


@pytest.fixture(scope="session")
def serve_base_home(tmp_path_factory):
    """The review page's home (serve_support.build_home: the real CLI), built once per worker for
    test_serve.py and test_serve_browser.py; each test copies it."""
    from serve_support import build_home

    return build_home(tmp_path_factory.mktemp("serve-base") / "home")
