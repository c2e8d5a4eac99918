"""Schema migrations: every database is brought to the current schema when a Store opens it.

tests/data/saves_v0.sqlite3 was written by the code before migrations existed (no alembic_version table):
game 1 is a finished ODIN game of 167 moves in campaign "freitag", game 2 an unfinished one of 25 moves in
the same campaign, game 3 a 5-move game without a campaign. The PostgreSQL cases run when
GM_TEST_POSTGRES_URL is set (see tests/test_store_postgres.py).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import threading
import uuid
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, MetaData, create_engine, inspect, text
from sqlmodel import SQLModel

from engine import load_game
from gm.migrations import BASELINE, HEAD, alembic_config, current_revision
from gm.store import SaveError, Store

G = load_game("odin")
V0 = Path(__file__).parent / "data" / "saves_v0.sqlite3"
PG_URL = os.environ.get("GM_TEST_POSTGRES_URL", "")
needs_pg = pytest.mark.skipif(not PG_URL, reason="GM_TEST_POSTGRES_URL is not set")
V0_MOVES = {1: 167, 2: 25, 3: 5}


@pytest.fixture
def v0(tmp_path: Path) -> Path:
    path = tmp_path / "saves_v0.sqlite3"
    shutil.copyfile(V0, path)
    return path


def url_of(path: Path) -> str:
    return f"sqlite:///{path}"


def revision_of(store: Store) -> str | None:
    with store.engine.connect() as con:
        return current_revision(con)


def schema_diff(store: Store) -> list[Any]:
    """What alembic's autogenerate finds between the database and the models (nothing, when up to date)."""
    with store.engine.connect() as con:
        return list(compare_metadata(MigrationContext.configure(con, opts={"compare_type": True}),
                                     SQLModel.metadata))


def shape(con: Connection) -> dict[str, Any]:
    """The tables of a database in comparable form: columns, primary keys, foreign keys, indexes, uniques."""
    insp = inspect(con)
    out: dict[str, Any] = {}
    for table in sorted(set(insp.get_table_names()) - {"alembic_version"}):
        out[table] = {
            "columns": [(c["name"], str(c["type"]), c["nullable"]) for c in insp.get_columns(table)],
            "pk": insp.get_pk_constraint(table)["constrained_columns"],
            "fks": sorted((tuple(f["constrained_columns"]), f["referred_table"], tuple(f["referred_columns"]))
                          for f in insp.get_foreign_keys(table)),
            "indexes": sorted((i["name"], tuple(i["column_names"]), bool(i["unique"]))
                              for i in insp.get_indexes(table)),
            "uniques": sorted((u["name"], tuple(u["column_names"])) for u in insp.get_unique_constraints(table)),
        }
    return out


def play_one_move(store: Store, gid: int) -> None:
    loaded = store.load(gid)
    action = G.legal_actions(loaded.state)[0]
    seat = loaded.state.decision.player
    after, _ = G.apply(loaded.state, action)
    result = {"scores": G.scores(after), "winners": G.winners(after)} if after.is_over else None
    store.append(gid, len(loaded.log), seat, G.to_notation(action), loaded.chain, G.state_to_json(after),
                 after.is_over, result)


def check_v0_games(store: Store) -> None:
    for gid, moves in V0_MOVES.items():
        loaded = store.load(gid)
        assert len(loaded.log) == moves and loaded.units == list(range(moves))
    first = store.load(1)
    assert first.status == "over" and first.campaign == "freitag" and first.options == {"target": 10}
    assert G.scores(first.state) == [2, 6, 12]
    assert store.load(3).campaign is None


# ---- the scripts ---------------------------------------------------------------------------------------------

def test_head_is_the_only_head_of_the_scripts():
    scripts = ScriptDirectory.from_config(alembic_config())
    assert scripts.get_heads() == [HEAD]
    assert [s.revision for s in scripts.walk_revisions()][-1] == BASELINE


def test_revision_0001_is_the_schema_written_before_migrations(tmp_path: Path):
    from alembic import command

    fresh = create_engine(url_of(tmp_path / "0001.sqlite3"))
    with fresh.begin() as con:
        command.upgrade(alembic_config(con), BASELINE)
    old = create_engine(url_of(V0))
    with fresh.connect() as a, old.connect() as b:
        assert shape(a) == shape(b)
    fresh.dispose()
    old.dispose()


# ---- SQLite --------------------------------------------------------------------------------------------------

def test_a_save_written_before_migrations_is_upgraded_and_still_loads(v0: Path):
    with sqlite3.connect(v0) as con:
        assert con.execute("SELECT count(*) FROM sqlite_master WHERE name = 'alembic_version'").fetchone() == (0,)
    store = Store(url_of(v0))
    assert revision_of(store) == HEAD and schema_diff(store) == []
    check_v0_games(store)
    standings = store.standings(1)
    assert standings.lower_score_wins and standings["Ana"] == {"games": 1, "wins": 1.0, "points": 2}
    play_one_move(store, 2)
    again = Store(url_of(v0))
    assert len(again.load(2).log) == 26 and again.load(2).units[-1] == 25
    check_v0_games_after = {gid: len(again.load(gid).log) for gid in V0_MOVES}
    assert check_v0_games_after == {1: 167, 2: 26, 3: 5}


def test_a_fresh_database_is_created_at_head(tmp_path: Path):
    store = Store(url_of(tmp_path / "new" / "gm.sqlite3"))
    assert revision_of(store) == HEAD and schema_diff(store) == []
    gid = store.create_game("odin", [{"name": "A"}, {"name": "B"}], {}, 1, G.state_to_json(G.new_game(2, 1)))
    assert store.load(gid).log == []


def test_a_database_opened_twice_is_left_alone(v0: Path):
    Store(url_of(v0))
    with sqlite3.connect(v0) as con:
        before = con.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    store = Store(url_of(v0))
    with sqlite3.connect(v0) as con:
        assert con.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == before
    assert revision_of(store) == HEAD
    check_v0_games(store)


def test_an_in_memory_database_works():
    store = Store("sqlite:///:memory:")
    assert revision_of(store) == HEAD and schema_diff(store) == []


def test_a_failed_upgrade_leaves_the_old_save_untouched(v0: Path):
    with sqlite3.connect(v0) as con:  # a duplicate move: the new unique (game_id, ply) cannot be created
        con.execute("INSERT INTO action (game_id, ply, seat, notation, chain, created_at) "
                    "SELECT game_id, ply, seat, notation, chain, created_at FROM action WHERE game_id = 3 AND ply = 4")
    with pytest.raises(SaveError, match="cannot be used"):
        Store(url_of(v0))
    with sqlite3.connect(v0) as con:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"campaign", "game", "action"}
        assert "unit" not in {r[1] for r in con.execute("PRAGMA table_info(action)")}
        con.execute("DELETE FROM action WHERE id = (SELECT max(id) FROM action)")
    check_v0_games(Store(url_of(v0)))  # repaired by hand: the upgrade goes through


def test_an_incomplete_old_save_is_refused(tmp_path: Path):
    path = tmp_path / "half.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE campaign (id INTEGER PRIMARY KEY, name VARCHAR)")
    with pytest.raises(SaveError, match="missing"):
        Store(url_of(path))


def test_two_programs_opening_an_old_save_at_once_both_succeed(v0: Path):
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            check_v0_games(Store(url_of(v0)))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with sqlite3.connect(v0) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]


# ---- PostgreSQL ----------------------------------------------------------------------------------------------

@pytest.fixture
def pg_url():
    name = "gm_mig_" + uuid.uuid4().hex[:12]
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as con:
        con.execute(text(f"CREATE DATABASE {name}"))
    url = PG_URL.rsplit("/", 1)[0] + "/" + name
    yield url
    with admin.connect() as con:
        con.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


def write_v0_schema_and_rows(url: str) -> None:
    """What the code before migrations left on PostgreSQL: revision 0001's tables without alembic_version,
    holding the rows of tests/data/saves_v0.sqlite3 (ids kept, sequences moved past them)."""
    from alembic import command

    engine = create_engine(url)
    src = sqlite3.connect(V0)
    src.row_factory = sqlite3.Row
    with engine.begin() as con:
        command.upgrade(alembic_config(con), BASELINE)
        con.execute(text("DROP TABLE alembic_version"))
        meta = MetaData()
        meta.reflect(con)
        for table in ("campaign", "game", "action"):
            rows = [dict(r) for r in src.execute(f"SELECT * FROM {table} ORDER BY id")]  # noqa: S608
            con.execute(meta.tables[table].insert(), rows)
            con.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"))
    src.close()
    engine.dispose()


@needs_pg
def test_a_save_written_before_migrations_is_upgraded_on_postgres(pg_url):
    write_v0_schema_and_rows(pg_url)
    store = Store(pg_url)
    assert revision_of(store) == HEAD and schema_diff(store) == []
    check_v0_games(store)
    play_one_move(store, 2)
    again = Store(pg_url)
    assert len(again.load(2).log) == 26
    check_v0_games_after = {gid: len(again.load(gid).log) for gid in V0_MOVES}
    assert check_v0_games_after == {1: 167, 2: 26, 3: 5}
    doc = again.export_game(1)
    assert json.loads(json.dumps(doc))["actions"][0]["unit"] == 0


@needs_pg
def test_a_fresh_postgres_database_is_created_at_head_and_reopened(pg_url):
    store = Store(pg_url)
    assert revision_of(store) == HEAD and schema_diff(store) == []
    again = Store(pg_url)
    assert revision_of(again) == HEAD
    gid = again.create_game("odin", [{"name": "A"}, {"name": "B"}], {}, 1, G.state_to_json(G.new_game(2, 1)))
    assert again.load(gid).units == []


# ---- 0003 and 0004: ids never reused, the chain covers the header ---------------------------------------------

def test_an_upgraded_save_never_reuses_a_game_id(v0: Path):
    store = Store(url_of(v0))
    with sqlite3.connect(v0) as con:
        assert "AUTOINCREMENT" in con.execute("SELECT sql FROM sqlite_master WHERE name = 'game'").fetchone()[0]
    assert store.delete_game(3)
    gid = store.create_game("odin", [{"name": "A"}, {"name": "B"}], {}, 1, G.state_to_json(G.new_game(2, 1)))
    assert gid == 4
    check = {g: len(store.load(g).log) for g in (1, 2)}
    assert check == {1: 167, 2: 25}


def test_an_upgraded_save_detects_swapped_seats(v0: Path):
    store = Store(url_of(v0))
    with sqlite3.connect(v0) as con:
        seats = json.loads(con.execute("SELECT seats_json FROM game WHERE id = 1").fetchone()[0])
        seats[1], seats[2] = {**seats[1], "kind": "bot", "bot": "greedy"}, {**seats[2], "kind": "human", "bot": None}
        con.execute("UPDATE game SET seats_json = ? WHERE id = 1", (json.dumps(seats),))
    with pytest.raises(SaveError, match="game 1 is damaged: its header"):
        store.load(1)
    assert len(store.load(2).log) == 25


def test_a_log_damaged_before_the_upgrade_is_still_refused_after_it(v0: Path):
    with sqlite3.connect(v0) as con:
        con.execute("UPDATE action SET notation = notation || ' ' WHERE game_id = 3 AND ply = 2")
    store = Store(url_of(v0))
    with pytest.raises(SaveError, match="game 3 is damaged: move 2 .* was edited"):
        store.load(3)
    assert [len(store.load(g).log) for g in (1, 2)] == [167, 25]


def test_a_dangling_campaign_id_does_not_stop_the_upgrade(v0: Path):
    with sqlite3.connect(v0) as con:
        con.execute("UPDATE game SET campaign_id = 9 WHERE id = 2")
    store = Store(url_of(v0))
    assert revision_of(store) == HEAD
    with pytest.raises(SaveError, match="game 2 is damaged: its campaign"):
        store.load(2)
    listed = {s.id: s.status for s in store.summaries()}
    assert listed == {1: "over", 2: "damaged", 3: "playing"}


def test_downgrading_0004_restores_the_old_chains(v0: Path):
    from alembic import command

    with sqlite3.connect(v0) as con:
        before = con.execute("SELECT id, chain FROM action ORDER BY id").fetchall()
    Store(url_of(v0))
    engine = create_engine(url_of(v0))
    with engine.begin() as con:
        command.downgrade(alembic_config(con), "0003")
    engine.dispose()
    with sqlite3.connect(v0) as con:
        assert con.execute("SELECT id, chain FROM action ORDER BY id").fetchall() == before
    check_v0_games(Store(url_of(v0)))  # and up again


@needs_pg
def test_an_upgraded_postgres_save_never_reuses_a_game_id_and_covers_the_header(pg_url):
    write_v0_schema_and_rows(pg_url)
    store = Store(pg_url)
    assert store.delete_game(3)
    assert store.create_game("odin", [{"name": "A"}, {"name": "B"}], {}, 1, G.state_to_json(G.new_game(2, 1))) == 4
    engine = create_engine(pg_url)
    with engine.begin() as con:
        con.execute(text("UPDATE game SET seed = 43 WHERE id = 1"))
    engine.dispose()
    with pytest.raises(SaveError, match="its header"):
        store.load(1)
