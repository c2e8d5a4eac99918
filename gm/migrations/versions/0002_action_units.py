"""Units: the actions of one utterance are saved as one unit; one row per (game, ply).

`action.unit` is the ply of the first action of the unit the row belongs to; every existing row is a unit
of its own (unit = ply). The unique constraint on (game_id, ply) stops two writers from saving the same
move twice.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("action") as batch:
        batch.add_column(sa.Column("unit", sa.Integer(), nullable=True))
    op.execute("UPDATE action SET unit = ply")
    with op.batch_alter_table("action") as batch:
        batch.alter_column("unit", existing_type=sa.Integer(), nullable=False)
        batch.create_unique_constraint("uq_action_game_id_ply", ["game_id", "ply"])


def downgrade() -> None:
    with op.batch_alter_table("action") as batch:
        batch.drop_constraint("uq_action_game_id_ply", type_="unique")
        batch.drop_column("unit")
