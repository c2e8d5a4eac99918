"""The chain of a game's moves starts from a hash of its header, which is also kept in `game.genesis`.

Before, every chain started from the constant "genesis", so the seats, options and seed were not covered:
swapping a bot and a human in `seats_json` went unnoticed. Now the first link is
sha256("viking-gm/header|" + the canonical JSON of {id, game, seats, options, seed}) (`gm.store.genesis`),
stored in the new column `game.genesis`, and every stored chain is recomputed from it.

This migration trusts the data it finds: a header edited before the upgrade becomes the header. The rows of
the log are checked against the old chain first; the chain is rewritten only up to the first row that does
not verify, so a log damaged before the upgrade is still refused afterwards, at the same move. A header that
cannot be read keeps an empty `genesis` and is refused on load, as before.

The hash functions are frozen copies: later changes to gm.store must not change what this revision writes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_GENESIS = "genesis"


def _chain_hash(previous: str, ply: int, seat: int, notation: str) -> str:
    return hashlib.sha256(f"{previous}|{ply}|{seat}|{notation}".encode()).hexdigest()[:32]


def _genesis(game_id: int, game: str, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
             seed: int) -> str:
    header = {"id": game_id, "game": game,
              "seats": [{"name": s.get("name"), "kind": s.get("kind", "human"), "bot": s.get("bot"),
                         "lang": s.get("lang")} for s in seats],
              "options": dict(options), "seed": seed}
    text = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"viking-gm/header|{text}".encode()).hexdigest()[:32]


def _header_genesis(row: Any) -> str | None:
    try:
        seats = json.loads(row.seats_json)
        options = json.loads(row.options_json)
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats) \
                or not isinstance(options, dict) or not isinstance(row.seed, int):
            return None
        return _genesis(int(row.id), str(row.game), seats, options, row.seed)
    except (ValueError, TypeError, RecursionError):
        return None


def _rechain(bind: sa.Connection, start: Any, old_start: Any) -> None:
    """Rewrite every game's chain from `start(row)` where it verifies from `old_start(row)`."""
    games = bind.execute(sa.text("SELECT id, game, seats_json, options_json, seed FROM game ORDER BY id")).all()
    for g in games:
        new, old = start(g), old_start(g)
        if new is None or old is None:
            continue
        actions = bind.execute(sa.text("SELECT id, ply, seat, notation, chain FROM action WHERE game_id = :g "
                                       "ORDER BY ply"), {"g": g.id}).all()
        for a in actions:
            old = _chain_hash(old, a.ply, a.seat, a.notation)
            if a.chain != old:
                break  # damaged before the upgrade: leave it (and all after it) as found, to be refused on load
            new = _chain_hash(new, a.ply, a.seat, a.notation)
            bind.execute(sa.text("UPDATE action SET chain = :c WHERE id = :id"), {"c": new, "id": a.id})


KEEP = {"sqlite_autoincrement": True}  # a table SQLite's batch mode copies keeps 0003's AUTOINCREMENT


def upgrade() -> None:
    with op.batch_alter_table("game", table_kwargs=KEEP) as batch:
        batch.add_column(sa.Column("genesis", sa.String(), nullable=True))
    bind = op.get_bind()
    _rechain(bind, _header_genesis, lambda _g: OLD_GENESIS)
    for g in bind.execute(sa.text("SELECT id, game, seats_json, options_json, seed FROM game")).all():
        bind.execute(sa.text("UPDATE game SET genesis = :h WHERE id = :id"), {"h": _header_genesis(g) or "",
                                                                             "id": g.id})
    with op.batch_alter_table("game", table_kwargs=KEEP) as batch:
        batch.alter_column("genesis", existing_type=sa.String(), nullable=False)


def downgrade() -> None:
    bind = op.get_bind()
    _rechain(bind, lambda _g: OLD_GENESIS, _header_genesis)
    with op.batch_alter_table("game", table_kwargs=KEEP) as batch:
        batch.drop_column("genesis")
