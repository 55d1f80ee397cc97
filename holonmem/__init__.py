"""holonmem: a memory for long-running AI agents, made of plain, human-readable files."""

__version__ = "0.1.0"
