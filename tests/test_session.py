"""Sessions driven without a terminal: moves in three languages, refusals, questions, meta commands, undo."""

from __future__ import annotations

import pytest

from engine import load_game
from gm.session import Seat, Session, looks_like_question, parse_players
from gm.store import Store

G = load_game("odin")
SUIT_EN = {"B": "blue", "R": "red", "P": "pink", "G": "green", "K": "black", "O": "orange"}
NUM_EN = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")


def session_where(store, players, predicate, lang="en", options=None):
    """A new session whose first position satisfies `predicate(state)` (searching seeds)."""
    for seed in range(500):
        state = G.new_game(players=len(players), seed=seed, options=options or {})
        if predicate(state):
            return Session.new(store, "odin", players, seed, options or {}, lang)
    raise AssertionError("no seed found")


def hand(session, seat=None):
    seat = session.human_to_move() if seat is None else seat
    return G.view(session.state, seat).hand


def humans(*names):
    return [Seat(name=n) for n in names]


def test_parse_players():
    seats = parse_players("Ana:de, Ben ,bot:greedy,bot:random:fr,bot:greedy", game="odin")
    assert [s.name for s in seats] == ["Ana", "Ben", "Greedy", "Random", "Greedy 2"]
    assert seats[0].lang == "de" and seats[1].lang is None and seats[3].lang == "fr"
    with pytest.raises(ValueError):
        parse_players("bot:genius", game="odin")
    with pytest.raises(ValueError):
        parse_players("Ana,ana", game="odin")


def test_a_plain_english_lead_is_played_saved_and_narrated(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    card = hand(s)[0]
    reply = s.handle(f"I play the {SUIT_EN[card[0]]} {NUM_EN[int(card[1])]}")
    assert reply.accepted, reply.text
    assert card in reply.text or NUM_EN[int(card[1])] in reply.text.lower() or card[1] in reply.text
    assert store.load(s.game_id).log == s.log == [(0, f"play {card}")]


def test_notation_is_always_accepted(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    card = hand(s)[-1]
    assert s.handle(f"play {card.lower()}").accepted


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    missing = next(c for c in ("K9", "O9", "R9", "B9") if c not in hand(s))
    before = G.state_to_json(s.state)
    reply = s.handle(f"play {missing}")
    assert not reply.accepted and reply.messages[0].kind == "refusal"
    assert missing in reply.text
    assert G.state_to_json(s.state) == before and store.load(s.game_id).log == []


def test_the_leader_cannot_pass_in_german(store):
    s = session_where(store, [Seat("Ana", lang="de"), Seat("Ben")], lambda st: st.to_move == 0)
    reply = s.handle("ich passe")
    assert not reply.accepted
    assert reply.messages[0].kind == "refusal"
    assert any(w in reply.text.lower() for w in ("passen", "eröffn", "mitte", "ausspielen"))


def test_an_ambiguous_move_is_asked_back_with_the_candidates(store):
    def pair(st):
        ranks = [c[1] for c in G.view(st, st.to_move).hand]
        return st.to_move == 0 and any(ranks.count(r) >= 2 for r in ranks)

    s = session_where(store, humans("Ana", "Ben"), pair)
    ranks = [c[1] for c in hand(s)]
    r = next(r for r in ranks if ranks.count(r) >= 2)
    reply = s.handle(f"I play a {NUM_EN[int(r)]}")
    assert not reply.accepted and reply.messages[0].kind == "candidates"
    listed = [m.text for m in reply.messages if m.text.strip()[:2].rstrip(".").isdigit()]
    assert len(listed) >= 2
    assert s.log == []
    second = s.handle("2")  # a candidate is picked by its number
    assert second.accepted and s.log[0][1] in listed[1]


def test_no_match_keeps_the_game(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: True)
    before = G.state_to_json(s.state)
    reply = s.handle("the quick brown fox jumps over the lazy dog")
    assert not reply.accepted and reply.text
    assert G.state_to_json(s.state) == before


@pytest.mark.parametrize("line", ["", "   ", "x" * 100_000, "\x00\x1b[31m\x07", "/frobnicate", "/lang xx",
                                  "🙂🙂🙂", "ДА", "/", "//", "\n\n", "play", "take B3", "/undo"])
def test_nothing_crashes_on_odd_lines(store, line):
    s = session_where(store, humans("Ana", "Ben"), lambda st: True)
    before = G.state_to_json(s.state)
    reply = s.handle(line)
    assert not reply.accepted
    assert G.state_to_json(s.state) == before


def test_bots_take_their_turns_and_are_narrated(store):
    s = session_where(store, [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")],
                      lambda st: st.to_move == 0)
    card = hand(s)[0]
    reply = s.handle(f"play {card}")
    assert reply.accepted
    assert len(reply.messages) >= 2 and "Greedy" in reply.text
    assert s.human_to_move() == 0 or s.state.is_over
    assert [seat for seat, _ in s.log][:2] == [0, 1]


def test_language_is_detected_from_what_a_player_types(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    card = hand(s)[0]
    names = {"B": "blaue", "R": "rote", "P": "pinke", "G": "grüne", "K": "schwarze", "O": "orange"}
    reply = s.handle(f"ich spiele die {names[card[0]]} {card[1]}")
    assert reply.accepted, reply.text
    assert s.seats[0].lang == "de"


def test_meta_commands(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    assert all(c in s.handle("/hand").text for c in hand(s))
    board = s.handle("/board").text
    assert "Ana" in board and "Ben" in board
    moves = s.handle("/moves").text
    assert all(f"play {c}" in moves for c in hand(s))
    assert "/undo" in s.handle("/help").text
    assert s.handle("/lang de").messages[0].text and s.seats[0].lang == "de"
    assert "/undo" in s.handle("/hilfe").text
    assert s.handle("/quit").quit


def test_questions_never_change_the_game(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    before = G.state_to_json(s.state)
    for q in ("what can I do now?", "how many cards does each player get?", "was kann ich jetzt machen?",
              "combien de points pour gagner ?", "why can't I play the black nine?"):
        reply = s.handle(q)
        assert reply.messages and reply.messages[0].kind == "answer", q
        assert not reply.accepted
    assert G.state_to_json(s.state) == before


def test_undo_only_own_last_action_before_anyone_else_acts(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: st.to_move == 0)
    card = hand(s)[0]
    assert s.handle(f"play {card}").accepted
    # Ben is to move: he has no action of his own to take back
    assert s.handle("/undo").messages[0].kind == "refusal"
    # Ana, before Ben acts (the hand-over screen): she may take her move back
    reply = s.undo(None, "en", previous_human=0)
    assert reply.accepted and s.log == [] and store.load(s.game_id).log == []
    assert card in hand(s, 0)


def test_undo_is_refused_once_others_have_played(store):
    s = session_where(store, [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")],
                      lambda st: st.to_move == 0)
    assert s.handle(f"play {hand(s)[0]}").accepted
    reply = s.handle("/undo")
    assert not reply.accepted and "played" in reply.text


def test_undo_never_crosses_a_new_deal(store):
    s = session_where(store, humans("Ana", "Ben"), lambda st: True, options={"target": 20})
    while True:  # play until a move ends a deal; its author leads the next one
        deal = s.state.deal
        action = G.legal_actions(s.state)[-1]
        seat = s.to_move
        s.commit(action, "en", seat)
        if s.state.deal != deal:
            break
    assert s.to_move == seat
    reply = s.handle("/undo")
    assert not reply.accepted and "dealt" in reply.text


def test_resume_continues_where_the_log_ends(store):
    s = session_where(store, [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")],
                      lambda st: st.to_move == 0)
    s.handle(f"play {hand(s)[0]}")
    r = Session.resume(store, s.game_id)
    assert r.state == s.state and r.log == s.log and r.seats == s.seats


def test_looks_like_question():
    for q in ("how many cards?", "Wie viele Karten ziehe ich nach?", "combien de points pour gagner ?",
              "what can I do now", "pourquoi je ne peux pas jouer le 7 rouge"):
        assert looks_like_question(q)
    for m in ("play R7", "rote 7 und 5, ich nehme die blaue 3", "je passe", "pass"):
        assert not looks_like_question(m)


def test_a_whole_game_to_the_end_with_campaign_standings(store):
    seats = [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy"), Seat("Random", kind="bot", bot="random")]
    s = Session.new(store, "odin", seats, 3, {"target": 10}, "en", campaign="freitag")
    s.run_bots("en", 0)
    while not s.state.is_over:
        reply = s.handle(G.to_notation(G.legal_actions(s.state)[-1]))
        assert reply.accepted
    assert store.load(s.game_id).status == "over"
    standings = store.standings(store.campaign("freitag").id)
    assert set(standings) == {"Ana", "Greedy", "Random"}
    assert sum(r["wins"] for r in standings.values()) == pytest.approx(1.0)


def test_a_request_to_the_game_master_is_played_and_a_real_question_answered(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    card = load_game("odin").view(s.state, s.to_move).hand[0]
    reply = s.handle(f"could you play {card} for me please?")
    assert reply.accepted and s.log[-1][1] == f"play {card}"
    reply = s.handle("could you tell me how many cards everyone gets?")
    assert not reply.accepted and reply.messages[0].kind == "answer" and "9" in reply.text


def test_a_reading_the_parser_is_unsure_of_waits_for_a_yes(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    card = load_game("odin").view(s.state, s.to_move).hand[0]
    reply = s.handle(f"lol my kid calls {card} 'the jarl'")
    assert not reply.accepted and not s.log and "Did you mean" in reply.text and card in reply.text
    assert s.handle("yes").accepted and s.log[-1][1] == f"play {card}"
