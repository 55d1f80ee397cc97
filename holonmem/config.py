"""Settings from ``holonmem.toml`` in the home, over built-in defaults.

Stdlib ``tomllib`` only, so reading the config stays cheap on per-turn paths.
"""

from __future__ import annotations

from .errors import HolonmemError
from .home import Home

DEFAULTS: dict[str, dict[str, object]] = {
    "ingest": {"max_line_bytes": 1024 * 1024, "parallel_bytes": 8 * 1024 * 1024},
    "redact": {"patterns": {}},
    "consolidate": {"idle_gap_minutes": 30},
    "dream": {"min_hours": 24, "min_sessions": 5, "pending_expiry_days": 30, "explicit_now": True},
    "context": {"budget": 2000, "operator_chars": 1500, "self_chars": 1500, "stale_days": 90},
    "heartbeat": {"min_new_events": 50},
    # path glob -> project name, first match wins (projects.py, docs/clients.md)
    "projects": {},
}

_cache: dict[str, tuple[float, dict]] = {}


def _copy(value):
    """A deep copy of settings (tables, arrays and immutable scalars, as tomllib makes them),
    without ``copy`` (it imports weakref and friends on every turn)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _headers_only(data: bytes) -> dict | None:
    """What tomllib makes of a file of comments, blank lines and plain ``[section]``
    headers (the file ``init`` writes, every key commented out): ``{section: {}}``;
    None for anything else. Spares the per-turn commands importing tomllib."""
    import re

    out: dict = {}
    for line in data.split(b"\n"):
        s = line.strip()
        if not s or s.startswith(b"#"):
            continue
        m = re.fullmatch(rb"\[([A-Za-z0-9_-]+)\][ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?", s)
        if m is None or m.group(1).decode() in out:
            return None
        out[m.group(1).decode()] = {}
    return out


def load_config(home: Home) -> dict[str, dict[str, object]]:
    """Merged settings; a broken file is a clear error naming the file."""
    cfg = _copy(DEFAULTS)
    path = home.config_path
    try:
        st = path.stat()
    except FileNotFoundError:
        _use_projects(cfg)
        return cfg
    key = str(path)
    hit = _cache.get(key)
    if hit and hit[0] == st.st_mtime:
        _use_projects(hit[1])
        return _copy(hit[1])
    from .fsio import open_regular

    with open_regular(path) as fh:
        data = fh.read()
    user = _headers_only(data)
    if user is None:
        import tomllib

        try:
            user = tomllib.loads(data.decode("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise HolonmemError(f"{path}: {exc}", "fix the TOML syntax in holonmem.toml") from None
    check(user, path)
    for section, values in user.items():
        if isinstance(values, dict):
            cfg.setdefault(section, {}).update(values)
    _cache[key] = (st.st_mtime, _copy(cfg))
    _use_projects(cfg)
    return cfg


def _use_projects(cfg: dict) -> None:
    """Hand this home's ``[projects]`` globs to the project naming the adapters use."""
    from .projects import use

    use(cfg.get("projects"))


def _bad(path, key: str, what: str, value) -> HolonmemError:
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    return HolonmemError(f"{path}: {key} = {shown}: {what}",
                         f"fix {key} in holonmem.toml (or remove it to use the default)")


def check(user: dict, path) -> None:
    """Refuse settings of the wrong type before anything uses them, naming the key:
    a section that is not a table, a number that is not a number, a
    ``[redact.patterns]`` entry that is not a valid regular expression."""
    for section, defaults in DEFAULTS.items():
        if section not in user:
            continue
        values = user[section]
        if not isinstance(values, dict):
            raise _bad(path, section, f"must be a table ([{section}])", values)
        for key, default in defaults.items():
            if key not in values:
                continue
            v = values[key]
            if isinstance(default, bool):
                if not isinstance(v, bool):
                    raise _bad(path, f"{section}.{key}", "must be true or false", v)
                continue
            if isinstance(default, (int, float)) and (isinstance(v, bool) or not isinstance(v, (int, float))):
                raise _bad(path, f"{section}.{key}", "must be a number", v)
            if isinstance(default, dict) and not isinstance(v, dict):
                raise _bad(path, f"{section}.{key}", "must be a table", v)
    patterns = (user.get("redact") or {}).get("patterns") or {}
    if patterns:
        import re

        for name, rx in patterns.items():
            if not isinstance(rx, str):
                raise _bad(path, f"redact.patterns.{name}", "must be a regular expression in a string", rx)
            try:
                re.compile(rx)
            except re.error as exc:
                raise _bad(path, f"redact.patterns.{name}", f"not a valid regular expression ({exc})", rx) from None
