"""Jórvík's kit: the rules digest in three languages (its engine is not built yet, so the game can be asked
about but not played). Registered in gm/games/__init__.py."""

from __future__ import annotations

from pathlib import Path

from gm.kit import Kit

KIT = Kit("jorvik", "Jórvík", Path(__file__).parent)
