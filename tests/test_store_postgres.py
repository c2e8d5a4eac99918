"""Saves on PostgreSQL (any SQLAlchemy URL works through GM_DATABASE_URL).

Runs when GM_TEST_POSTGRES_URL points at a server where the user may create databases; `.ci/run` starts a
throwaway one with scripts/pg_test_server.sh. Without it these tests are skipped.
"""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import create_engine, text

from engine import load_game
from gm.session import Seat, Session
from gm.store import SaveError, Store

URL = os.environ.get("GM_TEST_POSTGRES_URL", "")
pytestmark = pytest.mark.skipif(not URL, reason="GM_TEST_POSTGRES_URL is not set")
G = load_game("odin")


@pytest.fixture
def pg_url():
    name = "gm_" + uuid.uuid4().hex[:12]
    admin = create_engine(URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as con:
        con.execute(text(f"CREATE DATABASE {name}"))
    url = URL.rsplit("/", 1)[0] + "/" + name
    yield url
    with admin.connect() as con:
        con.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
    admin.dispose()


def test_a_game_is_saved_and_resumed_on_postgres(pg_url):
    store = Store(pg_url)
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")], 5, {}, "en",
                    campaign="pg")
    s.run_bots("en", 0)
    for _ in range(10):
        if s.state.is_over:
            break
        assert s.handle(G.to_notation(G.legal_actions(s.state)[-1])).accepted
    again = Session.resume(Store(pg_url), s.game_id)
    assert again.state == s.state and again.log == s.log
    doc = store.export_game(s.game_id, secrets=True)
    assert store.load(store.import_game(doc)).state == s.state
    assert store.campaign("pg") is not None


def test_a_corrupt_log_is_refused_on_postgres(pg_url):
    store = Store(pg_url)
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 5, {}, "en")
    for _ in range(4):
        s.commit(G.legal_actions(s.state)[-1], "en", None)
    with store.engine.begin() as con:
        con.execute(text("UPDATE action SET notation = notation || ' ' WHERE ply = 2"))
    with pytest.raises(SaveError, match="damaged"):
        Store(pg_url).load(s.game_id)
