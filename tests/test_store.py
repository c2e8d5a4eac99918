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


# ---- units: the actions of one utterance, saved and taken back together --------------------------------------

def play_unit(store: Store, gid: int, state, first: int, chain: str, n: int) -> tuple[object, str]:
    steps = []
    for _ in range(n):
        action = G.legal_actions(state)[0]
        steps.append((state.decision.player, G.to_notation(action)))
        state, _ = G.apply(state, action)
    return state, store.append_unit(gid, first, steps, chain, G.state_to_json(state))


def test_a_unit_of_several_actions_is_saved_at_once_and_loaded_with_its_units(db):
    store = Store(db)
    state = G.new_game(players=2, seed=7)
    gid = store.create_game("odin", SEATS, {}, 7, G.state_to_json(state))
    state, chain = play_unit(store, gid, state, 0, GENESIS, 1)
    state, chain = play_unit(store, gid, state, 1, chain, 3)
    state, chain = play_unit(store, gid, state, 4, chain, 2)
    loaded = Store(db).load(gid)
    assert loaded.units == [0, 1, 1, 1, 4, 4] and len(loaded.log) == 6
    assert loaded.state == state and loaded.chain == chain
    doc = store.export_game(gid)
    assert [a["unit"] for a in doc["actions"]] == [0, 1, 1, 1, 4, 4]
    assert store.load(store.import_game(doc)).units == loaded.units
    store.truncate(gid, 4, G.state_to_json(G.new_game(players=2, seed=7)))  # undo the last unit
    with sqlite3.connect(db.removeprefix("sqlite:///")) as con:
        assert con.execute("SELECT ply, unit FROM action WHERE game_id = ? ORDER BY ply", (gid,)).fetchall() == [
            (0, 0), (1, 1), (2, 1), (3, 1)]


def test_the_chain_of_a_unit_is_the_chain_of_its_actions_one_by_one(db):
    store = Store(db)
    a = store.create_game("odin", SEATS, {}, 7, "")
    b = store.create_game("odin", SEATS, {}, 7, "")
    steps = [(0, "x"), (1, "y"), (0, "z")]
    chain = GENESIS
    for ply, (seat, n) in enumerate(steps):
        chain = store.append(a, ply, seat, n, chain, "")
    assert store.append_unit(b, 0, steps, GENESIS, "") == chain


def test_a_unit_is_all_or_nothing(db, tmp_path):
    store = Store(db)
    gid, state = make_game(store, moves=2)
    loaded = store.load(gid)
    with pytest.raises(ValueError):
        store.append_unit(gid, 2, [], loaded.chain, G.state_to_json(state))
    with pytest.raises(SaveError, match="changed elsewhere"):  # a stale writer: nothing of the unit is written
        store.append_unit(gid, 1, [(0, "pass"), (1, "pass")], loaded.chain, G.state_to_json(state))
    assert store.action_count(gid) == 2


def test_a_second_writer_of_the_same_ply_is_refused_by_the_database(db):
    store = Store(db)
    gid, state = make_game(store, moves=2)
    loaded = store.load(gid)
    con = sqlite3.connect(db.removeprefix("sqlite:///"))
    con.execute("UPDATE game SET ply = 1 WHERE id = ?", (gid,))  # as if the header had not been moved on yet
    con.commit()
    con.close()
    with pytest.raises(SaveError, match="changed elsewhere"):
        store.append(gid, 1, 0, "pass", loaded.chain, G.state_to_json(state))


def test_a_broken_unit_is_refused_on_load(db, tmp_path):
    store = Store(db)
    gid, _ = make_game(store, moves=4)
    con = sqlite3.connect(tmp_path / "gm.sqlite3")
    con.execute("UPDATE action SET unit = 0 WHERE ply = 2")  # ply 1 is a unit of its own: 2 cannot join unit 0
    con.commit()
    con.close()
    with pytest.raises(SaveError, match="move 2 belongs to no unit"):
        Store(db).load(gid)


# ---- replay errors name the game and the move ---------------------------------------------------------------

def test_an_illegal_move_in_the_log_is_named(db, tmp_path):
    store = Store(db)
    gid, _ = make_game(store, moves=6)
    rows = store.load(gid).log
    # rewrite move 3 into an illegal one and fix the chain, so only the replay can tell
    from gm.store import chain_hash

    con = sqlite3.connect(tmp_path / "gm.sqlite3")
    chain = GENESIS
    for ply, (seat, notation) in enumerate(rows):
        if ply == 3:
            notation = "play K9 K8 K7 take B1"
        chain = chain_hash(chain, ply, seat, notation)
        con.execute("UPDATE action SET notation = ?, chain = ? WHERE game_id = ? AND ply = ?",
                    (notation, chain, gid, ply))
    con.commit()
    con.close()
    with pytest.raises(SaveError, match=rf"game {gid} is damaged: move 3 \('play K9 K8 K7 take B1'\) is not legal"):
        Store(db).load(gid)


def test_import_names_the_bad_move(db):
    store = Store(db)
    gid, _ = make_game(store)
    doc = store.export_game(gid)
    doc["actions"][4]["seat"] = 1 - doc["actions"][4]["seat"]
    with pytest.raises(SaveError, match="cannot be imported: move 4"):
        store.import_game(doc)
    doc = store.export_game(gid)
    doc["options"] = {"no_such_option": 1}
    with pytest.raises(SaveError, match="set-up"):
        store.import_game(doc)


# ---- import is one transaction -------------------------------------------------------------------------------

def test_an_import_that_fails_midway_leaves_nothing_behind(db):
    from sqlalchemy import event

    from gm.store import ActionRow

    store = Store(db)
    gid, _ = make_game(store, moves=12)
    doc = store.export_game(gid)
    doc["campaign"] = "brand-new"
    inserted: list[int] = []

    def boom(_mapper, _connection, target):
        inserted.append(target.ply)
        if len(inserted) == 5:
            raise RuntimeError("the disk is full")

    event.listen(ActionRow, "after_insert", boom)
    try:
        with pytest.raises(RuntimeError, match="disk is full"):
            store.import_game(doc)
    finally:
        event.remove(ActionRow, "after_insert", boom)
    assert len(inserted) == 5  # rows were written before the failure ...
    assert [g.id for g in store.games()] == [gid]  # ... and rolled back with the game row
    assert store.campaign("brand-new") is None
    assert store.action_count(gid) == 12
    new_id = store.import_game(doc)  # the same file goes in whole afterwards
    assert store.load(new_id).campaign == "brand-new" and len(store.load(new_id).log) == 12


def test_an_imported_finished_game_counts_in_the_standings(db):
    store = Store(db)
    state = G.new_game(players=2, seed=3, options={"target": "one_hand"})
    log = []
    while not state.is_over:
        action = G.legal_actions(state)[0]
        log.append({"seat": state.decision.player, "notation": G.to_notation(action)})
        state, _ = G.apply(state, action)
    doc = {"format": "viking-gm/game", "version": 1, "game": "odin", "seats": SEATS, "options": {"target": "one_hand"},
           "seed": 3, "campaign": "liga", "actions": log}  # an export from before units: no "unit" keys
    gid = store.import_game(doc)
    loaded = store.load(gid)
    assert loaded.status == "over" and loaded.units == list(range(len(log)))
    standings = store.standings(store.campaign("liga").id)
    assert sum(r["games"] for r in standings.values()) == 2


# ---- standings ----------------------------------------------------------------------------------------------

def finished(store: Store, campaign_id: int, names: list[str], scores: list[int], winners: list[int],
             game: str = "odin") -> None:
    seats = [{"name": n, "kind": "human", "bot": None, "lang": "en"} for n in names]
    gid = store.create_game(game, seats, {}, 1, "", campaign_id)
    from sqlmodel import Session

    from gm.store import GameRow

    with Session(store.engine) as s:
        g = s.get(GameRow, gid)
        g.status = "over"
        g.result_json = json.dumps({"scores": scores, "winners": winners})
        s.add(g)
        s.commit()


def test_standings_split_shared_wins_and_rank_by_the_games_order(db):
    store = Store(db)
    c = store.create_campaign("freitag", "odin", SEATS)
    finished(store, c.id, ["Ana", "Ben", "Cleo"], [3, 3, 9], [0, 1])  # a shared win
    finished(store, c.id, ["Ana", "Ben", "Cleo"], [8, 2, 5], [1])
    finished(store, c.id, ["Ana", "Ben", "Cleo"], [1, 12, 6], [0])
    store.create_game("odin", SEATS, {}, 1, "", c.id)  # unfinished: not counted
    st = store.standings(c.id)
    assert st.lower_score_wins is True  # ODIN: the fewest points win
    assert st["Ana"] == {"games": 3, "wins": 1.5, "points": 12}
    assert st["Ben"] == {"games": 3, "wins": 1.5, "points": 17}
    assert st["Cleo"] == {"games": 3, "wins": 0.0, "points": 20}
    assert [name for name, _ in store.standings_sorted(c.id)] == ["Ana", "Ben", "Cleo"]  # tie on wins: fewer points


def test_standings_rank_higher_points_first_when_the_game_says_so(db, monkeypatch):
    import gm.store as store_module

    store = Store(db)
    c = store.create_campaign("liga", "odin", SEATS)
    finished(store, c.id, ["Ana", "Ben"], [10, 3], [0, 1])
    monkeypatch.setattr(store_module, "_lower_score_wins", lambda game: False)
    st = store.standings(c.id)
    assert st.lower_score_wins is False
    assert [name for name, _ in store.standings_sorted(c.id)] == ["Ana", "Ben"]
    assert store.standings(999) == {} and store.standings_sorted(999) == []
