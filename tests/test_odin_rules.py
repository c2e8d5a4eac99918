"""Every ODIN rule (docs/rules in ../shared/rules/001_…txt), including the rulebook's worked examples."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine import IllegalAction, NotationError, OptionsError, ScenarioError, load_game
from engine.odin import Dealt, GameOver, HandScored, Pass, Passed, Play, Played, TrickEnded
from engine.odin.cards import CODE, INDEX, RANK, SUIT, bits, value_of

G = load_game("odin")


def scen(hands, center=(), to_move=0, **kw):
    spec = {"players": len(hands), "hands": [list(h) for h in hands], "center": list(center), "to_move": to_move}
    spec.update(kw)
    return G.scenario(spec)


def notations(state):
    return sorted(G.to_notation(a) for a in G.legal_actions(state))


def brute_force_legal(state):
    """An independent, slow reading of the rules: every subset of the hand, checked from first principles."""
    hand = bits(state.hands[state.to_move])
    center = bits(state.center)
    n = len(center)
    out = set()
    if n == 0:
        out |= {f"play {CODE[c]}" for c in hand}
        same = len({SUIT[c] for c in hand}) == 1 or len({RANK[c] for c in hand}) == 1
        if len(hand) > 1 and same:
            out.add(G.to_notation(Play(tuple(CODE[c] for c in hand))))
        return out
    out.add("pass")
    for k in (n, n + 1):
        for combo in combinations(hand, k):
            if k > 1 and len({SUIT[c] for c in combo}) > 1 and len({RANK[c] for c in combo}) > 1:
                continue
            v = int("".join(str(r) for r in sorted((RANK[c] for c in combo), reverse=True)))
            if k == n and v <= state.center_value:
                continue
            cards = tuple(CODE[c] for c in combo)
            if len(combo) == len(hand):
                out.add(G.to_notation(Play(cards)))
            else:
                out |= {G.to_notation(Play(cards, CODE[t])) for t in center}
    return out


# ---- the rulebook's examples -------------------------------------------------------------------------

def test_a_three_needs_at_least_a_four():
    s = scen([["R2", "B3", "G4", "K9"], ["O5"]], center=["P3"], last_played_by=1)
    singles = [a for a in notations(s) if a.count(" ") == 3]
    assert singles == ["play G4 take P3", "play K9 take P3"]
    assert G.check(s, Play(("B3",), "P3")).code == "not_higher"
    assert G.check(s, Play(("R2",), "P3")).params == {"value": 2, "to_beat": 3}


def test_two_in_the_centre_allow_two_or_three_cards_not_one_or_four():
    s = scen([["R1", "R2", "R3", "R4", "B9"], ["O5"]], center=["P2", "P1"], last_played_by=1)
    assert G.check(s, Play(("B9",), "P1")).code == "wrong_count"
    assert G.check(s, Play(("R1", "R2", "R3", "R4"), "P1")).code == "wrong_count"
    assert G.check(s, Play(("R3", "R4"), "P1")) is None
    assert G.check(s, Play(("R1", "R2", "R3"), "P1")) is None


def test_value_is_the_highest_number_82_not_28():
    assert value_of(1 << INDEX["R2"] | 1 << INDEX["R8"]) == 82
    s = scen([["R2", "R8", "G1"], ["O5"]], center=["B8", "B1"], last_played_by=1)  # 81 to beat
    assert G.check(s, Play(("R2", "R8"), "B8")) is None  # 82 > 81
    s2 = scen([["R2", "R8", "G1"], ["O5"]], center=["B8", "B3"], last_played_by=1)  # 83 to beat
    assert G.check(s2, Play(("R2", "R8"), "B8")).code == "not_higher"


def test_value_942():
    mask = sum(1 << INDEX[c] for c in ("G2", "G4", "G9"))
    assert value_of(mask) == 942
    s = scen([["G2", "G4", "G9", "R1"], ["O5"]], center=["B9", "B4", "B1"], last_played_by=1)  # 941
    state, events = G.apply(s, Play(("G2", "G9", "G4"), "B4"))
    assert events[0].value == 942
    assert G.view(state, 0).center == ("G9", "G4", "G2")


# ---- plays ---------------------------------------------------------------------------------------------

def test_several_cards_must_share_a_suit_or_a_rank():
    s = scen([["R7", "B7", "R5", "G2"], ["O5"]], center=["P3", "P2"], last_played_by=1)
    assert G.check(s, Play(("R7", "B7"), "P3")) is None  # same rank: 77
    assert G.check(s, Play(("R7", "R5"), "P3")) is None  # same suit: 75
    assert G.check(s, Play(("R7", "G2"), "P3")).code == "mixed_cards"


def test_one_more_card_always_beats_fewer_cards():
    s = scen([["R1", "R2", "B5"], ["O5"]], center=["K9"], last_played_by=1)
    assert G.check(s, Play(("R1", "R2"), "K9")) is None  # 21 beats a single 9


def test_take_exactly_one_centre_card_and_discard_the_rest():
    s = scen([["R1", "R2", "R3", "B5"], ["O5", "O6"]], center=["P2", "P1"], last_played_by=1)
    state, events = G.apply(s, Play(("R3", "R2"), "P1"))
    assert G.view(state, 0).hand == ("B5", "R1", "P1")
    assert G.view(state, 0).center == ("R3", "R2")
    assert events[0].discarded == ("P2",)
    assert state.discard & (1 << INDEX["P2"])
    assert G.check(s, Play(("R3", "R2"))).code == "take_required"
    assert G.check(s, Play(("R3", "R2"), "R3")).code == "take_not_in_centre"


def test_forced_take_is_still_written():
    s = scen([["R5", "B1"], ["O5", "O6"]], center=["P2"], last_played_by=1)
    assert "play R5 take P2" in notations(s)
    with pytest.raises(NotationError):
        G.from_notation(s, "play R5")


def test_cannot_take_a_card_just_played():
    s = scen([["R5", "B1"], ["O5", "O6"]], center=["P2"], last_played_by=1)
    assert G.check(s, Play(("R5",), "R5")).code == "take_not_in_centre"


def test_card_not_in_hand():
    s = scen([["R5", "B1"], ["O5", "O6"]], center=["P2"], last_played_by=1)
    illegal = G.check(s, Play(("K9",), "P2"))
    assert illegal.code == "card_not_in_hand" and illegal.params["card"] == "K9"


# ---- leading -------------------------------------------------------------------------------------------

def test_leader_plays_exactly_one_card():
    s = scen([["R5", "B5", "G1"], ["O5", "O6"]])
    assert notations(s) == ["play B5", "play G1", "play R5"]
    assert G.check(s, Play(("R5", "B5"))).code == "lead_one_card"
    assert G.check(s, Pass()).code == "leader_cannot_pass"


def test_leader_may_play_the_whole_hand_of_one_rank_and_that_scores():
    s = scen([["R5", "B5", "G5"], ["O5", "O6", "O1"]], scores=[3, 4])
    assert "play B5 R5 G5" in notations(s)
    state, events = G.apply(s, Play(("R5", "B5", "G5")))
    scored = [e for e in events if isinstance(e, HandScored)][0]
    assert scored.points == (0, 3) and scored.totals == (3, 7)
    assert state.deal == 1 and state.to_move == 0  # the player who acted last leads the new deal
    assert [h.bit_count() for h in state.hands] == [9, 9]


def test_leader_may_play_the_whole_hand_of_one_suit_but_not_part_of_it():
    s = scen([["R1", "R5", "R9"], ["O5"]])
    assert "play R9 R5 R1" in notations(s)
    illegal = G.check(s, Play(("R9", "R5")))
    assert illegal.code == "lead_one_card" and illegal.params["whole_hand_allowed"] is True


def test_first_lead_of_the_game_follows_the_same_rule_and_first_player_is_seeded():
    firsts = {G.new_game(4, seed).to_move for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    s = G.new_game(4, 42)
    assert s.decision.kind == "lead"
    assert all(a.take is None and len(a.cards) == 1 for a in G.legal_actions(s)) or any(
        len(a.cards) == 9 for a in G.legal_actions(s))


# ---- passing and the end of a trick ------------------------------------------------------------------

def test_passing_does_not_bar_playing_later_and_all_others_passing_ends_the_trick():
    s = scen([["R5", "B1"], ["O5", "O6"], ["G1", "G2"]], center=["P2"], to_move=1, last_played_by=0)
    s, ev = G.apply(s, Pass())
    assert s.to_move == 2 and s.passes == 1
    s, ev = G.apply(s, Pass())
    assert isinstance(ev[-1], TrickEnded) and ev[-1].leader == 0
    assert s.center == 0 and s.to_move == 0 and s.decision.kind == "lead"
    assert s.discard & (1 << INDEX["P2"])
    assert [h.bit_count() for h in s.hands] == [2, 2, 2]  # hands are kept


def test_a_pass_then_a_play_resets_the_count():
    s = scen([["R5", "B1"], ["O5", "O6"], ["G1", "G7"]], center=["P2"], to_move=1, last_played_by=0)
    s, _ = G.apply(s, Pass())
    s, _ = G.apply(s, Play(("G7",), "P2"))
    assert s.passes == 0 and s.to_move == 0 and s.last_played_by == 2
    s, _ = G.apply(s, Pass())
    s, ev = G.apply(s, Pass())
    assert isinstance(ev[-1], TrickEnded) and s.to_move == 2


def test_two_players_one_pass_ends_the_trick():
    s = scen([["R5", "B1"], ["O5", "O6"]], center=["P2"], to_move=1, last_played_by=0)
    s, ev = G.apply(s, Pass())
    assert isinstance(ev[-1], TrickEnded) and s.to_move == 0


def test_a_player_who_cannot_beat_the_centre_can_only_pass():
    s = scen([["R1", "B2"], ["O5", "O6"]], center=["P9", "P8"], last_played_by=1)
    assert notations(s) == ["pass"]


# ---- scoring and the end of the game -----------------------------------------------------------------

def test_play_that_empties_the_hand_takes_nothing_and_scores():
    s = scen([["R7"], ["O5", "O6", "O1"], ["G1", "G2"]], center=["P2"], last_played_by=2, scores=[1, 2, 3])
    assert notations(s) == ["pass", "play R7"]
    assert G.check(s, Play(("R7",), "P2")).code == "take_not_allowed"
    state, events = G.apply(s, Play(("R7",)))
    scored = [e for e in events if isinstance(e, HandScored)][0]
    assert scored.points == (0, 3, 2) and state.scores == (1, 5, 5)
    assert state.to_move == 0 and state.deal == 1


def test_game_ends_when_someone_reaches_the_target_and_fewest_points_win():
    s = scen([["R7"], ["O5", "O6", "O1"], ["G1", "G2"]], center=["P2"], last_played_by=2, scores=[14, 12, 13],
             target=15)
    state, events = G.apply(s, Play(("R7",)))
    assert state.is_over and state.decision.player is None
    assert G.scores(state) == [14, 15, 15] and G.winners(state) == [0]
    assert G.legal_actions(state) == []
    with pytest.raises(IllegalAction):
        G.apply(state, Pass())


def test_ties_share_the_win():
    s = scen([["R7"], ["O5"], ["G1", "G2"]], center=["P2"], last_played_by=2, scores=[10, 9, 20], target=10)
    state, _ = G.apply(s, Play(("R7",)))
    assert G.winners(state) == [0, 1]


def test_one_hand_option_ends_after_the_first_scoring():
    s = scen([["R7"], ["O5"]], center=["P2"], last_played_by=1, target="one_hand")
    state, _ = G.apply(s, Play(("R7",)))
    assert state.is_over and G.winners(state) == [0]


def test_target_options():
    for target in (10, 15, 20, "one_hand"):
        G.new_game(3, 1, {"target": target})
    for bad in ({"target": 12}, {"target": "15"}, {"colour": "red"}, {"two_player_remove_suits": "yes"}):
        with pytest.raises(OptionsError):
            G.new_game(3, 1, bad)
    for players in (1, 7, "3"):
        with pytest.raises(OptionsError):
            G.new_game(players, 1)


def test_deal_is_nine_each_from_fifty_four():
    s = G.new_game(6, 9)
    assert [h.bit_count() for h in s.hands] == [9] * 6 and s.stock == 0
    s = G.new_game(2, 9)
    assert s.stock.bit_count() == 36


def test_two_player_option_removes_two_seeded_suits():
    s = G.new_game(2, 5, {"two_player_remove_suits": True})
    assert s.removed.bit_count() == 18 and len(G.view(s, 0).removed_suits) == 2
    assert all(h & s.removed == 0 for h in s.hands)
    assert G.new_game(2, 5, {"two_player_remove_suits": True}).removed == s.removed
    assert G.new_game(3, 5, {"two_player_remove_suits": True}).removed == 0  # only with two players


# ---- the generator agrees with a brute-force reading of the rules ------------------------------------

def test_generator_matches_brute_force_on_many_positions():
    import random

    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        s = G.new_game(rng.randrange(2, 7), seed)
        while not s.is_over and checked < 6000:
            assert set(notations(s)) == brute_force_legal(s), G.state_to_json(s)
            acts = G.legal_actions(s)
            assert len(set(acts)) == len(acts)
            s, _ = G.apply(s, acts[rng.randrange(len(acts))])
            checked += 1
    assert checked > 3000


# ---- notation ------------------------------------------------------------------------------------------

def test_notation_round_trip_and_case():
    s = scen([["R7", "R5", "B1"], ["O5", "O6"]], center=["B3"], last_played_by=1)
    a = G.from_notation(s, "play r5 r7 take b3")
    assert G.to_notation(a) == "play R7 R5 take B3"
    for action in G.legal_actions(s):
        assert G.from_notation(s, G.to_notation(action)) == action
    assert G.from_notation(s, "PASS") == Pass()


@pytest.mark.parametrize("text", ["", "play", "play R0", "play X7", "play R7 take", "play R7 take B3 B1",
                                  "play R7 R7 take B3", "jump", "play R7 take K9", "play B1 take B3"])
def test_notation_rejects_anything_not_exactly_legal(text):
    s = scen([["R7", "R5", "B1"], ["O5", "O6"]], center=["B3"], last_played_by=1)
    with pytest.raises(NotationError):
        G.from_notation(s, text)


def test_notation_error_carries_the_reason():
    s = scen([["R7", "R5", "B1"], ["O5", "O6"]], center=["B3"], last_played_by=1)
    with pytest.raises(NotationError) as err:
        G.from_notation(s, "play B1 take B3")
    assert err.value.illegal.code == "not_higher"


# ---- apply never mutates, views hide hands, JSON round trips -----------------------------------------

def test_apply_never_mutates_and_raises_on_illegal():
    s = scen([["R7", "R5", "B1"], ["O5", "O6"]], center=["B3"], last_played_by=1)
    before = G.state_to_json(s)
    G.apply(s, Play(("R7",), "B3"))
    with pytest.raises(IllegalAction) as err:
        G.apply(s, Play(("B1",), "B3"))
    assert err.value.illegal.code == "not_higher"
    assert G.state_to_json(s) == before


def test_view_hides_other_hands():
    s = G.new_game(3, 1)
    v = G.view(s, 1)
    assert not hasattr(v, "hands") and "hands" not in v.to_json()
    assert v.hand == tuple(CODE[c] for c in sorted(bits(s.hands[1]), key=lambda c: (-RANK[c], SUIT[c])))
    assert v.to_json()["hand"] == list(v.hand)
    assert v.hand_sizes == (9, 9, 9)
    spectator = G.view(s, None)
    assert spectator.hand is None and "hand" not in spectator.to_json()
    other = [CODE[c] for c in bits(s.hands[0])]
    for text in (str(v), str(v.to_json())):
        assert not any(f"'{c}'" in text for c in other)


def test_state_json_round_trip_and_damage_detected():
    from engine import StateFormatError

    s = G.new_game(4, 3)
    for a in (G.legal_actions(s)[0],):
        s, _ = G.apply(s, a)
    assert G.state_from_json(G.state_to_json(s)) == s
    bad = G.state_to_json(s).replace('"scores":[0,0,0,0]', '"scores":[0,0,0]')
    with pytest.raises(StateFormatError):
        G.state_from_json(bad)
    with pytest.raises(StateFormatError):
        G.state_from_json("{not json")
    d = G.state_to_dict(s)
    d["discard"] = d["discard"] + [d["hands"][0][0]]
    import json

    with pytest.raises(StateFormatError):
        G.state_from_json(json.dumps(d))


def test_actions_validate_through_pydantic_and_publish_a_schema():
    a = G.action_from_json({"kind": "play", "cards": ["r7", "R5"], "take": "b3"})
    assert a == Play(("R7", "R5"), "B3") and hash(a) == hash(Play(("R5", "R7"), "B3"))
    assert G.action_from_json({"kind": "pass"}) == Pass()
    schema = G.action_adapter.json_schema()
    assert "oneOf" in schema or "anyOf" in schema or "discriminator" in schema


# ---- ODIN's side of the engine contract: info, decision facts, holdings, reveals -------------------------

def test_info_describes_odin():
    info = G.info
    assert (info.name, info.min_players, info.max_players) == ("odin", 2, 6)
    assert info.lower_score_wins and info.hidden_between_players
    assert info.defaults() == {"target": 15, "two_player_remove_suits": False}
    assert info.default_bot == "greedy" and set(info.bots) == {"greedy", "random"}


def test_decision_facts_name_the_centre_or_the_whole_hand_lead():
    s = scen([["R1", "R5", "R9"], ["O5"]])
    assert s.decision.kind == "lead" and dict(s.decision.facts) == {"whole_hand": True}
    s = scen([["R1", "B5"], ["O5"]])
    assert dict(s.decision.facts) == {"whole_hand": False}
    s = scen([["R7", "R5", "B1"], ["O5", "O6"]], center=["B3"], last_played_by=1)
    assert s.decision.kind == "play_or_pass"
    assert dict(s.decision.facts) == {"center": ["B3"], "value": 3, "count": 1}


def test_holdings_are_exactly_the_hand():
    s = G.new_game(3, 1)
    for seat in range(3):
        assert G.holdings(s, seat) == frozenset(G.view(s, seat).hand) and len(G.holdings(s, seat)) == 9
    assert G.holdings(s, 0).isdisjoint(G.holdings(s, 1))


def test_deals_and_scorings_reveal_but_plays_do_not():
    import random

    rng = random.Random(4)
    s = G.new_game(3, 2, {"target": 10})
    events = []
    while not s.is_over:
        acts = G.legal_actions(s)
        s, ev = G.apply(s, acts[rng.randrange(len(acts))])
        events.extend(ev)
    kinds = {type(e) for e in events}
    assert {Played, Passed, TrickEnded, HandScored, Dealt, GameOver} <= kinds
    assert any(G.reveals(e) for e in events if isinstance(e, Dealt))
    for e in events:
        assert G.reveals(e) is isinstance(e, HandScored | Dealt | GameOver), e


# ---- scenarios -----------------------------------------------------------------------------------------

def test_scenario_from_the_issue():
    s = G.scenario({"players": 3, "hands": [["R7", "R5"], ["B1"], ["G2", "G3"]], "center": ["B3"], "to_move": 0,
                    "last_played_by": 2, "passes_in_row": 0, "scores": [0, 0, 0], "target": 15, "seed": 1})
    assert notations(s) == ["pass", "play R5 take B3", "play R7 R5", "play R7 take B3"]


@pytest.mark.parametrize("spec", [
    {"players": 3, "hands": [["R7"], ["R7"], ["G2"]], "center": [], "to_move": 0},
    {"players": 3, "hands": [["R7"], ["B1"]], "center": [], "to_move": 0},
    {"players": 2, "hands": [["R7"], ["B1"]], "center": [], "to_move": 2},
    {"players": 2, "hands": [["R7"], ["X1"]], "center": [], "to_move": 0},
    {"players": 2, "hands": [["R7"], []], "center": [], "to_move": 0},
    {"players": 2, "hands": [["R7"], ["B1"]], "center": ["G1", "K2"], "to_move": 0},
    {"players": 7, "hands": [["R7"]] * 7, "center": [], "to_move": 0},
    {"players": 2, "hands": [["R7"], ["B1"]], "center": [], "to_move": 0, "target": 11},
    {"players": 2, "hands": [["R7"], ["B1"]], "center": [], "to_move": 0, "colour": "red"},
    {"players": 2, "hands": [["R7"], ["B1"]], "to_move": 0},
    {"players": 2, "hands": [["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "B1"], ["B2"]], "center": [],
     "to_move": 0},
])
def test_impossible_scenarios_are_refused(spec):
    with pytest.raises(ScenarioError):
        G.scenario(spec)


def test_unknown_game():
    with pytest.raises(OptionsError):
        load_game("chess")
