"""Game ids are never reused: SQLite's `game.id` becomes AUTOINCREMENT.

Without it SQLite gives a new game the id of the last game deleted, and a window still holding the deleted
game would write into the new one. AUTOINCREMENT keeps the highest id ever given in `sqlite_sequence`.
PostgreSQL's sequences never go back: nothing to do there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table("game", recreate="always", table_kwargs={"sqlite_autoincrement": True}):
        pass


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    with op.batch_alter_table("game", recreate="always", table_kwargs={"sqlite_autoincrement": False}):
        pass
