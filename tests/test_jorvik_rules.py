"""Jórvík's rules, one test per rule, and every worked example of the rulebook replayed with exact figures.

Seats in the rulebook's examples (four players, clockwise): Lucy 0, Sara 1, Chris 2, Julian 3.
Card ids are those of engine/jorvik/data/cards.json (docs/cards-jorvik.md lists them).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine import load_game
from engine.core import IllegalAction, NotationError, OptionsError, ScenarioError
from engine.jorvik import check_cards, load_cards
from engine.jorvik.actions import CardBought, CardDrawn, PictsAttack, PictsResolved, ShipLoaded
from engine.jorvik.cards import DEFAULT_PATH, EFFECTS, GOODS
from engine.jorvik.game import card_places, goods_total, score_breakdown
from engine.jorvik.scenario import build_with_events

G = load_game("jorvik")
LUCY, SARA, CHRIS, JULIAN = 0, 1, 2, 3


def play(state: Any, *moves: str) -> tuple[Any, list[Any]]:
    events: list[Any] = []
    for text in moves:
        state, ev = G.apply(state, G.from_notation(state, text))
        events.extend(ev)
    return state, events


def legal(state: Any) -> set[str]:
    return {G.to_notation(a) for a in G.legal_actions(state)}


def ids(state: Any, cards: Any) -> list[str]:
    return [state.cards.ids[c] for c in cards]


def space(state: Any, n: int) -> str | None:
    c = state.spaces[n - 1]
    return state.cards.ids[c] if c >= 0 else None


def cargo(state: Any, cid: str) -> Counter[str]:
    c = state.cards.index[cid]
    for card, goods in state.cargo:
        if card == c:
            return Counter({GOODS[g]: k for g, k in enumerate(goods) if k})
    return Counter()


def seats(n: int, **per: dict[str, Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{} for _ in range(n)]
    for key, value in per.items():
        out[int(key[1:])] = value
    return out


# ---- card data ---------------------------------------------------------------------------------------------


def test_shipped_card_file_is_valid_and_loads():
    assert check_cards(DEFAULT_PATH) == []
    data = load_cards(DEFAULT_PATH)
    assert data["format"] == "jorvik-cards" and len(data["cards"]) == 104


def test_season_counts_karl_and_jarl_and_four_attacks():
    cards = load_cards()["cards"]
    karl = Counter(c["season"] for c in cards if c["game"] == "karl")
    jarl = Counter(c["season"] for c in cards if c["game"] == "jarl")
    assert karl == {"winter": 12, "spring": 13, "summer": 13, "autumn": 15, "final": 1}
    assert jarl == {"winter": 12, "spring": 12, "summer": 12, "autumn": 14}
    picts = [c for c in cards if c["type"] == "picts"]
    assert len(picts) == 4 and sorted(c["season"] for c in picts) == ["autumn", "final", "spring", "summer"]
    assert all(c["game"] == "karl" for c in picts)  # the Jarl cards add no attack


def test_karl_deck_matches_the_issue_table():
    cards = load_cards()["cards"]
    karl = Counter((c["type"], c["season"]) for c in cards if c["game"] == "karl")
    expect = {("warrior", "winter"): 2, ("warrior", "spring"): 3, ("warrior", "summer"): 2, ("warrior", "autumn"): 3,
              ("craft", "winter"): 3, ("craft", "spring"): 3, ("craft", "summer"): 4,
              ("ship", "spring"): 5, ("ship", "summer"): 5, ("ship", "autumn"): 5,
              ("feast", "winter"): 1, ("feast", "spring"): 1, ("feast", "autumn"): 2, ("trader", "winter"): 5,
              ("building", "winter"): 1, ("building", "summer"): 1, ("skald", "autumn"): 2, ("raid", "autumn"): 2,
              ("picts", "spring"): 1, ("picts", "summer"): 1, ("picts", "autumn"): 1, ("picts", "final"): 1}
    assert karl == expect
    sizes = Counter((len(c["effects"][0]["needs"]), c["effects"][0]["vp"]) for c in cards
                    if c["type"] == "craft" and c["game"] == "karl")
    assert set(sizes) <= {(2, 5), (3, 8), (4, 11)}
    final = next(c for c in cards if c["season"] == "final")
    assert final["effects"][0]["win"] == 4 and final["effects"][0]["lose"] == 4


def test_every_effect_kind_is_on_a_card():
    kinds = {e["kind"] for c in load_cards()["cards"] for e in c["effects"]}
    assert kinds == set(EFFECTS)


def test_check_cards_reports_clear_problems(tmp_path: Path):
    data = load_cards()
    bad = copy.deepcopy(data)
    bad["cards"][0]["effects"] = [{"kind": "fly", "speed": 3}]
    bad["cards"][1]["id"] = bad["cards"][2]["id"]
    bad["cards"][3]["windows"] = []
    bad["cards"][4]["effects"][0]["needs"] = ["amber", "silk"]  # a Karl card cannot need a Jarl good
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    problems = check_cards(path)
    text = " | ".join(problems)
    assert "unknown effect 'fly'" in text and "id used twice" in text and "windows must be" in text
    assert "goods of this game" in text
    with pytest.raises(ValueError):
        load_cards(path)
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert "not JSON" in check_cards(tmp_path / "broken.json")[0]
    with pytest.raises(OptionsError):
        G.new_game(2, 1, {"cards": bad})


def test_cards_option_plays_a_given_deck_and_the_state_carries_it():
    data = load_cards()
    for c in data["cards"]:
        if c["id"] == "A07":
            c["effects"][0]["coins"] = 7  # an amber trader paying 7 coins
    s = G.scenario({"players": 2, "cards": data, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"display": ["A07"], "loading": ["B08"]}, {}], "cargo": {"B08": ["amber"]}})
    s, _ = play(s, "sell amber")
    assert s.coins[0] == 5 + 1 + 7
    again = G.state_from_json(G.state_to_json(s))
    assert again == s and again.cards.eff[again.cards.index["A07"]]["trade"]["coins"] == 7


# ---- set-up ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode,vikings,goods", [("karl", 3, 45), ("jarl", 4, 54)])
def test_setup(mode: str, vikings: int, goods: int):
    for players in range(2, 6):
        s = G.new_game(players, 11, {"mode": mode})
        assert s.vikings == (vikings,) * players and s.coins == (5,) * players and s.vp == (10,) * players
        assert sum(goods_total(s)) == goods
        assert (sum(goods_total(s)[5:]) == 0) == (mode == "karl")
        assert s.brown_supply == (2 if mode == "jarl" else 0)
        in_play = [c for c in range(s.cards.n) if mode == "jarl" or not s.cards.jarl[c]]
        assert sorted(card_places(s)) == in_play


def test_deck_is_stacked_by_season_over_the_final_attack():
    s = G.new_game(4, 3, {"mode": "jarl"})
    seasons = [s.cards.season[c] for c in s.deck]
    assert seasons == sorted(seasons) and s.deck[-1] == s.cards.final
    drawn = [c for c in s.spaces if c >= 0]
    assert all(s.cards.season[c] == 0 for c in drawn)  # the first offer is all winter


@pytest.mark.parametrize("players,karl,jarl", [(2, {"D01", "D13"}, {"D20", "D24"}), (3, {"D01", "D14"}, {"D20", "D24"}),
                                               (4, set(), set()), (5, {"D01", "D14"}, {"D20", "D24"})])
def test_autumn_removals_by_player_count(players: int, karl: set[str], jarl: set[str]):
    s = G.new_game(players, 1)
    assert set(ids(s, s.boxed)) == karl
    s = G.new_game(players, 1, {"mode": "jarl"})
    assert set(ids(s, s.boxed)) == karl | jarl


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_deck_divides_into_full_rounds(mode: str):
    for players in range(2, 6):
        s = G.new_game(players, 5, {"mode": mode})
        placeable = [c for c in s.deck if s.cards.picts[c] is None] + [c for c in s.spaces if c >= 0]
        per_round = (players + 1) * (2 if mode == "jarl" else 1)
        assert len(placeable) % per_round == 0


def test_card_spaces_players_plus_one():
    for players in range(2, 6):
        s = G.new_game(players, 2)
        assert [sp + 1 for sp in range(12) if s.spaces[sp] >= 0] == list(range(1, players + 2))
        s = G.new_game(players, 2, {"mode": "jarl"})
        assert [sp + 1 for sp in range(12) if s.spaces[sp] >= 0] == [*range(1, players + 2), *range(7, players + 8)]


# ---- offer phase and the Picts --------------------------------------------------------------------------------


def test_example_offer_phase_lucy_draws_five_cards_and_loads_the_ship():
    spec = {"players": 4, "start": LUCY, "deck": ["A01", "A03", "A06", "A07", "B08", "C01"],
            "bag": ["leather", "amber", "iron", "wool"]}
    s, ev = build_with_events(G, spec)
    assert [space(s, n) for n in range(1, 7)] == ["A01", "A03", "A06", "A07", "B08", None]
    assert cargo(s, "B08") == Counter({"leather": 1, "amber": 1, "iron": 1})
    assert [GOODS[g] for g in s.bag] == ["wool"]
    assert [e.space for e in ev if isinstance(e, CardDrawn)] == [1, 2, 3, 4, 5]
    assert any(isinstance(e, ShipLoaded) and e.goods == ("leather", "amber", "iron") for e in ev)
    assert s.decision.kind == "jorvik_demand" and s.decision.player == LUCY
    # in the Jarl game Lucy draws 5 more for spaces 7-11
    jarl = dict(spec, mode="jarl", deck=["A01", "A03", "A06", "A07", "B08", "A16", "A17", "A18", "B22", "A20", "C01"])
    s = G.scenario(jarl)
    assert [space(s, n) for n in range(7, 13)] == ["A16", "A17", "A18", "B22", "A20", None]
    assert cargo(s, "B22") == Counter({"wool": 1})  # a Jarl ship takes its printed number (2), the bag had 1 left


def test_example_picts_attack_lucy_gains_chris_and_sara_lose_julian_nothing():
    spec = {"players": 4, "start": LUCY, "deck": ["B04", "A03", "A06", "A07", "A09", "A10"],
            "seats": [{"display": ["A02", "B01"]}, {}, {}, {"display": ["A01"]}]}
    s, ev = build_with_events(G, spec)
    attack = next(e for e in ev if isinstance(e, PictsAttack))
    assert attack.defence == (3, 0, 0, 1) and attack.best == (LUCY,) and attack.worst == (SARA, CHRIS)
    assert s.vp == (12, 8, 8, 10)
    assert next(e for e in ev if isinstance(e, PictsResolved)).delta == (2, -2, -2, 0)
    # the attack card left the game; the next card filled space 1
    assert "B04" in ids(s, s.boxed) and space(s, 1) == "A03"


def test_picts_ties_share_and_all_equal_means_nobody():
    spec = {"players": 4, "deck": ["C03", "A03", "A06", "A07", "A09", "A10"],
            "seats": [{"display": ["C02"]}, {"display": ["A02", "B02"]}, {"display": ["A01"]}, {}]}
    s = G.scenario(spec)  # defence 4, 4, 1, 0: both 4s gain 3, the 0 loses 3
    assert s.vp == (13, 13, 10, 7)
    spec["seats"] = [{"display": ["A02"]}, {"display": ["C01"]}, {"display": ["B02"]}, {"display": ["A01", "B01"]}]
    assert G.scenario(spec).vp == (10, 10, 10, 10)


def test_spaces_fill_only_until_the_final_attack_is_left_and_then_the_game_ends():
    s = G.scenario({"players": 2, "deck": ["A01", "A02"], "seats": [{"coins": 9}, {"coins": 9}]})
    assert [space(s, n) for n in (1, 2, 3)] == ["A01", "A02", None] and ids(s, s.deck) == ["F01"]
    while not s.is_over:
        s, _ = G.apply(s, G.legal_actions(s)[0])
    assert s.deck == () and "F01" in ids(s, s.boxed)


def test_final_attack_then_final_scoring_and_winner():
    spec = {"players": 3, "deck": [], "seats": [
        {"display": ["D03", "D15"], "coins": 2}, {"display": ["A06", "B13"], "coins": 4},
        {"display": ["A01", "D12"], "coins": 7, "vp": 3}]}
    s, ev = build_with_events(G, spec)
    assert s.is_over
    # final attack: 5 / 0 / 1 -> seat 0 +4, seat 1 -4; then raid 4, feasts 5, skald per coin 7
    assert G.final_scoring(s) == [
        {"craft": 0, "trader": 0, "raid": 4, "feast": 0, "skald": 0, "building": 0},
        {"craft": 0, "trader": 0, "raid": 0, "feast": 5, "skald": 0, "building": 0},
        {"craft": 0, "trader": 0, "raid": 0, "feast": 0, "skald": 7, "building": 0}]
    assert s.vp == (18, 11, 10) and G.winners(s) == [0]


def test_tie_breaks_on_coins_then_shares():
    s = G.scenario({"players": 2, "deck": [], "seats": [{"coins": 3}, {"coins": 4}]})
    assert s.vp == (10, 10) and G.winners(s) == [1]
    s = G.scenario({"players": 2, "deck": [], "seats": [{"coins": 4}, {"coins": 4}]})
    assert G.winners(s) == [0, 1]


# ---- demand phase ----------------------------------------------------------------------------------------------


def demand_position(mode: str = "karl") -> Any:
    spec: dict[str, Any] = {"players": 4, "start": LUCY, "phase": "demand", "mode": mode,
                            "spaces": {"1": "A01", "2": "A03", "3": "A06", "4": "A07", "5": "B08"},
                            "cargo": {"B08": ["leather", "amber", "iron"]}}
    if mode == "jarl":
        spec["spaces"].update({"7": "A16", "8": "B22", "9": "A17", "10": "A18", "11": "A20"})
        spec["cargo"]["B22"] = ["wool", "jet"]
    return G.scenario(spec)


def test_example_demand_placements_a_to_e():
    s = demand_position()
    assert s.decision.player == LUCY
    s, _ = play(s, "demand 5")  # (a) Lucy first in the ship's row
    assert s.rows[4] == (LUCY,) and s.decision.player == SARA
    s, _ = play(s, "demand 2")  # (b)
    s, _ = play(s, "demand 5")  # (c) Chris behind Lucy
    assert s.rows[4] == (LUCY, CHRIS)
    s, _ = play(s, "demand 1")  # (d)
    assert s.rows[0] == (JULIAN,) and s.rows[1] == (SARA,)
    # (e) Lucy's second Viking may go to any of the five rows, her own included
    assert s.decision.player == LUCY and legal(s) == {f"demand {n}" for n in range(1, 6)}


def test_example_jarl_reservation_moves_card_goods_and_viking_to_the_leftmost_slot():
    s = demand_position("jarl")
    assert "reserve 8" in legal(s) and "demand 6" not in legal(s)
    s, _ = play(s, "demand 5", "demand 2", "demand 5", "reserve 8")
    assert s.reserved == ((s.cards.index["B22"], JULIAN),) and space(s, 8) is None
    assert cargo(s, "B22") == Counter({"wool": 1, "jet": 1})
    s, _ = play(s, "reserve 10")
    assert [ids(s, [c])[0] for c, _ in s.reserved] == ["B22", "A18"]


def test_row_holds_at_most_eight_and_empty_spaces_take_no_viking():
    s = G.scenario({"players": 4, "phase": "demand", "spaces": {"1": "A01", "2": "A03"},
                    "rows": {"1": [0, 1, 2, 3, 0, 1, 2, 3]}, "seats": [{"vikings": 1}] * 4})
    assert legal(s) == {"demand 2"}
    with pytest.raises(IllegalAction) as err:
        G.apply(s, G.parse_notation("demand 1"))
    assert err.value.illegal.code == "row_full"
    assert G.check(s, G.parse_notation("demand 3")).code == "space_empty"


def test_seat_without_vikings_is_skipped_and_unclaimed_cards_leave_with_goods_to_supply():
    s = G.scenario({"players": 3, "phase": "demand", "spaces": {"1": "A01", "2": "B08", "3": "A03", "4": "A06"},
                    "cargo": {"B08": ["amber", "iron", "jet"]}, "seats": [{"vikings": 2}, {"vikings": 0},
                                                                         {"vikings": 1}]})
    s, _ = play(s, "demand 1")
    assert s.decision.player == 2
    s, ev = play(s, "demand 3", "demand 1")
    assert set(ids(s, s.boxed)) >= {"B08", "A06"} and s.supply[GOODS.index("amber")] == 1
    assert s.decision.kind == "jorvik_purchase" and s.decision.facts["space"] == 1


def test_jarl_unreserved_cards_on_7_to_12_leave():
    s = demand_position("jarl")
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "demand",
                    "spaces": {"1": "A01", "7": "A16", "8": "A17"}, "seats": [{"vikings": 1}, {"vikings": 1}]})
    s, _ = play(s, "reserve 7", "demand 1")
    assert "A17" in ids(s, s.boxed) and s.decision.kind == "jorvik_purchase"


# ---- purchase phase ------------------------------------------------------------------------------------------


def purchase_position(mode: str = "karl", **extra: Any) -> Any:
    spec: dict[str, Any] = {
        "players": 4, "start": LUCY, "phase": "purchase", "mode": mode,
        "spaces": {"1": "A03", "5": "B08"}, "cargo": {"B08": ["leather", "amber", "iron"]},
        "rows": {"1": [JULIAN, SARA, LUCY], "5": [LUCY, CHRIS, LUCY, JULIAN]},
        "seats": [{"vikings": 0}, {"vikings": 2}, {"vikings": 2}, {"vikings": 1}]}
    spec.update(extra)
    return G.scenario(spec)


def test_example_purchase_a_julian_declines_sara_buys_for_two():
    s = purchase_position()
    d = s.decision
    assert (d.kind, d.player, d.facts["price"], d.facts["space"]) == ("jorvik_purchase", JULIAN, 3, 1)
    s, _ = play(s, "withdraw")
    assert s.decision.player == SARA and s.decision.facts["price"] == 2
    s, ev = play(s, "buy")
    assert s.coins[SARA] == 3 and ids(s, s.loading[SARA]) == ["A03"]
    assert s.vikings[LUCY] == 1 and s.vikings[JULIAN] == 2 and s.vikings[SARA] == 3  # everyone's Vikings return
    assert any(isinstance(e, CardBought) and e.price == 2 for e in ev)


def test_example_purchase_b_lucy_waits_and_buys_the_ship_for_two():
    s = purchase_position()
    s, _ = play(s, "withdraw", "buy")
    d = s.decision
    assert (d.player, d.facts["price"], d.facts["space"]) == (LUCY, 4, 5)
    s, _ = play(s, "withdraw")
    assert s.decision.player == CHRIS and s.decision.facts["price"] == 3
    s, _ = play(s, "withdraw")
    assert s.decision.player == LUCY and s.decision.facts["price"] == 2
    s, ev = play(s, "buy")
    bought = next(e for e in ev if isinstance(e, CardBought))
    assert (bought.player, bought.card, bought.price, bought.coins) == (LUCY, "B08", 2, 3)
    assert s.vikings[JULIAN] == 3  # Julian never got his chance
    # the purchase phase is over: Lucy's loading step has begun with the ship's goods
    assert s.decision.kind == "jorvik_assign" and s.decision.facts["pool"] == {"amber": 1, "iron": 1, "leather": 1}


def test_example_purchase_c_reservation_row_prices_three_two_one():
    s = G.scenario({"players": 4, "mode": "jarl", "start": LUCY, "phase": "purchase",
                    "reserved": [["B22", JULIAN], ["A16", SARA], ["D03", CHRIS]], "cargo": {"B22": ["wool", "jet"]},
                    "seats": [{}, {"coins": 1}, {"coins": 4}, {"coins": 5}]})
    d = s.decision
    assert (d.kind, d.player, d.facts["price"]) == ("jorvik_reserved_purchase", JULIAN, 3)
    s, _ = play(s, "buy")
    assert s.coins[JULIAN] == 2 and ids(s, s.loading[JULIAN]) == ["B22"]
    assert s.decision.player == SARA and s.decision.facts["price"] == 2 and legal(s) == {"withdraw"}
    s, _ = play(s, "withdraw")
    assert "A16" in ids(s, s.boxed)
    assert s.decision.player == CHRIS and s.decision.facts["price"] == 1
    s, ev = play(s, "buy")
    bought = next(e for e in ev if isinstance(e, CardBought))
    assert (bought.player, bought.card, bought.price, bought.coins) == (CHRIS, "D03", 1, 3)
    assert s.reserved == () and s.vikings == (4, 4, 4, 4)


def test_cannot_buy_without_coins_and_unbought_card_leaves():
    s = G.scenario({"players": 2, "phase": "purchase", "spaces": {"1": "B08"}, "rows": {"1": [0]},
                    "cargo": {"B08": ["jet", "jet", "wool"]}, "seats": [{"coins": 0, "vikings": 2}, {}]})
    assert legal(s) == {"withdraw"} and G.check(s, G.parse_notation("buy")).code == "cannot_afford"
    s, _ = play(s, "withdraw")
    assert "B08" in ids(s, s.boxed) and s.supply[GOODS.index("jet")] == 2


# ---- loading phase ----------------------------------------------------------------------------------------------


def test_example_loading_a_to_d_and_the_five_vp_craft():
    s = G.scenario({"players": 4, "start": LUCY, "turn": LUCY, "phase": "loading",
                    "seats": [{"loading": ["A03", "B08"], "display": ["A07"], "coins": 2}, {}, {}, {}],
                    "cargo": {"B08": ["leather", "amber", "iron"]}})
    assert s.coins[LUCY] == 3  # (a) income 1: she bought cards
    assert ids(s, s.display[LUCY]) == ["A07", "A03"] and ids(s, s.loading[LUCY]) == ["B08"]  # (b)
    assert s.decision.kind == "jorvik_assign" and s.decision.facts["pool"] == {"amber": 1, "iron": 1, "leather": 1}
    s, _ = play(s, "craft leather A03")  # (c1)
    s, _ = play(s, "sell amber")  # (c2) one coin for the amber
    assert s.coins[LUCY] == 4 and s.supply[GOODS.index("amber")] == 1
    s, _ = play(s, "store iron")  # (c3) nothing else can take the iron
    assert s.storage[LUCY][GOODS.index("iron")] == 1
    assert "B08" in ids(s, s.display[LUCY]) and s.loading[LUCY] == ()  # (d) the ship joins the display
    assert s.start == SARA  # the other seats had nothing to load; the marker passed to Sara
    assert dict(score_breakdown(s, LUCY))["craft"] == 0  # the craft still lacks its wool
    done = G.scenario({"players": 2, "seats": [{"display": ["A03"], "crafts": {"A03": ["leather", "wool"]}}, {}]})
    assert dict(score_breakdown(done, 0))["craft"] == 5


def test_income_two_without_purchase_jarl_plus_one_and_the_mint_even_in_the_loading_area():
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0})
    assert s.coins == (7, 7)  # both bought nothing: 2 each (the second seat followed at once)
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["C13"]}, {"display": ["C13"]} if False else {}]})
    assert s.coins == (5 + 1 + 1 + 1, 5 + 3)  # bought the mint: 1 + Jarl 1 + mint 1; the other 2 + 1


def test_start_player_passes_clockwise_after_loading():
    s = G.scenario({"players": 3, "phase": "loading", "turn": 2, "start": 2, "deck": ["A01", "A02", "A03", "A04"]})
    assert s.start == 0 and s.round == 2 and s.decision.kind == "jorvik_demand" and s.decision.player == 0


def test_craft_goods_are_permanent_and_must_match():
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["B08"], "display": ["A03", "A04"]}, {}],
                    "cargo": {"B08": ["leather", "leather", "jet"]}})
    assert legal(s) >= {"craft leather A03", "store leather", "store jet", "done"}
    assert "craft jet A03" not in legal(s) and not any(x.startswith("craft") and "A04" in x for x in legal(s))
    s, _ = play(s, "craft leather A03")
    assert "craft leather A03" not in legal(s)  # its one leather space is full
    assert not any(x.startswith("pick") for x in legal(s))  # nothing takes it back off


def test_traders_any_number_of_times_and_leftovers_to_supply():
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["B08"], "display": ["A11"]}, {}], "cargo": {"B08": ["jet", "jet", "wool"]}})
    s, _ = play(s, "sell jet", "sell jet")
    assert s.coins[0] == 5 + 1 + 2
    s, _ = play(s, "done")
    assert s.supply == (0, 0, 0, 1, 2, 0, 0, 0) and ids(s, s.display[0]) == ["A11", "B08"]


def test_storage_one_space_four_more_with_warehouse_reassigned_later():
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["B08"]}, {}], "cargo": {"B08": ["jet", "wool", "amber"]}})
    s, _ = play(s, "store jet")
    assert not any(x.startswith("store") for x in legal(s))  # the one board space is taken
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["B08"], "display": ["A12"]}, {}],
                    "cargo": {"B08": ["jet", "wool", "amber"]}})
    s, _ = play(s, "store jet", "store wool", "store amber")
    assert sum(s.storage[0]) == 3 and dict(score_breakdown(s, 0))["building"] == 3
    # a later loading phase: the stored wool goes onto a new craft card
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["A03"], "storage": {"wool": 1}}, {}]})
    assert "craft wool A03" in legal(s)
    s, _ = play(s, "craft wool A03")
    assert s.storage[0] == (0,) * 8


def test_market_exchange_three_for_one_from_the_supply_and_two_goods_for_a_coin():
    s = G.scenario({"players": 2, "phase": "loading", "turn": 0, "start": 0, "supply": {"silk": 0, "wool": 1},
                    "seats": [{"loading": ["B08", "B09"], "display": ["A03"]}, {}],
                    "cargo": {"B08": ["jet", "jet", "iron"], "B09": ["amber", "amber", "iron"]}})
    s, _ = play(s, "give jet", "give jet")
    assert s.decision.kind == "jorvik_exchange" and "take coin" in legal(s) and "take wool" not in legal(s)
    s, _ = play(s, "give iron")
    assert legal(s) == {"take wool", "take jet", "take iron"}  # only what lies in the goods supply
    s, _ = play(s, "take wool", "craft wool A03", "give amber", "give amber", "take coin")
    assert s.coins[0] == 5 + 1 + 1 and s.supply == (2, 1, 0, 0, 2, 0, 0, 0)


def test_oracle_two_vp_per_good():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "loading", "turn": 0, "start": 0,
                    "seats": [{"loading": ["B08"], "display": ["B14"]}, {}], "cargo": {"B08": ["jet", "jet", "wool"]}})
    s, _ = play(s, "sacrifice jet", "sacrifice jet")
    assert s.vp[0] == 14


# ---- Jarl cards: one test per effect kind ------------------------------------------------------------------


def test_gain_coins_and_coin_from_each_act_on_purchase_and_leave_after_income():
    s = G.scenario({"players": 3, "mode": "jarl", "phase": "purchase", "spaces": {"1": "C22", "2": "C24"},
                    "rows": {"1": [0], "2": [0]}, "seats": [{"vikings": 2}, {"coins": 0}, {"coins": 3}]})
    s, _ = play(s, "buy")
    assert s.coins[0] == 5 - 1 + 4
    s, ev = play(s, "buy")
    assert next(e for e in ev if e.kind == "immediate_effect").coins == (1, 0, -1)  # seat 1 had no coin
    # then loading: income 1 + 1 (Jarl) for seat 0, 2 + 1 for the others; both cards go back into the box
    assert s.coins == (8 - 1 + 1 + 2, 0 + 3, 2 + 3)
    assert {"C22", "C24"} <= set(ids(s, s.boxed)) and s.display[0] == ()


def test_brown_vikings_placed_optionally_then_to_the_box_and_the_card_after_them():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "demand", "spaces": {"1": "A01", "2": "A03", "3": "A06"},
                    "seats": [{"vikings": 1, "brown": 2, "display": ["B23"]}, {"vikings": 1}]})
    assert "demand 1 brown" in legal(s) and "skip" not in legal(s)
    s, _ = play(s, "demand 1", "demand 2")
    assert "skip" in legal(s) and s.decision.facts["brown"] == 2
    s, _ = play(s, "demand 3 brown")
    assert s.decision.player == 0  # the other seat is out of Vikings
    s, _ = play(s, "demand 3 brown")
    assert s.rows[2] == (8, 8) and s.brown[0] == 0
    s, _ = play(s, "buy", "buy", "withdraw")  # space 3: the first brown Viking withdraws
    assert "B23" in ids(s, s.display[0])  # one brown Viking still stands in the row
    s, _ = play(s, "buy")
    assert "B23" in ids(s, s.boxed) and s.vikings[0] == 1  # both brown ones gone: the card goes too


def test_brown_card_on_purchase_takes_the_two_brown_vikings():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "purchase", "spaces": {"1": "B23"}, "rows": {"1": [1]}})
    s, _ = play(s, "buy")
    assert s.brown == (0, 2) and s.brown_supply == 0


def test_pay_purchase_with_the_card_even_from_the_loading_area():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "purchase", "spaces": {"1": "A24", "2": "B07"},
                    "rows": {"1": [0], "2": [0, 1, 1]}, "seats": [{"coins": 1, "vikings": 0}, {}]})
    s, _ = play(s, "buy")
    assert "buy with card" in legal(s) and "buy" not in legal(s)  # 0 coins left, price 3
    s, ev = play(s, "buy with card")
    bought = next(e for e in ev if isinstance(e, CardBought))
    assert bought.paid_with == "A24" and bought.price == 0 and "A24" in ids(s, s.boxed)


def test_exchange_building_two_goods_for_one():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "loading", "turn": 0, "start": 0, "supply": {"gold": 1},
                    "seats": [{"loading": ["B08"], "display": ["A23", "A22"]}, {}],
                    "cargo": {"B08": ["jet", "iron", "amber"]}})
    s, _ = play(s, "give jet", "give iron")
    assert "take gold" in legal(s)
    s, _ = play(s, "take gold", "craft gold A22")
    assert dict(s.crafts)[s.cards.index["A22"]][GOODS.index("gold")] == 1


def test_reassign_three_craft_goods_once_any_phase():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "demand", "spaces": {"1": "A01"},
                    "seats": [{"display": ["D27", "A03", "A04"], "crafts": {"A03": ["leather"]},
                               "storage": {}}, {}]})
    assert "use D27" in legal(s)
    s, _ = play(s, "use D27")
    assert s.decision.kind == "jorvik_pick" and legal(s) == {"pick leather A03", "done"}
    s, _ = play(s, "pick leather A03")
    assert s.decision.kind == "jorvik_assign" and s.decision.facts["immediate"]
    assert legal(s) == {"craft leather A03", "store leather", "done"}
    s, _ = play(s, "store leather")
    assert "D27" in ids(s, s.boxed) and s.decision.kind == "jorvik_demand"


def test_take_one_good_from_supply_once():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "purchase", "spaces": {"1": "A01"}, "rows": {"1": [0]},
                    "supply": {"wool": 1}, "seats": [{"display": ["C25", "A03"]}, {}]})
    s, _ = play(s, "use C25", "take wool", "craft wool A03")
    assert s.supply == (0,) * 8 and s.decision.kind == "jorvik_purchase"


def test_steal_a_good_from_another_players_unfulfilled_craft():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "purchase", "spaces": {"1": "A01"}, "rows": {"1": [0]},
                    "seats": [{"display": ["D28", "A03"]}, {"display": ["B06", "A04"],
                                                             "crafts": {"B06": ["wool"], "A04": ["amber", "iron"]}}]})
    assert legal(s) >= {"use D28"}
    s, _ = play(s, "use D28")
    assert legal(s) == {"pick wool B06"}  # A04 is fulfilled: safe
    s, _ = play(s, "pick wool B06", "craft wool A03")
    assert dict(score_breakdown(s, 1))["craft"] == 5


def test_traitor_swaps_two_vikings_at_the_end_of_the_demand_phase():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "demand", "spaces": {"1": "A01", "2": "A03"},
                    "seats": [{"vikings": 1, "display": ["B25"]}, {"vikings": 1}]})
    s, _ = play(s, "demand 1", "demand 2")
    assert s.decision.kind == "jorvik_traitor_swap" and legal(s) == {"swap 1.1 2.1", "skip"}
    s, _ = play(s, "swap 1.1 2.1")
    assert s.rows[0] == (1,) and s.rows[1] == (0,) and "B25" in ids(s, s.boxed)
    assert s.decision.kind == "jorvik_purchase" and s.decision.player == 1


def test_a_swap_may_name_its_two_places_in_either_order():
    s = G.scenario({"players": 2, "mode": "jarl", "phase": "demand", "spaces": {"1": "A01", "2": "A03"},
                    "seats": [{"vikings": 1, "display": ["B25"]}, {"vikings": 1}]})
    s, _ = play(s, "demand 1", "demand 2")
    assert G.parse_notation("swap 2.1 1.1") == G.parse_notation("swap 1.1 2.1")
    assert G.check(s, G.parse_notation("swap 2.1 1.1")) is None
    assert G.parse_notation("swap R1 1.2") == G.parse_notation("swap 1.2 R1")
    s, _ = play(s, "swap 2.1 1.1")
    assert s.rows[0] == (1,) and s.rows[1] == (0,)


def test_defence_cards_double_warrior_double_win_and_pay_to_lose_nothing():
    spec = {"players": 3, "mode": "jarl", "deck": ["B04", "A01", "A03", "A04", "A05", "A06", "A07", "A08", "A09"],
            "seats": [{"display": ["A02", "B24", "D29"]}, {"display": ["C02"]}, {"display": ["C23"], "coins": 3}]}
    s = G.scenario(spec)  # defence: 2 doubled = 4, 4, 0
    assert s.decision.kind == "jorvik_picts_double" and s.decision.player == 0
    s, _ = play(s, "double")
    assert s.decision.kind == "jorvik_picts_protect" and s.decision.player == 2
    s, ev = play(s, "pay")
    assert s.vp == (14, 12, 10) and s.coins[2] == 1 and "D29" in ids(s, s.boxed)
    assert s.decision.kind == "jorvik_demand"  # the offer phase went on


def test_skalds_feasts_raid_doubler_and_traders_at_final_scoring():
    disp = ["D22", "D23", "D24", "D25", "D26", "D14", "D15", "A07", "A08", "A03", "A06", "B13", "D10", "D11", "A01"]
    s = G.scenario({"players": 2, "mode": "jarl", "seats": [{"display": disp}, {}]})
    b = dict(score_breakdown(s, 0))
    # skalds: 2 traders + 1 craft + 1 warrior + 2 raids + doubled raid 4 = 10; feasts 4 -> 14; raids 7; traders 2
    assert b == {"craft": 0, "trader": 2, "raid": 7, "feast": 14, "skald": 10, "building": 0}


# ---- notation --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["demand 3", "demand 3 brown", "reserve 8", "reserve 12 brown", "buy",
                                  "buy with card", "withdraw", "skip", "swap 1.2 R1", "double", "pay", "use D27",
                                  "craft leather A03", "sell amber", "sacrifice jet", "store wool", "give iron",
                                  "take gold", "take coin", "pick wool B06", "done"])
def test_notation_round_trips(text: str):
    a = G.parse_notation(text)
    assert G.to_notation(a) == text and G.parse_notation(text.upper()) == a
    assert G.action_from_json(G.action_to_json(a)) == a


@pytest.mark.parametrize("text", ["", "demand", "demand 7", "reserve 3", "buy it", "sell", "sell rubies",
                                  "craft amber", "swap 1 2", "hello"])
def test_bad_notation_is_refused(text: str):
    with pytest.raises(NotationError):
        G.parse_notation(text)


def test_scenario_refuses_impossible_positions():
    for spec in ({"players": 6}, {"players": 2, "spaces": {"1": "ZZZ"}}, {"players": 2, "mode": "karl",
                                                                           "spaces": {"1": "A16"}},
                 {"players": 2, "spaces": {"1": "A01", "2": "A01"}}, {"players": 2, "rows": {"1": [0]}},
                 {"players": 2, "oops": 1}):
        with pytest.raises(ScenarioError):
            G.scenario(spec)


def test_nothing_is_hidden_between_players():
    assert G.info.hidden_between_players is False
    s = G.new_game(3, 4)
    assert all(G.holdings(s, p) == frozenset() for p in range(3))
    v = G.view(s, 0).to_json()
    assert v == {**G.view(s, 1).to_json(), "you": 0} and "deck" not in v and v["deck_left"] == len(s.deck)
