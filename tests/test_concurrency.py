"""Two sessions on one game: two real processes on one database (SQLite file, and PostgreSQL when
GM_TEST_POSTGRES_URL is set) append the same ply at the same moment, again and again. The append is atomic
and exclusive: one wins, the other is told (in its player's language) that the game moved on, reloads it
from the store and plays on; no ply is ever saved twice and the game always reopens. The same holds for a
stale /undo, for bots, and for a game deleted meanwhile."""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from gm.i18n import t
from gm.session import Seat, Session
from gm.store import Store
from tests.dbs import DB_KINDS, database, query

G = load_game("odin")
ROUNDS = 20
LANGS = ("de", "fr")


def race_worker(url: str, gid: int, me: int, barrier: Any, results: Any) -> None:
    """One window on the game: each round, wait for the other, then play this window's choice of move
    for whoever is to move; report what happened."""
    store = Store(url)
    session = Session.resume(store, gid, "en")
    for round_ in range(ROUNDS):
        barrier.wait(timeout=60)
        seat = session.human_to_move()
        assert seat is not None
        actions = G.legal_actions(session.state)
        action = actions[0] if me == 0 else actions[-1]
        session.seats[seat].lang = LANGS[me]
        reply = session.handle(G.to_notation(action))
        results.put((round_, me, reply.accepted, reply.text, len(session.log), session.chain,
                     G.state_to_json(session.state)))
        barrier.wait(timeout=60)
    store.engine.dispose()


@pytest.mark.parametrize("kind", DB_KINDS)
def test_two_processes_appending_the_same_ply_never_duplicate_it(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        store = Store(url)
        session = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 11, {}, "en")
        gid = session.game_id
        store.engine.dispose()
        ctx = mp.get_context("spawn")
        barrier = ctx.Barrier(2)
        results = ctx.Queue()
        workers = [ctx.Process(target=race_worker, args=(url, gid, me, barrier, results)) for me in (0, 1)]
        for w in workers:
            w.start()
        got = sorted(results.get(timeout=120)[:] for _ in range(2 * ROUNDS))  # by round (queues may reorder)
        rounds = [[got[2 * i][1:], got[2 * i + 1][1:]] for i in range(ROUNDS)]
        assert [got[2 * i][0] for i in range(ROUNDS)] == [got[2 * i + 1][0] for i in range(ROUNDS)] == list(
            range(ROUNDS))
        for w in workers:
            w.join(timeout=60)
            assert w.exitcode == 0
        for i, (a, b) in enumerate(rounds):
            assert a[1] != b[1], f"round {i}: exactly one window's move is saved ({a[2]!r} / {b[2]!r})"
            loser = a if not a[1] else b
            assert loser[2] == t("ui.moved_on", LANGS[loser[0]], moves=i + 1)  # told in its player's language
            assert a[3] == b[3] == i + 1 and a[4] == b[4] and a[5] == b[5]  # the loser reloaded the winner's game
        assert query(url, "SELECT count(*), count(DISTINCT ply) FROM action WHERE game_id = :g", g=gid) == [
            (ROUNDS, ROUNDS)]
        loaded = Store(url).load(gid)  # the game always reopens, verified
        assert len(loaded.log) == ROUNDS and loaded.chain == rounds[-1][0][4]


# ---- the same in one process, step by step ------------------------------------------------------------------

@pytest.fixture(params=DB_KINDS)
def db(request, tmp_path):
    with database(request.param, tmp_path) as url:
        yield url


def two_windows(url: str, seats: list[Seat], seed: int = 5, lang: str = "de") -> tuple[Session, Session]:
    first = Session.new(Store(url), "odin", seats, seed, {}, lang)
    return first, Session.resume(Store(url), first.game_id, lang)


def play_first(session: Session) -> Any:
    return session.handle(G.to_notation(G.legal_actions(session.state)[0]))


def test_the_window_that_lost_reloads_and_plays_on(db):
    a, b = two_windows(db, [Seat("Ana", lang="de"), Seat("Ben", lang="de")])
    assert play_first(a).accepted
    reply = b.handle(G.to_notation(G.legal_actions(b.state)[-1]))
    assert not reply.accepted and reply.text == t("ui.moved_on", "de", moves=1)
    assert b.log == a.log and b.state == a.state and b.chain == a.chain and b.units == a.units
    assert play_first(b).accepted  # play continues from the reloaded game
    assert Store(db).load(a.game_id).log == b.log


def test_a_stale_undo_never_takes_back_moves_made_elsewhere(db):
    a, b = two_windows(db, [Seat("Ana", lang="fr"), Seat("Ben", lang="fr")])
    assert play_first(a).accepted  # the first player's move, in window a
    b.reload()
    assert play_first(b).accepted  # the other answers in window b
    mover = a.log[-1][0]
    reply = a.undo(None, "fr", previous_human=mover)  # window a still thinks its move is the last one
    assert not reply.accepted and reply.text == t("ui.undo_moved_on", "fr", moves=2)
    assert len(Store(db).load(a.game_id).log) == 2 and a.log == b.log


def test_a_bot_move_that_lost_the_race_is_not_a_traceback(db):
    seats = [Seat("Ana", lang="de"), Seat("Greedy", kind="bot", bot="greedy")]
    for seed in range(50):
        if G.new_game(players=2, seed=seed).decision.player == 1:
            break
    a, b = two_windows(db, seats, seed=seed)
    b.run_bots("de", 0)  # window b: the bot opens
    lines = a.run_bots("de", 0)  # window a's bot tries the same ply
    assert lines[-1] == t("ui.moved_on", "de", moves=1)
    assert a.log == b.log and a.human_to_move() == 0
    assert play_first(a).accepted


def test_a_game_deleted_meanwhile_gets_a_clear_message(db):
    a, b = two_windows(db, [Seat("Ana", lang="de"), Seat("Ben", lang="de")])
    assert play_first(a).accepted
    b.reload()
    assert Store(db).delete_game(a.game_id)
    reply = play_first(a)
    assert not reply.accepted and reply.quit and reply.text == t("ui.game_gone", "de", id=a.game_id)
    reply = b.undo(None, "de", previous_human=b.log[-1][0])
    assert reply.quit and t("ui.game_gone", "de", id=a.game_id) in reply.text
    assert a.closed and a.run_bots("de", None) == []
