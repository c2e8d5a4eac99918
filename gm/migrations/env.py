"""alembic's environment for the saves: run by `gm.migrations.upgrade` (with an open connection in
`config.attributes["connection"]`) or by `python -m gm.migrations ...` (with a URL)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine
from sqlalchemy.pool import NullPool
from sqlmodel import SQLModel

import gm.store  # noqa: F401 - registers the tables on SQLModel.metadata

config = context.config
target_metadata = SQLModel.metadata


def _url() -> str:
    url = config.attributes.get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        from gm.store import database_url

        url = database_url()
    return str(url)


def _configure(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, compare_type=True,
                      render_as_batch=connection.dialect.name == "sqlite")


def run_offline() -> None:
    url = _url()
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True, compare_type=True,
                      render_as_batch=url.startswith("sqlite"), dialect_opts={"paramstyle": "named"})
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:  # gm.migrations.upgrade: its transaction encloses everything
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(_url(), poolclass=NullPool)
    try:
        with engine.begin() as con:
            _configure(con)
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
