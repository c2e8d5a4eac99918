"""Every In the Name of Odin rule (../shared/rules/004_… English, 000_… German, 003_… French), including the
rulebook's worked examples replayed with their exact figures, the effect vocabulary and the edition option."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine import IllegalAction, NotationError, OptionsError, ScenarioError, load_game
from engine.name_of_odin import check_cards, load_cards
from engine.name_of_odin.actions import Gather, Match, Raid, Recruit
from engine.name_of_odin.cards import EFFECTS, TYPES, default_set, problems

G = load_game("name-of-odin")
CS = default_set()


def sc(**spec):
    spec.setdefault("players", 2)
    return G.scenario(spec)


def play(s, *texts):
    events = []
    for t in texts:
        s, ev = G.apply(s, G.from_notation(s, t))
        events.extend(ev)
    return s, events


def legal(s):
    return {G.to_notation(a) for a in G.legal_actions(s)}


def of(events, kind):
    return [e for e in events if e.kind == kind]


def hand_types(s, p):
    return sorted(TYPES[CS.act_type[c]] for c in range(CS.n_actions) if s.hands[p] >> c & 1)


SEA = [None, None, None, "iona", None, None]  # iona in the centre zone


# ---- the rulebook's worked examples --------------------------------------------------------------------------


def test_example_1_ragnar_gathers_three_warriors_and_returns_one_trader():
    s = sc(hands=[["WR", "WC", "TN"], []], vikings=[[0, 4, 4], [0, 0, 0]])
    s, ev = play(s, "gather WR WC")
    assert of(ev, "vikings_gathered")[0].gained == 3
    assert s.vikings[0] == (3, 4, 4) and s.decision.kind == "noo_release"
    assert s.decision.facts["count"] == 1 and s.decision.facts["forbidden"] is None
    assert legal(s) == {"release W", "release T", "release S"}
    s, ev = play(s, "release T")
    assert s.vikings[0] == (3, 3, 4) and sum(s.vikings[0]) == 10
    assert s.hall == (27, 27, 26) and s.decision.kind == "noo_action"


def test_example_2_thorsten_builds_the_shipyard_not_a_second_forge():
    s = sc(hands=[["WC", "TC", "SC", "WR"], []], buildings=[["forge1"], []], tokens=[1, 0],
           building_offer=["forge2", "forge3", "rune1", "yard2"])
    builds = {t.split()[1] for t in legal(s) if t.startswith("build")}
    assert builds == {"rune1", "yard2"}
    assert G.check(s, G.parse_notation("build forge2 WC TC SC")).code == "building_space_taken"
    top = s.bdeck[-1]
    s, ev = play(s, "build yard2 WC TC SC")
    assert s.blds[0] == 1 << CS.building_index["forge1"] | 1 << CS.building_index["yard2"]
    assert s.ctok[0] == 0 and s.cstock == 20 and hand_types(s, 0) == ["WR"]
    assert s.boffer[3] == top and of(ev, "building_built")[0].revealed == CS.buildings[top].code


def test_example_3_skadi_pays_five_for_her_second_token_and_reaches_the_cap():
    s = sc(hands=[["WC", "WC", "TC", "TC", "SC", "SR"], []], buildings=[["jarl2", "inn3", "rune3"], []],
           tokens=[1, 0])
    assert G.token_cost(s, 0) == 5
    tokens = [t for t in legal(s) if t.startswith("token")]
    assert tokens == ["token WC WC TC TC SC"]
    s, ev = play(s, "token WC WC TC TC SC")
    assert s.ctok[0] == 2 and of(ev, "construction_token_obtained")[0].cost == 5
    assert not any(t.startswith("token") for t in legal(s))
    assert G.check(s, G.parse_notation("token SR")).code == "token_limit"


def skadi(players=4, damage=1, **extra):
    """Examples 4-9: Skadi (seat 0) raids Iona in the centre zone (Warrior token) with a 3-range longship with
    1 damage whose ability discounts 1 Trader, and a Sailor hero."""
    spec = dict(players=players, heroes=["astrid"] + [None] * (players - 1),
                longships=[[{"ship": "serpent", "damage": damage}]] + [[]] * (players - 1),
                vikings=[[2, 3, 1]] + [[0, 0, 0]] * (players - 1), sea=SEA, zone_tokens=[None, "W", "T"],
                buildings=[["forge1"]] + [[]] * (players - 1),
                hands=[["SC", "WR", "TN"], ["WC", "SN"], ["TR"], ["TC", "WN"]][:players], deck_top=["SR"])
    spec.update(extra)
    return G.scenario(spec)


def test_example_4_range_two_is_exactly_enough_for_the_centre_zone():
    s = skadi()
    terms = G.raid_terms(s, 0, "iona", "serpent")
    assert terms["range_needed"] == 2 and terms["range"] == 2
    assert "raid iona serpent" in legal(s)
    far = skadi(damage=2)
    assert G.raid_terms(far, 0, "iona", "serpent")["range"] == 1
    assert G.check(far, Raid("iona", "serpent")).code == "raid_out_of_range"


def test_example_5_hero_and_longship_discounts_leave_two_traders_and_a_warrior():
    s, ev = play(skadi(), "raid iona serpent")
    d = of(ev, "raid_declared")[0]
    assert d.need == (1, 3, 1) and d.discount == (0, 1, 1) and d.paid == (1, 2, 0)
    assert s.vikings[0] == (1, 1, 1)


def test_example_6_ragnar_and_thorsten_add_craftsmanship_sif_passes_one_card_is_revealed():
    s, _ = play(skadi(), "raid iona serpent")
    assert s.decision.kind == "noo_raid_add" and s.decision.player == 1
    assert s.decision.facts["raider"] == 0 and s.decision.facts["room"] == 3
    s, _ = play(s, "add WC")
    assert s.decision.player == 2
    s, _ = play(s, "pass")
    assert s.decision.player == 3
    s, ev = play(s, "add TC")
    revealed = of(ev, "raid_cards_revealed")[0]
    assert len(revealed.cards) == 1 and revealed.cards[0].startswith("SR")
    assert s.decision.kind == "noo_raid_match" and s.decision.player == 0
    assert sorted(s.decision.facts["table"]) == ["SR", "TC", "WC"]


def raid_to_matching():
    s, _ = play(skadi(), "raid iona serpent", "add WC", "pass", "add TC")
    return s


def test_example_7_skadi_matches_craft_and_recruitment_her_forge_does_not_help():
    s = raid_to_matching()
    matches = legal(s)
    assert "match WR SC" in matches and max(len(m.split()) - 1 for m in matches) == 2
    assert G.check(s, Match(("SC", "WR", "TN"))).code == "no_matching_symbol"
    s, ev = play(s, "match WR SC")
    m = of(ev, "raid_matched")[0]
    assert len(m.played) == 2 and len(m.unmatched) == 1 and m.unmatched[0][1] == "C"


def test_example_8_iona_in_the_centre_with_one_card_left_gives_four_fame():
    s, ev = play(raid_to_matching(), "match WR SC")
    f = of(ev, "fame_received")[0]
    assert (f.raid_fame, f.zone_fame, f.bonus, f.adjustment, f.gained, f.fame) == (3, 1, 0, 0, 4, 4)
    assert s.fame[0] == 4 and s.done[0] == (CS.raid_index["iona"],)


def test_example_9_second_damage_of_three_leaves_range_one_and_the_ship_away():
    s, ev = play(raid_to_matching(), "match WR SC")
    d = of(ev, "longship_damaged")[0]
    assert (d.damage, d.range, d.destroyed) == (2, 1, False)
    assert s.ships[0] == ((CS.ship_index["serpent"], 2, True),)
    assert s.dstock == 18


def test_step_h_after_example_9_contributors_take_clockwise_and_the_hero_leaves():
    s, ev = play(raid_to_matching(), "match WR SC")
    sea = of(ev, "sea_replenished")[0]
    assert (sea.zone, sea.token, sea.new_token) == ("centre", "W", "S")
    assert s.ztokens == (-1, 2, 1) and s.spare == (0,)
    assert s.decision.kind == "noo_raid_take" and s.decision.player == 1
    offer_before = len(s.offer)
    s, _ = play(s, f"take {s.decision.facts['offer'][0]}")
    assert s.decision.player == 3 and len(s.offer) == offer_before - 1  # not refilled yet
    s, ev = play(s, f"take {s.decision.facts['offer'][0]}")
    assert len(s.offer) == CS.action_offer and of(ev, "offer_refilled")
    assert of(ev, "hero_left")[0].hero == "astrid" and s.heroes[0] == -1
    assert s.hdeck[0] == CS.hero_index["astrid"] and s.decision.kind == "noo_action" and s.decision.player == 0
    assert len(hand_types(s, 1)) == 2 and len(hand_types(s, 3)) == 2  # gave one, took one


def test_example_10_sif_buys_a_longship_with_two_cards_and_her_shipyard():
    s = sc(hands=[["WN", "SN", "TR"], []], buildings=[["yard3"], []], longship_offer=["raven", "wolf", "gull", "otter"])
    buys = {t for t in legal(s) if t.startswith("buy raven")}
    assert buys == {"buy raven WN SN"}
    s, _ = play(s, "buy raven WN SN")
    assert s.ships[0] == ((CS.ship_index["raven"], 0, False),) and hand_types(s, 0) == ["TR"]
    assert s.decision.facts["building_symbols"] == ""  # the Shipyard's symbol is used for this turn


def test_example_11_thorsten_scores_29():
    s = sc(fame=[16, 0], buildings=[["forge3", "jarl2", "inn3", "rune1"], []], longships=[["dragon"], []],
           vikings=[[2, 4, 4], [0, 0, 0]])
    score = G.final_scores(s)[0]
    assert (score.fame, score.buildings, score.longships, score.same_sets, score.mixed_sets, score.total) == (
        16, 7, 2, 2, 2, 29)


def sif_shortage():
    return sc(players=3, hands=[["SR", "SC", "SN"], [], []], vikings=[[3, 3, 0], [0, 0, 8], [0, 0, 8]],
              mead_hall=[24, 24, 3])


def test_example_12_sif_takes_a_sailor_from_skadi_then_stops():
    s, ev = play(sif_shortage(), "gather SR SC SN")
    g = of(ev, "vikings_gathered")[0]
    assert (g.gained, g.missing) == (3, 3) and s.hall[2] == 0
    assert s.decision.kind == "noo_take_viking" and s.decision.facts["choices"] == [1, 2]
    s, _ = play(s, "from 2")
    assert s.vikings[0] == (3, 3, 4) and s.vikings[2] == (0, 0, 7)
    assert s.decision.facts["choices"] == [1]  # Ragnar alone has the most now
    s, ev = play(s, "stop")
    assert of(ev, "viking_taking_stopped")[0].missing == 2
    assert s.vikings[0] == (3, 3, 4) and s.decision.kind == "noo_action"


def test_example_12_taking_past_the_limit_forbids_returning_sailors():
    s, _ = play(sif_shortage(), "gather SR SC SN", "from 2", "from 1")
    assert s.vikings[0] == (3, 3, 5) and s.decision.kind == "noo_take_viking"
    s, _ = play(s, "stop")
    assert s.decision.kind == "noo_release"
    assert s.decision.facts["forbidden"] == "S"
    assert legal(s) == {"release W", "release T"}


def test_shortage_taking_is_refused_when_the_excess_could_not_go_back():
    s = sc(players=3, hands=[["SR", "SC", "SN"], [], []], vikings=[[0, 0, 8], [0, 0, 8], [0, 0, 8]],
           mead_hall=[30, 30, 1])
    s, _ = play(s, "gather SR SC SN")
    assert s.vikings[0] == (0, 0, 9) and legal(s) == {"stop", "from 1", "from 2"}
    s, _ = play(s, "from 1")
    # an 11th Sailor could not be sent back: no choice is left, the taking ends by itself
    assert s.vikings[0] == (0, 0, 10) and s.decision.kind == "noo_action"


# ---- set-up --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,raids", [(2, 8), (3, 10), (4, 12), (5, 14)])
def test_setup_raid_deck_offers_tokens_and_hands(players, raids):
    s = G.new_game(players, 7)
    assert len(s.rdeck) + sum(1 for r in s.sea if r >= 0) == raids
    assert len(s.sea) == 6 and all(r >= 0 for r in s.sea)
    assert s.ztokens[0] == -1 and sorted([s.ztokens[1], s.ztokens[2], *s.spare]) == [0, 1, 2]
    assert all(h.bit_count() == 6 for h in s.hands) and len(s.offer) == 4
    assert len(s.hoffer) == 4 and len(s.boffer) == 4 and len(s.soffer) == 4
    assert s.fame == (0,) * players and s.hall == (30, 30, 30) and s.cstock == 20 and s.dstock == 20
    assert s.decision.kind == "noo_action" and s.decision.player == s.active


def test_new_game_refuses_bad_options():
    with pytest.raises(OptionsError):
        G.new_game(6, 1)
    with pytest.raises(OptionsError):
        G.new_game(3, 1, {"edition": "pl"})
    with pytest.raises(OptionsError):
        G.new_game(3, 1, {"cards": {"format": "nope"}})


# ---- action 1: exchange ----------------------------------------------------------------------------------------


def test_exchange_once_per_turn():
    s = sc(hands=[["WR", "TC"], []], offer=["SN", "SN", "WC", "TR"])
    assert "exchange WR SN" in legal(s) and "exchange WR WR" not in legal(s)
    s, ev = play(s, "exchange WR SN")
    assert hand_types(s, 0) == ["SN", "TC"] and of(ev, "cards_exchanged")[0].gave.startswith("WR")
    assert sorted(TYPES[CS.act_type[c]] for c in s.offer) == ["SN", "TR", "WC", "WR"]
    assert not any(t.startswith(("exchange", "refresh")) for t in legal(s))
    assert G.check(s, G.parse_notation("exchange TC WR")).code == "exchange_used"


def test_refresh_discards_the_offer_then_swap_or_stop_and_the_action_is_used():
    s = sc(hands=[["WR", "TC"], []], offer=["SN", "SN", "WC", "TR"])
    old = s.offer
    s, ev = play(s, "refresh WR")
    assert s.decision.kind == "noo_exchange" and s.decision.facts["swaps_left"] == 1
    assert set(old) <= set(s.discard) and len(s.offer) == 4 and not set(old) & set(s.offer)
    assert of(ev, "offer_refreshed")
    s, _ = play(s, "done")
    assert s.decision.kind == "noo_action" and not any(t.startswith("refresh") for t in legal(s))


def test_forge_with_extra_exchange_allows_a_second_swap():
    s = sc(hands=[["WR", "TC"], []], offer=["SN", "SN", "WC", "TR"], buildings=[["forge1"], []])
    s, _ = play(s, "exchange WR SN")
    assert s.decision.kind == "noo_exchange" and s.decision.facts["swaps_left"] == 1
    s, _ = play(s, "exchange TC SN")
    assert hand_types(s, 0) == ["SN", "SN"] and s.decision.kind == "noo_action"


# ---- action 2: gather ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cards,got", [(["WR"], 1), (["WR", "WC"], 3), (["WR", "WC", "WN"], 6)])
def test_gather_one_two_three_symbols_give_one_three_six(cards, got):
    s, _ = play(sc(hands=[cards + ["TR"], []]), "gather " + " ".join(cards))
    assert s.vikings[0] == (got, 0, 0) and s.hall[0] == 30 - got and len(s.discard) == len(cards)


def test_gather_needs_one_viking_type():
    s = sc(hands=[["WR", "TC"], []])
    assert G.check(s, Gather(("WR", "TC"))).code == "gather_mixed_vikings"
    with pytest.raises(IllegalAction):
        G.apply(s, Gather(("WR", "TC")))


def test_inn_raises_the_limit_to_14_and_a_gathering_inn_adds_one_once_per_turn():
    s = sc(hands=[["WR", "WC", "WN", "TR"], []], vikings=[[0, 4, 4], [0, 0, 0]], buildings=[["inn1"], []])
    s, ev = play(s, "gather WR WC WN")
    assert of(ev, "vikings_gathered")[0].bonus == 1
    assert s.vikings[0] == (7, 4, 4) and s.decision.facts["count"] == 1 and s.decision.facts["limit"] == 14
    s, _ = play(s, "release W", "gather TR")
    assert s.vikings[0] == (6, 5, 4) and s.decision.kind == "noo_release"  # no bonus the second time


# ---- action 3: recruit ------------------------------------------------------------------------------------------


def test_recruit_costs_by_space_leftmost_gives_fame_the_row_slides_right():
    s = sc(hands=[["WR", "TR", "SR", "WC"], []], hero_offer=["egil", "bard", "halfdan", "ivar"])
    rec = {t for t in legal(s) if t.startswith("recruit")}
    assert "recruit egil WR TR SR" in rec and "recruit bard WR TR" in rec and "recruit ivar WR" in rec
    assert "recruit egil WR TR" not in rec
    top = s.hdeck[-1]
    s, ev = play(s, "recruit egil WR TR SR")
    assert s.fame[0] == 1 and s.heroes[0] == CS.hero_index["egil"]
    assert s.hoffer == (top, CS.hero_index["bard"], CS.hero_index["halfdan"], CS.hero_index["ivar"])
    s2, _ = play(sc(hands=[["WR", "TR"], []], hero_offer=["egil", "bard", "halfdan", "ivar"]), "recruit halfdan WR")
    assert s2.fame[0] == 0 and s2.hoffer[1:] == (CS.hero_index["egil"], CS.hero_index["bard"], CS.hero_index["ivar"])


def test_a_new_hero_sends_the_old_one_under_the_deck():
    s = sc(hands=[["WR"], []], heroes=["egil", None], hero_offer=["bard", "halfdan", "ivar", "bjorn"])
    s, ev = play(s, "recruit bjorn WR")
    assert s.heroes[0] == CS.hero_index["bjorn"] and s.hdeck[0] == CS.hero_index["egil"]
    assert of(ev, "hero_recruited")[0].replaced == "egil"


def test_jarls_house_symbol_tops_up_but_never_pays_alone():
    s = sc(hands=[["WR", "TR"], []], buildings=[["jarl2"], []], hero_offer=["egil", "bard", "halfdan", "ivar"])
    rec = {t for t in legal(s) if t.startswith("recruit")}
    assert "recruit egil WR TR" in rec  # 3 = 2 cards + the Jarl's House
    assert "recruit ivar WR" in rec and "recruit ivar" not in rec  # cost 1: never the symbol alone
    s, _ = play(s, "recruit bard WR")
    assert "recruit" not in " ".join(t for t in legal(s) if "egil TR" in t)  # symbol used this turn


def test_cost_reduction_recruit_once_per_turn():
    s = sc(hands=[["WR", "TR", "SR"], []], buildings=[["rune1"], []], hero_offer=["egil", "bard", "halfdan", "ivar"])
    assert "recruit egil WR TR SR" in legal(s)
    s = sc(hands=[["WR", "TR", "SR"], []], buildings=[["jarl1"], []], hero_offer=["egil", "bard", "halfdan", "ivar"])
    rec = {t for t in legal(s) if t.startswith("recruit")}
    assert "recruit egil WR" in rec  # 3 - 1 (reduction) - 1 (symbol) = 1 card
    assert "recruit ivar" in rec  # cost 1 reduced to 0: no symbol used, nothing to pay
    s, _ = play(s, "recruit ivar")
    assert "recruit bard WR TR" not in legal(s) and "recruit bard WR" in legal(s)  # reduction gone, symbol left


# ---- action 4: hero action abilities --------------------------------------------------------------------------


@pytest.mark.parametrize("hero,check", [
    ("bard", lambda s, ev: s.hands[0].bit_count() == 3 and ev.cards_drawn == 2),
    ("halfdan", lambda s, ev: s.vikings[0] == (3, 0, 0)),
    ("erik", lambda s, ev: s.vikings[0] == (0, 3, 0)),
    ("aslaug", lambda s, ev: s.vikings[0] == (0, 0, 3)),
    ("ulf", lambda s, ev: s.ctok[0] == 1 and s.cstock == 19),
    ("gunnhild", lambda s, ev: s.ships[0][0][1] == 1 and ev.repaired == 1),
    ("astrid", lambda s, ev: s.ships[0][0][2] is False and ev.returned == ("dragon",)),
    ("harald", lambda s, ev: s.fame[0] == 2),
])
def test_hero_action_abilities_then_the_hero_leaves(hero, check):
    s = sc(hands=[["WR"], []], heroes=[hero, None], longships=[[{"ship": "dragon", "damage": 2, "away": True}], []])
    s, ev = play(s, f"use {hero}")
    used = of(ev, "hero_ability_used")[0]
    assert check(s, used)
    assert s.heroes[0] == -1 and s.hdeck[0] == CS.hero_index[hero]
    assert G.reveals(used) == (used.cards_drawn > 0)


def test_raid_ability_heroes_have_no_action():
    s = sc(hands=[["WR"], []], heroes=["egil", None])
    assert not any(t.startswith("use") for t in legal(s))
    assert G.check(s, G.parse_notation("use egil")).code == "raid_ability_only"


# ---- actions 5-9 --------------------------------------------------------------------------------------------


def test_build_needs_a_token_and_its_own_empty_space():
    s = sc(hands=[["WC", "TC", "SC"], []], building_offer=["forge2", "forge3", "rune1", "yard2"])
    assert not any(t.startswith("build") for t in legal(s))
    assert G.check(s, G.parse_notation("build forge2 WC TC SC")).code == "no_construction_token"


def test_cost_reduction_build_and_forge_symbol():
    s = sc(hands=[["WC"], []], buildings=[["forge3"], []], tokens=[1, 0],
           building_offer=["forge2", "jarl1", "rune1", "yard2"])
    assert "build jarl1 WC" in legal(s)  # 3 - 1 reduction - 1 Forge symbol


def test_no_eligible_buildings_cycles_the_offer():
    built = [["forge1", "jarl1", "yard1", "inn1", "rune1"], ["forge2", "jarl2", "yard2", "inn2"]]
    s = sc(hands=[[], ["WC", "TC", "SC"]], buildings=built, tokens=[0, 1], active=1,
           building_offer=["rune2", "forge3", "forge4", "jarl3"])
    before = s.bdeck
    s, ev = play(s, "build rune2 WC TC SC")
    # every type is now built by both players: no card could ever be built, so nothing is cycled
    assert not of(ev, "building_offer_cycled") and s.bdeck == before[:-1]


def test_no_eligible_buildings_stops_on_a_buildable_card():
    built = [["forge1", "jarl1", "yard1", "inn1"], ["forge2", "jarl2", "yard2", "rune2"]]
    s = sc(hands=[["WC", "TC", "SC"], []], buildings=built, tokens=[1, 0],
           building_offer=["rune1", "forge3", "forge4", "jarl3"])
    s, ev = play(s, "build rune1 WC TC SC")
    types = {CS.buildings[b].type for b in s.boffer if b >= 0}
    assert of(ev, "building_offer_cycled") and 4 in types  # an Inn: seat 1 can still build one


def test_token_reduction_and_the_token_cap():
    s = sc(hands=[["WC", "TC"], []], buildings=[["forge2"], []])
    assert G.token_cost(s, 0) == 2
    toks = {t for t in legal(s) if t.startswith("token")}
    assert toks == {"token WC", "token TC"}  # 2 - 1 reduction = 1 card (the Forge symbol may not pay alone)


@pytest.mark.parametrize("blds,slots", [([], 1), (["yard3"], 2), (["yard1"], 3)])
def test_longship_spaces(blds, slots):
    s = sc(hands=[["WN", "TN", "SN"] * 4, []], buildings=[blds, []])
    for _ in range(slots):
        s, _ = play(s, min(t for t in legal(s) if t.startswith("buy")))
    assert len(s.ships[0]) == slots and hand_types(s, 0)
    assert not any(t.startswith("buy") for t in legal(s))
    ship = CS.ships[next(x for x in s.soffer if x >= 0)].code
    assert G.check(s, G.parse_notation(f"buy {ship} WN TN SN")).code in ("no_free_shore_space", "cards_not_in_hand")
    assert G.check(s, G.parse_notation(f"buy {ship} WN")).code == "no_free_shore_space"


def test_return_and_repair_cost_two_seamanship_repair_works_while_away():
    s = sc(hands=[["WN", "TN", "SN", "WN"], []], longships=[[{"ship": "dragon", "damage": 2, "away": True}], []])
    assert {"return dragon WN TN", "repair dragon WN TN"} <= legal(s)
    s, ev = play(s, "repair dragon WN SN")
    assert s.ships[0] == ((CS.ship_index["dragon"], 1, True),) and s.dstock == 19
    s, ev = play(s, "return dragon WN TN")
    assert s.ships[0] == ((CS.ship_index["dragon"], 1, False),)
    assert G.check(s, G.parse_notation("return dragon")).code == "longship_not_away"


def test_return_reduction():
    s = sc(hands=[["WN"], []], buildings=[["yard4"], []], longships=[[{"ship": "dragon", "away": True}], []])
    returns = {t for t in legal(s) if t.startswith("return")}
    assert returns == {"return dragon WN"}  # 2 - 1 reduction = 1 card; the Shipyard symbol may not pay alone


# ---- action 10: raids ----------------------------------------------------------------------------------------


def raider(**extra):
    spec = dict(heroes=["astrid", None], longships=[["eagle"], []], vikings=[[5, 5, 5], [0, 0, 0]],
                sea=["hedeby", "orkney", "york", "iona", "dublin", "paris"], zone_tokens=[None, "W", "T"],
                hands=[["WR", "TC", "SN"], ["WC", "SN"]])
    spec.update(extra)
    return sc(**spec)


def test_raid_needs_a_hero_and_a_face_up_longship():
    assert not any(t.startswith("raid") for t in legal(raider(heroes=[None, None])))
    assert G.check(raider(heroes=[None, None]), Raid("hedeby", "eagle")).code == "raid_needs_hero"
    away = raider(longships=[[{"ship": "eagle", "away": True}], []])
    assert G.check(away, Raid("hedeby", "eagle")).code == "longship_away"
    raids = {t for t in legal(raider()) if t.startswith("raid")}
    assert raids == {f"raid {r} eagle" for r in ("hedeby", "orkney", "york", "iona", "dublin", "paris")}


def test_raid_range_by_zone():
    s = raider(longships=[["raven"], []])  # range 2: upper and centre only
    raids = {t.split()[1] for t in legal(s) if t.startswith("raid")}
    assert raids == {"hedeby", "orkney", "york", "iona", "dublin"}
    assert G.check(s, Raid("paris", "raven")).code == "raid_out_of_range"


def test_raid_lacking_vikings_says_what_is_missing():
    s = raider(vikings=[[0, 2, 0], [0, 0, 0]], heroes=["bard", None])
    why = G.check(s, Raid("iona", "eagle"))
    assert why.code == "raid_lacks_vikings"
    assert why.params["need"] == {"W": 1, "T": 3, "S": 1} and why.params["have"] == {"W": 0, "T": 2, "S": 0}


def test_at_least_one_viking_goes_back_the_raider_chooses_which():
    s = raider(heroes=["sigurd", None], longships=[["eagle"], []], sea=["orkney", None, None, None, None, None],
               vikings=[[1, 1, 1], [0, 0, 0]])
    # orkney needs W S; hero symbol S, Sigurd S+2, Eagle S+1: the Warrior is still owed
    assert {t for t in legal(s) if t.startswith("raid")} == {"raid orkney eagle"}
    s2 = raider(heroes=["sigurd", None], longships=[["eagle"], []], sea=["hedeby", None, None, None, None, None],
                vikings=[[1, 1, 1], [0, 0, 0]], hands=[["WR"], ["SN"]])
    # hedeby needs T S; Freydis-free: T still owed
    assert "raid hedeby eagle" in legal(s2)
    s3 = raider(heroes=["freydis", None], longships=[["eagle"], []], sea=["hedeby", None, None, None, None, None],
                vikings=[[1, 1, 1], [0, 0, 0]])
    # hedeby T S: Freydis (T symbol, T+2) and Eagle (S+1) cover everything: pay one T or S, raider's choice
    assert {t for t in legal(s3) if t.startswith("raid")} == {"raid hedeby eagle pay T", "raid hedeby eagle pay S"}
    assert G.check(s3, Raid("hedeby", "eagle")).code == "raid_pay_one_viking"
    s3, ev = play(s3, "raid hedeby eagle pay S")
    assert of(ev, "raid_declared")[0].paid == (0, 0, 1) and s3.vikings[0] == (1, 1, 0)


def test_building_discount_in_step_c_english_yes_german_no():
    spec = dict(buildings=[["jarl3"], []], vikings=[[1, 2, 1], [0, 0, 0]])
    en = raider(**spec)
    de = raider(edition="de", **spec)
    fr = raider(edition="fr", **spec)
    assert G.raid_terms(en, 0, "iona", "eagle")["pay"] == (1, 2, 0)  # 3 T - 1 (Trading House)
    assert G.raid_terms(fr, 0, "iona", "eagle")["pay"] == (1, 2, 0)
    assert G.raid_terms(de, 0, "iona", "eagle")["pay"] == (1, 3, 0)
    assert "raid iona eagle" in legal(en) and "raid iona eagle" not in legal(de)
    s, _ = play(en, "raid iona eagle")
    assert s.abil_used >> CS.building_index["jarl3"] & 1  # once per turn


def raid_through(s, raid, ship, adds=(), match="match none"):
    s, ev = play(s, f"raid {raid} {ship}")
    for a in adds:
        s, e = play(s, a)
        ev += e
    s, e = play(s, match)
    return s, ev + e


def test_step_d_five_players_the_fourth_must_pass():
    hands = [["WR"], ["WC"], ["TC"], ["SC"], ["SN"]]
    s = raider(players=5, heroes=["astrid"] + [None] * 4, longships=[["eagle"]] + [[]] * 4,
               vikings=[[5, 5, 5]] + [[0, 0, 0]] * 4, hands=hands)
    s, _ = play(s, "raid hedeby eagle", "add WC", "add TC", "add SC")
    assert s.decision.kind == "noo_raid_match"  # seat 4 was skipped: three cards lie there


def test_step_d_two_players_one_card_then_two_revealed():
    s, ev = play(raider(), "raid hedeby eagle", "add WC")
    assert len(of(ev, "raid_cards_revealed")[0].cards) == 2 and len(s.table) == 3
    s, ev = play(raider(), "raid hedeby eagle", "pass")
    assert len(of(ev, "raid_cards_revealed")[0].cards) == 3


@pytest.mark.parametrize("table,match,adj", [
    (["WC", "TC", "SC"], "match none", -2), (["WC", "TC", "SR"], "match WR", -1),
    (["WC", "TR", "SN"], "match WR TC", 0), (["WC", "TR", "SN"], "match WR TC SN", 1)])
def test_fame_adjustment_by_unmatched_cards(table, match, adj):
    s = raider(hands=[["WR", "TC", "SN"], ["WN"]], deck_top=list(reversed(table)))
    s, ev = raid_through(s, "hedeby", "eagle", ["pass"], match)
    f = of(ev, "fame_received")[0]
    assert f.adjustment == adj and f.fame == max(0, 1 + adj)


def test_fame_never_below_zero():
    s = raider(hands=[[], ["WN"]], deck_top=["WC", "WC", "WC"])
    s, ev = raid_through(s, "hedeby", "eagle", ["pass"])
    f = of(ev, "fame_received")[0]
    assert (f.adjustment, f.fame, f.gained) == (-2, 0, 0)


def test_destroyed_longship_goes_under_the_deck_with_its_damage_back():
    s = raider(longships=[[{"ship": "raven", "damage": 1}], []])
    s, ev = raid_through(s, "hedeby", "raven", ["pass"])
    d = of(ev, "longship_damaged")[0]
    assert d.destroyed and s.ships[0] == () and s.sdeck[0] == CS.ship_index["raven"] and s.dstock == 20


def test_extra_range_absorbs_extra_damage():
    s = raider(longships=[[{"ship": "raven", "damage": 1}], []], buildings=[["yard3"], []])
    s, ev = raid_through(s, "hedeby", "raven", ["pass"])
    d = of(ev, "longship_damaged")[0]
    assert not d.destroyed and d.damage == 2 and d.range == 1


def test_sea_slides_up_and_refills_the_bottom_upper_zone_has_no_token():
    s = raider(raid_deck=["kyiv"])
    s, ev = raid_through(s, "hedeby", "eagle", ["pass"])
    names = [CS.raids[r].code for r in s.sea]
    assert names == ["orkney", "york", "iona", "dublin", "paris", "kyiv"]
    sea = of(ev, "sea_replenished")[0]
    assert sea.token is None and s.ztokens == (-1, 0, 1)


def test_bottom_zone_token_swaps_with_the_spare():
    s = raider(raid_deck=["kyiv"], vikings=[[9, 9, 9], [0, 0, 0]])
    s, ev = raid_through(s, "paris", "eagle", ["pass"])
    sea = of(ev, "sea_replenished")[0]
    assert (sea.zone, sea.token, sea.new_token) == ("bottom", "T", "S") and s.ztokens == (-1, 0, 2)


def test_hero_leaves_after_every_raid_and_a_raid_needs_a_new_one():
    s, ev = raid_through(raider(), "hedeby", "eagle", ["pass"])
    assert s.heroes[0] == -1 and of(ev, "hero_left")
    assert not any(t.startswith("raid") for t in legal(s))


def test_the_game_ends_at_once_with_the_last_raid():
    s = raider(sea=["hedeby", None, None, None, None, None], raid_deck=[], fame=[3, 5],
               raids_done=[[], ["york"]], vikings=[[1, 3, 3], [0, 0, 0]])
    s, ev = raid_through(s, "hedeby", "eagle", ["add WC"], "match none")
    assert s.is_over and s.decision.kind == "game_over" and G.legal_actions(s) == []
    end = of(ev, "game_ended")[0]
    assert [x.total for x in end.scores] == G.scores(s)
    assert not of(ev, "raid_card_taken")  # the game ended before step H's cards


def test_tie_break_fewest_raids_then_shared():
    s = sc(fame=[10, 10], raids_done=[["york", "iona"], ["paris"]])
    from engine.name_of_odin.game import _winners
    assert _winners((10, 10), s.done) == [1]
    assert _winners((10, 10), ((1,), (2,))) == [0, 1]
    assert _winners((11, 10), s.done) == [0]


# ---- abilities in raids --------------------------------------------------------------------------------------


def test_raid_abilities_of_heroes():
    s, ev = raid_through(raider(heroes=["egil", None]), "hedeby", "eagle", ["pass"])
    assert of(ev, "fame_received")[0].bonus == 2  # Egil
    s = raider(heroes=["ivar", None], vikings=[[0, 5, 5], [0, 0, 0]], longships=[["serpent"], []])
    assert G.raid_terms(s, 0, "york", "serpent")["pay"] == (0, 0, 1)  # WWS: W symbol + Ivar 2 W
    s = raider(heroes=["bjorn", None], longships=[["raven"], []])
    assert "raid paris raven" in legal(s)  # range 2 + 1
    s, ev = raid_through(raider(heroes=["lagertha", None], deck_top=["WC", "WC", "WC"]), "hedeby", "eagle",
                         ["pass"])
    assert of(ev, "raid_matched")[0].wild == 1 and of(ev, "fame_received")[0].adjustment == -1
    s, ev = raid_through(raider(heroes=["leif", None]), "hedeby", "eagle", ["pass"])
    assert of(ev, "longship_damaged")[0].damage == 0 and s.ships[0][0][2] is True


def test_raid_abilities_of_longships():
    s, ev = raid_through(raider(longships=[["gull"], []]), "hedeby", "gull", ["pass"])
    assert of(ev, "fame_received")[0].bonus == 1
    s, ev = raid_through(raider(longships=[["bear"], []], deck_top=["WC", "WC", "WC"]), "hedeby", "bear", ["pass"])
    assert of(ev, "raid_matched")[0].wild == 1
    assert G.raid_terms(raider(longships=[["hawk"], []]), 0, "york", "hawk")["discount"] == (1, 0, 1)


def test_building_raid_fame_once_per_turn():
    s, ev = raid_through(raider(buildings=[["jarl2"], []]), "hedeby", "eagle", ["pass"])
    assert of(ev, "fame_received")[0].bonus == 1


def test_building_match_wild_english_yes_german_no():
    table = ["WC", "WC", "WC"]
    s, ev = raid_through(raider(buildings=[["rune4"], []], deck_top=table), "hedeby", "eagle", ["pass"])
    assert of(ev, "raid_matched")[0].wild == 1
    s, ev = raid_through(raider(buildings=[["rune4"], []], deck_top=table, edition="de"), "hedeby", "eagle",
                         ["pass"])
    assert of(ev, "raid_matched")[0].wild == 0


# ---- draw phase and end scoring bonuses -------------------------------------------------------------------


def test_draw_phase_to_six_or_seven_with_a_runic_circle():
    s, ev = play(sc(hands=[["WR", "TR"], []]), "end")
    assert s.hands[0].bit_count() == 6 and of(ev, "turn_ended")[0].drew == 4 and s.active == 1
    s, _ = play(sc(hands=[["WR", "TR"], []], buildings=[["rune2"], []]), "end")
    assert s.hands[0].bit_count() == 7


def test_draw_phase_keeps_a_bigger_hand():
    s, ev = play(sc(hands=[["WR"] * 8, []]), "end")
    assert s.hands[0].bit_count() == 8 and of(ev, "turn_ended")[0].drew == 0


def test_draw_phase_reshuffles_the_discard_pile():
    s = sc(hands=[[], []])
    s = s._replace(discard=s.deck[:-2], deck=s.deck[-2:])
    s, ev = play(s, "end")
    assert of(ev, "turn_ended")[0].reshuffled and s.hands[0].bit_count() == 6 and s.shuffles == 1


def test_end_fame_bonuses():
    s = sc(buildings=[["jarl4", "inn4", "rune2"], []], raids_done=[["york", "iona"], []],
           longships=[["raven", "wolf"], []])
    score = G.final_scores(s)[0]
    assert score.bonus == 2 + 2 + 3


# ---- the card data -------------------------------------------------------------------------------------------


def test_default_card_file_is_valid_and_complete():
    assert check_cards(Path("engine/name_of_odin/data/cards.json")) == []
    data = load_cards()
    assert sum(r["count"] for r in data["action_cards"]) == 90
    assert Counter(r["viking"] + r["symbol"] for r in data["action_cards"] for _ in range(r["count"])) == \
        {t: 10 for t in TYPES}
    assert len(data["buildings"]) == 20 and Counter(b["type"] for b in data["buildings"]) == {
        t: 4 for t in ("forge", "jarls_house", "shipyard", "inn", "runic_circle")}
    assert len(data["heroes"]) == 17 and {"egil", "bard", "halfdan"} <= {h["code"] for h in data["heroes"]}
    assert len(data["longships"]) == 12 and len(data["raids"]) == 16
    iona = next(r for r in data["raids"] if r["code"] == "iona")
    assert iona["fame"] == 3 and sorted(iona["vikings"]) == sorted("STTT")


def test_every_effect_kind_is_on_some_card():
    data = load_cards()
    used = {e["kind"] for key in ("buildings", "heroes", "longships") for row in data[key] for e in row["effects"]}
    assert used == set(EFFECTS)


def test_check_cards_reports_problems(tmp_path):
    bad = load_cards()
    bad["heroes"][0]["effects"] = [{"kind": "fly", "n": 1}]
    bad["raids"][0]["vikings"] = "XYZ"
    bad["buildings"][0]["effects"].append({"kind": "gain_fame", "n": 1})
    found = problems(bad)
    assert any("unknown effect kind 'fly'" in p for p in found)
    assert any("vikings is a string" in p for p in found)
    assert any("gain_fame is not allowed on building" in p for p in found)
    path = tmp_path / "cards.json"
    path.write_text("{not json")
    assert "not JSON" in check_cards(path)[0]
    assert check_cards(tmp_path / "missing.json")[0].startswith("cannot read")


def test_a_card_set_option_is_played_and_stored_with_the_game():
    data = load_cards()
    data["raids"][0]["fame"] = 9  # iona
    s = G.new_game(2, 3, {"cards": data})
    assert s.cs.raids[s.cs.raid_index["iona"]].fame == 9
    again = G.state_from_json(G.state_to_json(s))
    assert again == s and again.cs.raids[again.cs.raid_index["iona"]].fame == 9
    assert json.loads(G.state_to_json(s))["cards"]["raids"][0]["fame"] == 9


# ---- notation, views ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["end", "exchange WR SN", "refresh TC", "done", "gather WR WC WN",
                                  "recruit egil WR TR", "recruit ivar", "use bard", "build forge1 WC TC SC",
                                  "token", "token WC", "buy raven WN TN SN", "return raven WN SN",
                                  "repair raven SN", "raid iona serpent", "raid hedeby eagle pay S",
                                  "release W W T", "from 2", "stop", "add WR", "pass", "match WR TC",
                                  "match none", "take SN"])
def test_notation_round_trips(text):
    a = G.parse_notation(text)
    assert G.to_notation(a) == text
    assert G.parse_notation(text.upper() if " " not in text else text.split()[0].upper() + text[len(
        text.split()[0]):]) == a


@pytest.mark.parametrize("text", ["", "fly", "gather XY", "gather", "exchange WR", "raid iona", "release Q",
                                  "from x", "match WR WR WR WR", "end now"])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        G.parse_notation(text)


def test_notation_normalises_card_order():
    assert G.parse_notation("gather WN wr") == G.parse_notation("gather WR WN") == Gather(("WR", "WN"))
    assert G.parse_notation("recruit EGIL tr wr") == Recruit("egil", ("WR", "TR"))


def test_views_show_only_the_own_hand():
    s = G.new_game(3, 5)
    v0 = G.view(s, 0).to_json()
    assert sorted(v0["hand"]) == sorted(G.holdings(s, 0))
    assert "hand" not in G.view(s, None).to_json()
    text = json.dumps(G.view(s, 1).to_json())
    assert not any(f'"{c}"' in text for c in G.holdings(s, 0))
    assert G.info.hidden_between_players


def test_scenario_refuses_impossible_positions():
    with pytest.raises(ScenarioError):
        sc(hands=[["WR"] * 11, []])
    with pytest.raises(ScenarioError):
        sc(buildings=[["forge1", "forge2"], []])
    with pytest.raises(ScenarioError):
        sc(vikings=[[31, 0, 0], [0, 0, 0]])
    with pytest.raises(ScenarioError):
        sc(unknown=1)


def test_each_building_ability_applies_once_per_turn_several_buildings_add_up():
    s = raider(buildings=[["forge4", "jarl3"], []], vikings=[[0, 2, 0], [0, 0, 0]])
    assert G.raid_terms(s, 0, "iona", "eagle")["discount"] == (1, 1, 2)  # W token - Smithy, T - Trading House
    s, ev = raid_through(raider(buildings=[["jarl2", "rune3"], []]), "hedeby", "eagle", ["pass"])
    assert of(ev, "fame_received")[0].bonus == 2
    # the second raid of the turn gets no building bonus any more
    s = s._replace(heroes=(CS.hero_index["astrid"], -1), ships=(((CS.ship_index["eagle"], 0, False),), ()))
    s, ev = raid_through(s, "orkney", "eagle", ["pass"])
    assert of(ev, "fame_received")[0].bonus == 0
