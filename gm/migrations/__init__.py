"""Schema migrations of the saves (alembic), configured in code: no alembic.ini is needed at run time.

Every change to the tables in `gm/store.py` comes with a revision in `versions/` (and `HEAD` below moves
to it). `Store` brings any database to `HEAD` when it opens it (`upgrade`): a new one is created by the
revisions, one written before migrations existed (tables but no `alembic_version`) is stamped as 0001 first.

For developers:  python -m gm.migrations revision --autogenerate -m "what changes"
(any alembic command; the database is GM_DATABASE_URL or saves/gm.sqlite3).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.pool import NullPool

if TYPE_CHECKING:
    from alembic.config import Config

HERE = Path(__file__).resolve().parent
HEAD = "0004"  # the newest revision in versions/ (tests/test_migrations.py checks it)
BASELINE = "0001"  # the schema as it was before migrations existed
BASELINE_TABLES = frozenset({"campaign", "game", "action"})
_PG_LOCK = 0x676D_5341_5645  # any constant: serialises upgrades of one PostgreSQL database
log = logging.getLogger(__name__)


class MigrationError(Exception):
    """A database that cannot be brought to the current schema; the message says why."""


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """An alembic Config for our scripts; env.py uses `connection` when given, else `url`."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.set_main_option("path_separator", "os")
    if url is not None:
        cfg.attributes["url"] = url
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def current_revision(connection: Connection) -> str | None:
    """The revision a database is at (None: no alembic_version table, or an empty one). Cheap: no alembic."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def is_memory_sqlite(url: str) -> bool:
    return url.startswith("sqlite") and (":memory:" in url or url.rstrip("/").endswith("sqlite:"))


def _migration_engine(url: str) -> Engine:
    """An engine whose transactions really enclose DDL. SQLite's Python driver would commit each CREATE,
    ALTER or DROP on its own; here BEGIN IMMEDIATE is emitted instead, which also takes the write lock first,
    so two programs opening an old save at once upgrade it one after the other. Foreign keys are off while
    batch migrations copy tables (SQLite's advice) and checked once at the end."""
    engine = create_engine(url, poolclass=NullPool)
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # the driver emits no BEGIN/COMMIT of its own
            cur = dbapi_connection.cursor()
            cur.execute("PRAGMA foreign_keys=OFF")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def upgrade(engine: Engine, url: str | None = None) -> bool:
    """Bring the database behind `engine` to HEAD in one transaction; returns whether anything was done.

    `url` (default: the engine's) is opened separately for the upgrade itself, except for an in-memory
    SQLite database, which only `engine` can reach."""
    with engine.connect() as con:
        if current_revision(con) == HEAD:
            return False
    url = url or engine.url.render_as_string(hide_password=False)
    separate = not is_memory_sqlite(url)
    mig = _migration_engine(url) if separate else engine
    try:
        with mig.begin() as con:
            if con.dialect.name == "postgresql":
                con.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
            _upgrade(con)
    except MigrationError:
        raise
    except Exception as exc:
        raise MigrationError(f"the save could not be brought up to date ({type(exc).__name__}: {exc})") from exc
    finally:
        if separate:
            mig.dispose()
    return True


def _upgrade(con: Connection) -> None:
    from alembic import command

    tables = set(inspect(con).get_table_names())
    before = current_revision(con)
    if before == HEAD:
        return  # another program upgraded it while we waited for the lock
    cfg = alembic_config(con)
    if "alembic_version" not in tables and tables & BASELINE_TABLES:
        missing = BASELINE_TABLES - tables
        if missing:
            raise MigrationError(f"the save is incomplete: table {', '.join(sorted(missing))} is missing")
        command.stamp(cfg, BASELINE)  # written before migrations existed: it holds revision 0001
        before = BASELINE
    sqlite = con.dialect.name == "sqlite"
    # Rows that already pointed at missing rows stay as they were (loading names the damaged game); only a
    # dangling reference the upgrade itself would leave behind stops it.
    before_broken = set(map(tuple, con.exec_driver_sql("PRAGMA foreign_key_check").fetchall())) if sqlite else set()
    command.upgrade(cfg, "head")
    if sqlite:
        broken = [row for row in map(tuple, con.exec_driver_sql("PRAGMA foreign_key_check").fetchall())
                  if row not in before_broken]
        if broken:
            raise MigrationError(f"the save has rows pointing at missing rows: {broken[:3]}")
    log.info("save schema upgraded from %s to %s", before or "nothing", HEAD)
