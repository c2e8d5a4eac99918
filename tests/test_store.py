"""Saves: append in one transaction, replay and verify on load, refuse corrupt saves, export/import."""

from __future__ import annotations

import json
import sqlite3

import pytest

from engine import load_game
from gm.store import GENESIS, SaveError, Store

G = load_game("odin")
SEATS = [{"name": "Ana", "kind": "human", "bot": None, "lang": "de"},
         {"name": "Greedy", "kind": "bot", "bot": "greedy", "lang": None}]


def make_game(store: Store, moves: int = 12) -> tuple[int, object]:
    state = G.new_game(players=2, seed=7)
    gid = store.create_game("odin", SEATS, {}, 7, G.state_to_json(state))
    chain = GENESIS
    for ply in range(moves):
        action = G.legal_actions(state)[0]
        seat = state.decision.player
        state, _ = G.apply(state, action)
        chain = store.append(gid, ply, seat, G.to_notation(action), chain, G.state_to_json(state))
    return gid, state


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'gm.sqlite3'}"


def test_load_replays_the_log_to_the_same_state(db):
    store = Store(db)
    gid, state = make_game(store)
    loaded = Store(db).load(gid)
    assert loaded.state == state and len(loaded.log) == 12
    assert G.state_to_json(loaded.state) == G.state_to_json(state)


@pytest.mark.parametrize("sql,match", [
    ("UPDATE action SET notation = notation || ' ' WHERE ply = 3", "edited|not legal"),  # an edited row
    ("DELETE FROM action WHERE ply = 11", "damaged"),  # a removed row
    ("UPDATE game SET snapshot = substr(snapshot, 1, 40)", "saved position"),  # a truncated snapshot
    ("UPDATE game SET seats_json = '[{broken'", "header"),  # garbage in the header
    ("UPDATE action SET seat = 1 - seat WHERE ply = 0", "wrong seat|edited"),  # a move given to another seat
])
def test_a_damaged_save_is_refused_with_a_message_naming_the_damage(db, tmp_path, sql, match):
    store = Store(db)
    gid, _ = make_game(store)
    con = sqlite3.connect(tmp_path / "gm.sqlite3")
    con.execute(sql)
    con.commit()
    con.close()
    with pytest.raises(SaveError, match=match):
        Store(db).load(gid)


def test_append_refuses_a_stale_writer(db):
    store = Store(db)
    gid, state = make_game(store, moves=2)
    with pytest.raises(SaveError, match="changed elsewhere"):
        store.append(gid, 1, 0, "pass", GENESIS, G.state_to_json(state))


def test_missing_game(db):
    with pytest.raises(SaveError, match="no game"):
        Store(db).load(999)


def test_export_import_round_trip(db):
    store = Store(db)
    gid, state = make_game(store)
    doc = store.export_game(gid)
    json.dumps(doc)
    new_id = store.import_game(doc)
    assert new_id != gid and store.load(new_id).state == state


@pytest.mark.parametrize("doc", [[], {"format": "other"}, {"format": "viking-gm/game", "version": 9},
                                 {"format": "viking-gm/game", "version": 1, "game": "odin"}])
def test_import_refuses_foreign_files(db, doc):
    with pytest.raises(SaveError):
        Store(db).import_game(doc)


def test_import_refuses_an_illegal_log(db):
    store = Store(db)
    gid, _ = make_game(store)
    doc = store.export_game(gid)
    doc["actions"][2]["notation"] = "play K9 K8 K7 take B1"
    with pytest.raises(SaveError):
        store.import_game(doc)


def test_campaign_standings_and_truncate(db):
    store = Store(db)
    c = store.create_campaign("freitag", "odin", SEATS)
    state = G.scenario({"players": 2, "hands": [["R7"], ["O5", "O6"]], "center": ["P2"], "to_move": 0,
                        "target": "one_hand"})
    gid = store.create_game("odin", SEATS, {}, 1, G.state_to_json(state), c.id)
    assert store.latest_game(c.id).id == gid
    store.truncate(gid, 0, G.state_to_json(state))
    assert store.action_count(gid) == 0
    assert store.delete_campaign("freitag") and store.campaign("freitag") is None
