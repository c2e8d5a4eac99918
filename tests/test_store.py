"""Saves: append in one transaction, replay and verify on load, refuse corrupt saves, export/import.

Every test runs on SQLite, and on PostgreSQL too when GM_TEST_POSTGRES_URL is set (tests/dbs.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import load_game
from gm.store import (
    MAX_SEED,
    GameGone,
    GameMovedOn,
    SaveError,
    Store,
    chain_hash,
    genesis,
)
from tests.dbs import DB_KINDS, database, execute, query

G = load_game("odin")
SEATS = [{"name": "Ana", "kind": "human", "bot": None, "lang": "de"},
         {"name": "Greedy", "kind": "bot", "bot": "greedy", "lang": None}]


def make_game(store: Store, moves: int = 12, seed: int = 7, campaign_id: int | None = None,
              seats: list[dict] | None = None, options: dict | None = None) -> tuple[int, object]:
    seats = seats or SEATS
    state = G.new_game(players=len(seats), seed=seed, options=options or {})
    gid = store.create_game("odin", seats, options or {}, seed, G.state_to_json(state), campaign_id)
    chain = store.load(gid).chain
    for ply in range(moves):
        action = G.legal_actions(state)[0]
        seat = state.decision.player
        state, _ = G.apply(state, action)
        result = {"scores": G.scores(state), "winners": G.winners(state)} if state.is_over else None
        chain = store.append(gid, ply, seat, G.to_notation(action), chain, G.state_to_json(state), state.is_over,
                             result)
        if state.is_over:
            break
    return gid, state


def finish_game(store: Store, seed: int, campaign_id: int | None = None, seats: list[dict] | None = None) -> int:
    """A whole one-hand game, played to its end."""
    gid, state = make_game(store, moves=10_000, seed=seed, campaign_id=campaign_id, seats=seats,
                           options={"target": "one_hand"})
    assert state.is_over
    return gid


@pytest.fixture(params=DB_KINDS)
def db(request, tmp_path):
    with database(request.param, tmp_path) as url:
        yield url


def test_load_replays_the_log_to_the_same_state(db):
    store = Store(db)
    gid, state = make_game(store)
    loaded = Store(db).load(gid)
    assert loaded.state == state and len(loaded.log) == 12
    assert G.state_to_json(loaded.state) == G.state_to_json(state)
    assert loaded.genesis == genesis(gid, "odin", SEATS, {}, 7) != "genesis"


SWAP_SEATS = json.dumps([{"name": "Greedy", "kind": "bot", "bot": "greedy", "lang": None},
                         {"name": "Ana", "kind": "human", "bot": None, "lang": "de"}])
KINDS_SWAPPED = json.dumps([{"name": "Ana", "kind": "bot", "bot": "greedy", "lang": None},
                            {"name": "Greedy", "kind": "human", "bot": None, "lang": "de"}])


@pytest.mark.parametrize("sql,match", [
    ("UPDATE action SET notation = notation || ' ' WHERE ply = 3", "edited|not legal"),  # an edited row
    ("DELETE FROM action WHERE ply = 11", "damaged"),  # a removed row
    ("UPDATE game SET snapshot = substr(snapshot, 1, 40)", "saved position"),  # a truncated snapshot
    ("UPDATE game SET seats_json = '[{broken'", "header"),  # garbage in the header
    ("UPDATE action SET seat = 1 - seat WHERE ply = 0", "wrong seat|edited"),  # a move given to another seat
    (f"UPDATE game SET seats_json = '{SWAP_SEATS}'", "header"),  # the seats swapped
    (f"UPDATE game SET seats_json = '{KINDS_SWAPPED}'", "header"),  # a bot and a human swapped
    ("UPDATE game SET seed = 8", "header"),  # another seed: other hands
    ("UPDATE game SET options_json = '{\"target\": 20}'", "header"),  # other options
    # the last move deleted, the header moved back and the snapshot emptied (it used to skip the check)
    ("DELETE FROM action WHERE ply = 11; UPDATE game SET ply = 11, snapshot = ''", "saved position is missing"),
])
def test_a_damaged_save_is_refused_with_a_message_naming_the_damage(db, sql, match):
    store = Store(db)
    gid, _ = make_game(store)
    execute(db, *sql.split("; "))
    with pytest.raises(SaveError, match=match) as err:
        Store(db).load(gid)
    assert f"game {gid}" in str(err.value)


def test_the_header_of_a_game_without_moves_is_covered_too(db):
    store = Store(db)
    gid, _ = make_game(store, moves=0)
    store.load(gid)
    execute(db, f"UPDATE game SET seats_json = '{KINDS_SWAPPED}'")
    with pytest.raises(SaveError, match="header"):
        store.load(gid)


def test_append_refuses_a_stale_writer(db):
    store = Store(db)
    gid, state = make_game(store, moves=2)
    with pytest.raises(GameMovedOn, match="changed elsewhere"):
        store.append(gid, 1, 0, "pass", store.load(gid).chain, G.state_to_json(state))


def test_append_refuses_a_writer_whose_log_differs_at_the_same_ply(db):
    """The ABA case: the game was taken back and played again to the same ply with another move."""
    store = Store(db)
    gid, state = make_game(store, moves=3)
    stale = store.load(gid)  # another window holds the game at ply 3
    fresh = store.load(gid)
    start = G.new_game(players=2, seed=7)
    after_two = G.apply(G.apply(start, G.from_notation(start, fresh.log[0][1]))[0],
                        G.from_notation(G.apply(start, G.from_notation(start, fresh.log[0][1]))[0],
                                        fresh.log[1][1]))[0]
    head_two = chain_hash(chain_hash(fresh.genesis, 0, *fresh.log[0]), 1, *fresh.log[1])
    store.truncate(gid, 2, G.state_to_json(after_two), at=3, head=fresh.chain)
    other = G.legal_actions(after_two)[-1]
    assert G.to_notation(other) != fresh.log[2][1]
    after, _ = G.apply(after_two, other)
    store.append(gid, 2, after_two.decision.player, G.to_notation(other), head_two, G.state_to_json(after))
    action = G.legal_actions(stale.state)[0]
    with pytest.raises(GameMovedOn):
        store.append(gid, 3, stale.state.decision.player, G.to_notation(action), stale.chain,
                     G.state_to_json(G.apply(stale.state, action)[0]))
    assert len(store.load(gid).log) == 3


def test_a_stale_truncate_never_deletes_moves_made_elsewhere(db):
    store = Store(db)
    gid, _ = make_game(store, moves=4)
    mine = store.load(gid)  # this window: its last unit is ply 3
    other = Store(db)
    loaded = other.load(gid)
    action = G.legal_actions(loaded.state)[0]
    after, _ = G.apply(loaded.state, action)
    other.append(gid, 4, loaded.state.decision.player, G.to_notation(action), loaded.chain, G.state_to_json(after))
    before_undo = G.new_game(players=2, seed=7)
    with pytest.raises(GameMovedOn):
        store.truncate(gid, 3, G.state_to_json(before_undo), at=len(mine.log), head=mine.chain)
    assert len(store.load(gid).log) == 5  # the move made elsewhere is still there


def test_writes_to_a_deleted_game_are_refused(db):
    store = Store(db)
    gid, state = make_game(store, moves=2)
    loaded = store.load(gid)
    assert Store(db).delete_game(gid)
    with pytest.raises(GameGone):
        store.append(gid, 2, 0, "pass", loaded.chain, G.state_to_json(state))
    with pytest.raises(GameGone):
        store.truncate(gid, 1, G.state_to_json(state), at=2, head=loaded.chain)
    with pytest.raises(SaveError, match="no game"):
        store.load(gid)


def test_game_ids_are_never_reused(db):
    store = Store(db)
    first, _ = make_game(store, moves=1)
    second, state = make_game(store, moves=1)
    stale = store.load(second)
    assert store.delete_game(second)
    third, _ = make_game(store, moves=0)
    assert third > second > first
    with pytest.raises(GameGone):  # the window that held the deleted game cannot write into the new one
        store.append(second, 1, 0, "pass", stale.chain, G.state_to_json(state))
    assert store.load(third).log == []


def test_missing_game(db):
    with pytest.raises(SaveError, match="no game"):
        Store(db).load(999)


def test_export_import_round_trip(db):
    store = Store(db)
    gid, state = make_game(store)
    doc = store.export_game(gid, secrets=True)
    json.dumps(doc)
    new_id = store.import_game(doc)
    assert new_id != gid and store.load(new_id).state == state


def test_the_export_of_a_game_in_play_reveals_nothing_hidden(db):
    store = Store(db)
    gid, state = make_game(store)
    doc = store.export_game(gid)
    assert doc["format"] == "viking-gm/public-record"
    assert "seed" not in doc and "actions" not in doc and doc["moves"] == 12
    text = json.dumps(doc)
    for seat in range(2):
        for card in G.view(state, seat).hand:
            assert f'"{card}"' not in text
    with pytest.raises(SaveError, match="public record") as err:
        store.import_game(doc)
    assert "\n" not in str(err.value)


def test_a_finished_game_exports_whole_and_imports(db):
    store = Store(db)
    gid = finish_game(store, seed=3)
    doc = store.export_game(gid)
    assert doc["format"] == "viking-gm/game" and doc["seed"] == 3 and doc["actions"]
    assert store.load(store.import_game(doc)).status == "over"


@pytest.mark.parametrize("doc", [[], {"format": "other"}, {"format": "viking-gm/game", "version": 9},
                                 {"format": "viking-gm/game", "version": 1, "game": "odin"}])
def test_import_refuses_foreign_files(db, doc):
    with pytest.raises(SaveError):
        Store(db).import_game(doc)


def test_import_refuses_an_illegal_log(db):
    store = Store(db)
    gid, _ = make_game(store)
    doc = store.export_game(gid, secrets=True)
    doc["actions"][2]["notation"] = "play K9 K8 K7 take B1"
    with pytest.raises(SaveError):
        store.import_game(doc)


def valid_doc(store: Store) -> dict:
    gid, _ = make_game(store, moves=6)
    return store.export_game(gid, secrets=True)


def _set(doc: dict, path: str, value: object) -> dict:
    doc = json.loads(json.dumps(doc))
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return doc


@pytest.mark.parametrize("path,value,match", [
    ("seats", "Ana,Ben", "seats"),  # seats of the wrong type
    ("seats.0", ["Ana", "human"], "seats.0"),
    ("seats.0.kind", "robot", "seats.0.kind"),
    ("seats.0.name", 7, "seats.0.name"),
    ("seats.0.name", "", "seats.0.name"),
    ("seats.0.name", "Ana\x1b[2J", "control characters"),
    ("seats.0.lang", "xx", "language"),
    ("seats.1.bot", "genius", "unknown bot"),  # an unknown bot
    ("seats.0.bot", "greedy", "human with a bot"),
    ("seed", 7.9, "seed"),
    ("seed", 2**70, "seed"),
    ("seed", -1, "seed"),
    ("seed", True, "seed"),
    ("seed", "7", "seed"),
    ("options", [], "options"),
    ("options", {"target": {"deep": 1}}, "options"),
    ("actions.0.seat", 5, "seat"),
    ("actions.0.seat", "0", "actions.0.seat"),
    ("actions.0.notation", None, "actions.0.notation"),
    ("actions.1.unit", 7, "unit"),
    ("campaign", "", "campaign"),
    ("campaign", 3, "campaign"),
    ("game", "chess", "chess"),
    ("surprise", 1, "surprise"),
])
def test_import_validates_the_whole_document_before_writing(db, path, value, match):
    store = Store(db)
    doc = _set(valid_doc(store), path, value)
    before = store.game_ids()
    with pytest.raises(SaveError, match=match) as err:
        store.import_game(doc)
    assert "\n" not in str(err.value) and len(str(err.value)) < 300
    assert store.game_ids() == before


def test_import_refuses_a_campaign_of_another_game(db, monkeypatch):
    store = Store(db)
    doc = valid_doc(store)
    store.create_campaign("liga", "jorvik", [])
    with pytest.raises(SaveError, match="campaign 'liga' is a campaign of jorvik"):
        store.import_game({**doc, "campaign": "liga"})


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=30), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)
PATHS = ["game", "seats", "seats.0", "seats.0.name", "seats.0.kind", "seats.0.bot", "seats.0.lang", "seats.1.kind",
         "seats.1.bot", "options", "seed", "campaign", "actions", "actions.0", "actions.0.seat",
         "actions.0.notation", "actions.2.unit", "actions.5.notation", "version"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.sampled_from(PATHS), JSON), min_size=1, max_size=3))
def test_nothing_imported_breaks_saves_or_resume(tmp_path_factory, edits):
    """Whatever an edited export holds, import refuses it with SaveError, or the game it writes loads,
    is listed, and resumes with its bots playing on."""
    from gm.session import Session

    store = Store(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'gm.sqlite3'}")
    doc = valid_doc(store)
    for path, value in edits:
        try:
            doc = _set(doc, path, value)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    try:
        gid = store.import_game(doc)
    except SaveError as exc:
        assert "\n" not in str(exc)
        return
    loaded = store.load(gid)
    assert any(s.id == gid and s.status != "damaged" for s in store.summaries())
    session = Session.from_loaded(store, loaded, "en")
    session.run_bots("en", None)


def test_campaign_standings_and_truncate(db):
    store = Store(db)
    c = store.create_campaign("freitag", "odin", SEATS)
    state = G.scenario({"players": 2, "hands": [["R7"], ["O5", "O6"]], "center": ["P2"], "to_move": 0,
                        "target": "one_hand"})
    gid = store.create_game("odin", SEATS, {}, 1, G.state_to_json(state), c.id)
    assert store.latest_game_id(c.id) == gid
    head = genesis(gid, "odin", SEATS, {}, 1)
    store.truncate(gid, 0, G.state_to_json(state), at=0, head=head)
    assert store.action_count(gid) == 0
    assert store.delete_campaign("freitag") and store.campaign("freitag") is None
    assert store.game_ids() == []


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
    state, chain = play_unit(store, gid, state, 0, genesis(gid, "odin", SEATS, {}, 7), 1)
    state, chain = play_unit(store, gid, state, 1, chain, 3)
    state, chain = play_unit(store, gid, state, 4, chain, 2)
    loaded = Store(db).load(gid)
    assert loaded.units == [0, 1, 1, 1, 4, 4] and len(loaded.log) == 6
    assert loaded.state == state and loaded.chain == chain
    doc = store.export_game(gid, secrets=True)
    assert [a["unit"] for a in doc["actions"]] == [0, 1, 1, 1, 4, 4]
    assert store.load(store.import_game(doc)).units == loaded.units
    store.truncate(gid, 4, G.state_to_json(G.new_game(players=2, seed=7)), at=6, head=chain)  # undo the last unit
    assert query(db, "SELECT ply, unit FROM action WHERE game_id = :g ORDER BY ply", g=gid) == [
        (0, 0), (1, 1), (2, 1), (3, 1)]


def test_the_chain_of_a_unit_is_the_chain_of_its_actions_one_by_one(db):
    store = Store(db)
    a = store.create_game("odin", SEATS, {}, 7, "")
    b = store.create_game("odin", SEATS, {}, 7, "")
    steps = [(0, "x"), (1, "y"), (0, "z")]
    chain = genesis(a, "odin", SEATS, {}, 7)
    expected = genesis(b, "odin", SEATS, {}, 7)
    for ply, (seat, n) in enumerate(steps):
        chain = store.append(a, ply, seat, n, chain, "")
        expected = chain_hash(expected, ply, seat, n)
    assert store.append_unit(b, 0, steps, genesis(b, "odin", SEATS, {}, 7), "") == expected


def test_a_unit_is_all_or_nothing(db):
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
    head = query(db, "SELECT chain FROM action WHERE game_id = :g AND ply = 0", g=gid)[0][0]
    execute(db, "UPDATE game SET ply = 1 WHERE id = :g", g=gid)  # as if the header had not been moved on yet
    with pytest.raises(GameMovedOn, match="changed elsewhere"):
        store.append(gid, 1, 0, "pass", head, G.state_to_json(state))
    assert store.action_count(gid) == 2


def test_a_broken_unit_is_refused_on_load(db):
    store = Store(db)
    gid, _ = make_game(store, moves=4)
    execute(db, "UPDATE action SET unit = 0 WHERE ply = 2")  # ply 1 is a unit of its own: 2 cannot join unit 0
    with pytest.raises(SaveError, match="move 2 belongs to no unit"):
        Store(db).load(gid)


# ---- replay errors name the game and the move ---------------------------------------------------------------

def test_an_illegal_move_in_the_log_is_named(db):
    store = Store(db)
    gid, _ = make_game(store, moves=6)
    loaded = store.load(gid)
    # rewrite move 3 into an illegal one and fix the chain, so only the replay can tell
    chain = loaded.genesis
    for ply, (seat, notation) in enumerate(loaded.log):
        if ply == 3:
            notation = "play K9 K8 K7 take B1"
        chain = chain_hash(chain, ply, seat, notation)
        execute(db, "UPDATE action SET notation = :n, chain = :c WHERE game_id = :g AND ply = :p", n=notation,
                c=chain, g=gid, p=ply)
    with pytest.raises(SaveError, match=rf"game {gid} is damaged: move 3 \('play K9 K8 K7 take B1'\) is not legal"):
        Store(db).load(gid)


def test_import_names_the_bad_move(db):
    store = Store(db)
    gid, _ = make_game(store)
    doc = store.export_game(gid, secrets=True)
    doc["actions"][4]["seat"] = 1 - doc["actions"][4]["seat"]
    with pytest.raises(SaveError, match="cannot be imported: move 4"):
        store.import_game(doc)
    doc = store.export_game(gid, secrets=True)
    doc["options"] = {"no_such_option": 1}
    with pytest.raises(SaveError, match="set-up"):
        store.import_game(doc)


# ---- import is one transaction -------------------------------------------------------------------------------

def test_an_import_that_fails_midway_leaves_nothing_behind(db):
    from sqlalchemy import event

    from gm.store import ActionRow

    store = Store(db)
    gid, _ = make_game(store, moves=12)
    doc = store.export_game(gid, secrets=True)
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
    assert store.game_ids() == [gid]  # ... and rolled back with the game row
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


# ---- standings and status: derived from the replayed logs, never from columns that can be edited -------------

THREE = [{"name": n, "kind": "human", "bot": None, "lang": "en"} for n in ("Ana", "Ben", "Cleo")]


def expected_standings(store: Store, gids: list[int]) -> dict:
    out: dict = {}
    for gid in gids:
        state = store.load(gid).state
        winners, scores = G.winners(state), G.scores(state)
        for i, seat in enumerate(THREE):
            row = out.setdefault(seat["name"], {"games": 0, "wins": 0.0, "points": 0})
            row["games"] += 1
            row["points"] += scores[i]
            row["wins"] += (1 / len(winners)) if i in winners else 0
    return out


def test_standings_come_from_the_replayed_games(db):
    store = Store(db)
    c = store.create_campaign("freitag", "odin", THREE)
    done = [finish_game(store, seed, c.id, THREE) for seed in (1, 2, 3)]
    make_game(store, moves=5, campaign_id=c.id, seats=THREE)  # unfinished: not counted
    st = store.standings(c.id)
    assert st.lower_score_wins is True  # ODIN: the fewest points win
    assert dict(st) == expected_standings(store, done)
    ranked = [name for name, _ in store.standings_sorted(c.id)]
    assert ranked == [name for name, _ in sorted(st.items(), key=lambda i: (-i[1]["wins"], i[1]["points"], i[0]))]


def test_edited_status_and_result_columns_change_nothing_shown(db):
    store = Store(db)
    c = store.create_campaign("freitag", "odin", THREE)
    done = finish_game(store, 1, c.id, THREE)
    playing, _ = make_game(store, moves=5, campaign_id=c.id, seats=THREE)
    before = (dict(store.standings(c.id)), [(s.id, s.status, s.moves) for s in store.summaries()])
    execute(db, "UPDATE game SET status = 'over', result_json = '{\"scores\": [0, 0, 0], \"winners\": [0, 1, 2]}' "
                "WHERE id = :g", g=playing)
    execute(db, "UPDATE game SET status = 'playing', result_json = '{\"winners\": [2], \"scores\": [99]}' "
                "WHERE id = :g", g=done)
    assert (dict(store.standings(c.id)), [(s.id, s.status, s.moves) for s in store.summaries()]) == before
    assert store.load(playing).status == "playing" and store.load(done).status == "over"
    assert store.latest_game_id(playing_only=True) == playing
    execute(db, "UPDATE game SET result_json = '{broken' WHERE id = :g", g=done)  # not read at all
    assert store.load(done).status == "over"


def test_standings_rank_higher_points_first_when_the_game_says_so(db, monkeypatch):
    import gm.store as store_module

    store = Store(db)
    c = store.create_campaign("liga", "odin", THREE)
    finish_game(store, 1, c.id, THREE)
    finish_game(store, 2, c.id, THREE)
    monkeypatch.setattr(store_module, "_lower_score_wins", lambda game: False)
    st = store.standings(c.id)
    assert st.lower_score_wins is False
    ranked = [name for name, _ in store.standings_sorted(c.id)]
    assert ranked == [name for name, _ in sorted(st.items(), key=lambda i: (-i[1]["wins"], -i[1]["points"], i[0]))]
    assert store.standings(999) == {} and store.standings_sorted(999) == []


# ---- a damaged row: that game cannot be used, the others can ------------------------------------------------

DAMAGE = {
    "seats: bad JSON": "UPDATE game SET seats_json = '[{\"name\": ' WHERE id = :g",
    "seats: not a list": "UPDATE game SET seats_json = '{\"name\": \"Ana\"}' WHERE id = :g",
    "seats: a number for a name": "UPDATE game SET seats_json = '[{\"name\": 1}, {\"name\": 2}]' WHERE id = :g",
    "options: bad JSON": "UPDATE game SET options_json = 'nope' WHERE id = :g",
    "options: not an object": "UPDATE game SET options_json = '[1, 2]' WHERE id = :g",
    "unknown game": "UPDATE game SET game = 'chess' WHERE id = :g",
    "seed out of range": "UPDATE game SET seed = -5 WHERE id = :g",
    "snapshot emptied": "UPDATE game SET snapshot = '' WHERE id = :g",
    "a row added": "INSERT INTO action (game_id, ply, unit, seat, notation, chain, created_at) SELECT game_id, "
                   "99, 99, seat, notation, chain, created_at FROM action WHERE game_id = :g AND ply = 0",
}
SQLITE_ONLY_DAMAGE = {
    "a date that is no date": "UPDATE game SET updated_at = 'last tuesday' WHERE id = :g",
    "a number for a date": "UPDATE action SET created_at = 12 WHERE game_id = :g AND ply = 1",
    "a text ply": "UPDATE game SET ply = 'five' WHERE id = :g",
    "a dangling campaign id": "UPDATE game SET campaign_id = 77 WHERE id = :g",
}


def damage(url: str, sql: str, gid: int) -> None:
    if url.startswith("sqlite"):  # as the sqlite3 shell does it: foreign keys are not checked
        import sqlite3

        con = sqlite3.connect(url.removeprefix("sqlite:///"))
        con.execute(sql.replace(":g", str(gid)))
        con.commit()
        con.close()
    else:
        execute(url, sql, g=gid)


@pytest.mark.parametrize("kind", [*DAMAGE, *SQLITE_ONLY_DAMAGE])
def test_a_damaged_row_makes_only_its_own_game_unusable(db, kind):
    if kind in SQLITE_ONLY_DAMAGE and not db.startswith("sqlite"):
        pytest.skip("PostgreSQL's typed columns and foreign keys refuse this damage")
    store = Store(db)
    c = store.create_campaign("freitag", "odin", SEATS)
    good, _ = make_game(store, moves=6, campaign_id=c.id)
    bad, _ = make_game(store, moves=6, seed=9, campaign_id=c.id)
    damage(db, {**DAMAGE, **SQLITE_ONLY_DAMAGE}[kind], bad)
    store = Store(db)
    with pytest.raises(SaveError, match=f"game {bad}") as err:
        store.load(bad)
    assert "\n" not in str(err.value)
    listed = {s.id: s for s in store.summaries()}
    assert listed[bad].status == "damaged" and f"game {bad}" in (listed[bad].error or "")
    assert listed[good].status == "playing" and listed[good].moves == 6
    store.standings(c.id)
    assert store.latest_game_id(playing_only=True) in (good, bad)
    assert store.load(good).log
    assert store.delete_game(bad) and [s.id for s in store.summaries()] == [good]


def test_seeds_are_checked_when_a_game_is_created(db):
    store = Store(db)
    for seed in (-1, MAX_SEED, 2**70):
        with pytest.raises(ValueError, match="seed"):
            store.create_game("odin", SEATS, {}, seed, "")
    assert store.game_ids() == []
