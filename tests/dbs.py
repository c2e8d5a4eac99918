"""Databases for the save tests: a SQLite file always, and a fresh PostgreSQL database per test when
GM_TEST_POSTGRES_URL points at a server where the user may create databases (`.ci/run` starts a throwaway
one with scripts/pg_test_server.sh). `DB_KINDS` parametrises a fixture over both; PostgreSQL cases are
skipped without a server."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

PG_URL = os.environ.get("GM_TEST_POSTGRES_URL", "")
needs_pg = pytest.mark.skipif(not PG_URL, reason="GM_TEST_POSTGRES_URL is not set")
DB_KINDS = [pytest.param("sqlite", id="sqlite"), pytest.param("postgres", id="postgres", marks=needs_pg)]


@contextmanager
def pg_database(prefix: str = "gm_") -> Iterator[str]:
    """A new, empty PostgreSQL database on the test server (dropped afterwards); yields its URL."""
    name = prefix + uuid.uuid4().hex[:12]
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as con:
        con.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield PG_URL.rsplit("/", 1)[0] + "/" + name
    finally:
        with admin.connect() as con:
            con.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'gm.sqlite3'}"
    else:
        with pg_database() as url:
            yield url


def execute(url: str, *statements: str, **params: Any) -> None:
    """Run SQL behind the game master's back (as someone editing the database by hand would)."""
    engine = create_engine(url)
    try:
        with engine.begin() as con:
            for sql in statements:
                con.execute(text(sql), params)
    finally:
        engine.dispose()


def query(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    engine = create_engine(url)
    try:
        with engine.connect() as con:
            return [tuple(row) for row in con.execute(text(sql), params)]
    finally:
        engine.dispose()
