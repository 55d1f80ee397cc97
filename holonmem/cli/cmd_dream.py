"""CLI commands: dream (being written; no commands registered yet)."""

from __future__ import annotations
