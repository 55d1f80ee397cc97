"""Settings from ``holonmem.toml`` in the home, over built-in defaults.

Stdlib ``tomllib`` only, so reading the config stays cheap on per-turn paths.
"""

from __future__ import annotations

import copy
from typing import Any

from .errors import HolonmemError
from .home import Home

DEFAULTS: dict[str, dict[str, Any]] = {
    "ingest": {"max_line_bytes": 1024 * 1024, "parallel_bytes": 8 * 1024 * 1024},
    "redact": {"patterns": {}},
    "consolidate": {"idle_gap_minutes": 30},
    "dream": {"min_hours": 24, "min_sessions": 5, "pending_expiry_days": 30},
    "context": {"budget": 2000, "operator_chars": 1500, "self_chars": 1500, "stale_days": 90},
    "heartbeat": {"min_new_events": 50},
    # path glob -> project name, first match wins (projects.py, docs/clients.md)
    "projects": {},
}

_cache: dict[str, tuple[float, dict]] = {}


def load_config(home: Home) -> dict[str, dict[str, Any]]:
    """Merged settings; a broken file is a clear error naming the file."""
    cfg = copy.deepcopy(DEFAULTS)
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
        return copy.deepcopy(hit[1])
    import tomllib

    try:
        with open(path, "rb") as fh:
            user = tomllib.load(fh)
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise HolonmemError(f"{path}: {exc}", "fix the TOML syntax in holonmem.toml") from None
    for section, values in user.items():
        if isinstance(values, dict):
            cfg.setdefault(section, {}).update(values)
    _cache[key] = (st.st_mtime, copy.deepcopy(cfg))
    _use_projects(cfg)
    return cfg


def _use_projects(cfg: dict) -> None:
    """Hand this home's ``[projects]`` globs to the project naming the adapters use."""
    from .projects import use

    use(cfg.get("projects"))
