"""CLI commands: search (being written; no commands registered yet)."""

from __future__ import annotations
