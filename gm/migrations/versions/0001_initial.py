"""The schema as it was before migrations: campaign, game, action (as SQLModel created them).

Revision ID: 0001
Revises:
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("seats_json", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_campaign_name", "campaign", ["name"], unique=True)
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=True),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("seats_json", sa.String(), nullable=False),
        sa.Column("options_json", sa.String(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("snapshot", sa.String(), nullable=False),
        sa.Column("result_json", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_campaign_id", "game", ["campaign_id"], unique=False)
    op.create_table(
        "action",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("notation", sa.String(), nullable=False),
        sa.Column("chain", sa.String(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_action_game_id", "action", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_action_game_id", table_name="action")
    op.drop_table("action")
    op.drop_index("ix_game_campaign_id", table_name="game")
    op.drop_table("game")
    op.drop_index("ix_campaign_name", table_name="campaign")
    op.drop_table("campaign")
