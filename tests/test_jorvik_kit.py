"""Jórvík's kit: the parse corpus (every line exactly as expected), narration of every event kind and every
reason code in EN/DE/FR with its numbers, the actions, the board, the player's own area, the answers the
engine gives ("what does card 4 cost me now?", defence, "if the game ended now", "a row of 3 Vikings"), card
texts from the card data and the final scoring's breakdown."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine import Illegal, load_game
from engine.jorvik import actions as A
from engine.jorvik.scenario import build_with_events
from gm import games, i18n
from gm.games.jorvik import answers, narrate
from gm.i18n import LANGS
from gm.parse import ParseResult, parse_move
from gm.parse.core import agrees
from gm.rules import answer

G = load_game("jorvik")
KIT = games.get("jorvik")
NAMES = ["Lucy", "Sara", "Chris", "Julian"]
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
LOCALES = Path(__file__).resolve().parent.parent / "gm" / "games" / "jorvik" / "locales"
CORPUS = Path(__file__).parent / "data" / "jorvik_parse_corpus.jsonl"
ROWS: list[dict[str, Any]] = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
                              if line.strip()]


def clean(text: str) -> str:
    assert text.strip() and text.rstrip() == text, repr(text)
    assert not PLACEHOLDER.search(text), text
    return text


def position(row: dict[str, Any]) -> Any:
    state = G.scenario(row["scenario"])
    for move in row.get("moves", []):
        state, _ = G.apply(state, G.from_notation(state, move))
    return state


# ---- the parse corpus ---------------------------------------------------------------------------------------

def _parse(row: dict[str, Any]) -> ParseResult:
    return parse_move(G, position(row), row["player"], row["text"])


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_corpus_line(row: dict[str, Any]) -> None:
    res = _parse(row)
    got = res.to_json(G)
    expect = row["expect"]
    assert got["kind"] == expect["kind"], f"{row['text']!r}: {got}"
    if expect["kind"] == "action":
        assert got["notation"] == expect["notation"] and got.get("then", []) == expect.get("then", []), got
    elif expect["kind"] == "ambiguous":
        assert got["candidates"] == expect["candidates"]
    elif expect["kind"] == "illegal":
        assert got["code"] == expect["code"], got
    elif expect["kind"] == "confirm":  # offered back for a yes, never played at once
        assert got["notation"] == expect["notation"], got
    else:
        assert res.action is None and not res.candidates and res.illegal is None


def test_corpus_covers_every_decision_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    kinds: set[str] = set()
    per_lang: dict[str, list[bool]] = {}
    detected = 0
    for row in ROWS:
        state = position(row)
        kinds.add(state.decision.kind)
        res = _parse(row)
        per_lang.setdefault(row["lang"], []).append(agrees(res.to_json(G), row["expect"]))
        detected += res.lang == row["lang"]
    assert kinds >= {"jorvik_demand", "jorvik_traitor_swap", "jorvik_purchase", "jorvik_reserved_purchase",
                     "jorvik_assign", "jorvik_exchange", "jorvik_pick", "jorvik_picts_double", "jorvik_picts_protect"}
    assert len(ROWS) >= 300 and set(per_lang) == {"en", "de", "fr"}
    with capsys.disabled():
        print("\njorvik parse corpus: " + "; ".join(f"{lang}: {sum(ok)}/{len(ok)}" for lang, ok in
                                                    sorted(per_lang.items())) + f"; language detected {detected}")


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous")],
                         ids=[r["id"] for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous")])
def test_proposals_are_legal(row: dict[str, Any]) -> None:
    state = position(row)
    res = _parse(row)
    if res.kind == "action":
        for action in res.plan:
            assert G.check(state, action) is None
            state, _ = G.apply(state, action)
    for action in res.candidates:
        assert G.check(state, action) is None


def test_notation_is_always_read_exactly() -> None:
    state = G.new_game(3, 2, {"mode": "jarl"})
    for action in G.legal_actions(state):
        res = parse_move(G, state, state.decision.player, G.to_notation(action))
        assert res.kind == "action" and res.action == action


# ---- the catalogue ---------------------------------------------------------------------------------------

def _flat(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    i18n._flatten(tomllib.loads(path.read_text(encoding="utf-8")), "", out)
    return out


def test_every_language_defines_every_key() -> None:
    keys = {lang: set(_flat(LOCALES / f"{lang}.toml")) for lang in LANGS}
    assert keys["en"] and all(k.startswith("jorvik.") for k in keys["en"])
    for lang in ("de", "fr"):
        assert keys[lang] == keys["en"], keys[lang] ^ keys["en"]


# ---- events -----------------------------------------------------------------------------------------------

EVENTS: list[Any] = [
    A.CardDrawn("B08", 1, "spring"), A.ShipLoaded("B08", 1, ("amber", "iron", "wool")), A.CardDrawn("A07", 2, "spring"),
    A.PictsAttack("B04", 2, 2, (3, 0, 0, 1), (0,), (1, 2), False),
    A.PictsAttack("C03", 3, 3, (1, 1, 1, 1), (), (), False),
    A.PictsResolved("B04", (2, -2, -2, 0), (0,), (3,), (12, 8, 8, 10)),
    A.VikingPlaced(1, 1, 2, False, 2), A.VikingPlaced(0, 2, 1, True, 1),
    A.CardReserved(0, 8, "A16", 1, False), A.BrownKept(0),
    A.DemandEnded(("A06",), ("jet",)), A.DemandEnded((), ()),
    A.VikingsSwapped(0, "B25", "1.1", "2.1"),
    A.CardBought(0, "B08", 1, 0, 2, "", 3), A.CardBought(1, "A16", 0, 1, 2, "", 1),
    A.CardBought(0, "C02", 1, 0, 0, "A24", 1),
    A.VikingWithdrawn(0, "B08", 1, 0, 1), A.VikingWithdrawn(1, "B08", 1, 0, 0),
    *[A.CardBoxed("C22", r, 0) for r in ("not_bought", "reservation_declined", "acted_on_purchase", "paid_a_purchase",
                                         "brown_vikings_gone", "other")],
    A.ImmediateEffect(0, "C22", "gain_coins", (4, 0), 0), A.ImmediateEffect(0, "C24", "coin_from_each", (1, -1), 0),
    A.ImmediateEffect(1, "B23", "brown_vikings", (0, 0), 2),
    A.IncomeTaken(0, 2, 7, ("A07", "A03")), A.IncomeTaken(1, 1, 4, ()),
    A.GoodsAssigned(0, "leather", "craft", "A03", 0, 0), A.GoodsAssigned(0, "amber", "sell", "A07", 1, 0),
    A.GoodsAssigned(0, "wool", "sacrifice", "A19", 0, 2), A.GoodsAssigned(0, "iron", "store", "", 0, 0),
    A.GoodsExchanged(0, ("jet", "jet"), "coin"), A.GoodsExchanged(0, ("jet", "jet", "jet"), "iron"),
    A.GoodsDiscarded(0, ("wool", "wool")), A.CardUsed(0, "D27", "reassign_craft_goods"),
    A.GoodPicked(0, "wool", "B06", 1), A.GoodPicked(0, "leather", "A03", 0), A.GoodPicked(0, "wool", "", -1),
    A.LoadingDone(0, ("B08",)), A.LoadingDone(1, ()), A.StartPlayerPassed(1, 2),
    A.FinalScored(((("craft", 5), ("trader", 1)), (("feast", 0),)), (30, 20)),
    A.GameOver((0,), (30, 20), (3, 4)), A.GameOver((1,), (30, 30), (3, 4)), A.GameOver((0, 1), (30, 30), (4, 4)),
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_kind_is_told_in_every_language(lang: str) -> None:
    kinds = {e.kind for e in EVENTS}
    assert kinds == {a.__dataclass_fields__["kind"].default for a in A.EventT.__args__}  # type: ignore[attr-defined]
    lines = [clean(x) for x in KIT.narrate(EVENTS, lang, NAMES, 0)]
    text = "\n".join(lines)
    assert "A07" in text and "B08" in text and "+2" in text and "Sara" in text
    for e in EVENTS:  # each event alone has its sentence (the two told elsewhere are skipped)
        one = KIT.narrate([e], lang, NAMES, 0)
        if e.kind == "card_boxed" and e.reason in ("not_bought", "reservation_declined"):
            assert one == []
        elif e.kind != "ship_loaded":
            assert one, e
    json_form = [G.event_to_json(e) for e in EVENTS]
    assert KIT.narrate(json_form, lang, NAMES, None) == KIT.narrate(EVENTS, lang, NAMES, None)


def test_the_rulebook_attack_is_told_with_its_figures() -> None:
    spec = {"players": 4, "start": 0, "deck": ["B04", "A03", "A06", "A07", "A09", "A10"],
            "seats": [{"display": ["A02", "B01"]}, {}, {}, {"display": ["A01"]}]}
    _, events = build_with_events(G, spec)
    en = "\n".join(KIT.narrate(events, "en", NAMES, None))
    assert "Lucy 3, Sara 0, Chris 0, Julian 1" in en and "Lucy (+2 VP)" in en and "Sara and Chris (−2 VP)" in en
    assert "Lucy 12, Sara 8, Chris 8, Julian 10" in en
    de = "\n".join(KIT.narrate(events, "de", NAMES, None))
    assert "Angriff der Pikten +2/−2" in de and "Verteidigungspunkte" in de


# ---- refusals ---------------------------------------------------------------------------------------------

CODES: dict[str, dict[str, Any]] = {
    "game_over": {}, "no_card_to_pay_with": {}, "cannot_afford": {"price": 3, "coins": 2},
    "not_now": {"decision": "jorvik_demand", "allowed": ["demand", "reserve"], "action": "skip"},
    "not_allowed_now": {"decision": "jorvik_assign", "allowed": ["done"]}, "no_reservations_in_karl": {},
    "space_out_of_range": {"space": 8}, "space_empty": {"space": 5}, "no_brown_vikings": {}, "no_vikings_left": {},
    "row_full": {"space": 4, "vikings": 8}, "brown_vikings_skipped": {}, "unknown_card": {"card": "Z99"},
    "not_your_card": {"card": "D27"}, "card_not_usable_now": {"card": "D27"}, "unknown_good": {"good": "salt"},
    "not_a_craft": {"card": "A07"}, "no_free_material_space": {"card": "A03", "good": "wool"},
    "no_such_good_on_card": {"card": "B06", "good": "amber"}, "no_trader_or_good": {"good": "jet"},
    "no_oracle_or_good": {"good": "wool"}, "storage_full_or_no_good": {"good": "iron", "capacity": 1},
    "cannot_give": {"good": "iron"}, "cannot_take": {"good": "iron", "given": 1},
    "no_such_swap": {"a": "1.1", "b": "1.2"},
    "not_your_turn": {"player": 0, "to_move": 1},
}


def test_every_reason_code_of_the_engine_has_a_text() -> None:
    source = (Path(__file__).resolve().parent.parent / "engine" / "jorvik" / "game.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'Illegal\("([a-z_]+)"', source))
    assert codes <= set(CODES), codes - set(CODES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code", sorted(CODES))
def test_every_reason_in_every_language_with_its_numbers(code: str, lang: str) -> None:
    text = clean(KIT.explain(Illegal(code, CODES[code]), lang, NAMES))
    assert "That move isn't allowed" not in text and code not in text
    for value in CODES[code].values():
        if isinstance(value, int) and code not in ("not_your_turn",):
            assert str(value) in text, (code, text)
    if code == "row_full":
        assert "8" in text and "4" in text


def test_a_refusal_from_the_parser_speaks_of_the_row() -> None:
    state = G.scenario({"players": 3, "phase": "demand", "turn": 1, "start": 1, "spaces": {"1": "B08", "4": "A08"},
                        "rows": {"4": [0, 0, 2, 2, 0, 2, 0, 2]}})
    res = parse_move(G, state, 1, "space 4")
    assert res.kind == "illegal"
    assert KIT.explain(res.illegal, "en") == "That row is full: 8 Vikings already stand under space 4."


# ---- actions, board, own area ---------------------------------------------------------------------------

ACTIONS = ["demand 3", "demand 2 brown", "reserve 8", "reserve 9 brown", "buy", "buy with card", "withdraw", "skip",
           "swap 1.1 R2", "double", "pay", "use D27", "craft leather A03", "sell amber", "sacrifice wool",
           "store iron", "give jet", "take coin", "take iron", "pick wool B06", "done"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_is_described(lang: str) -> None:
    for notation in ACTIONS:
        text = clean(KIT.describe_action(G.parse_notation(notation), lang))
        assert f"({notation})" in text


def jarl_position() -> Any:
    return G.scenario({
        "players": 2, "mode": "jarl", "phase": "demand", "turn": 0, "start": 0,
        "spaces": {"1": "A09", "2": "B21", "3": "A22", "7": "A16", "8": "A21"},
        "cargo": {"B21": ["silk"], "B08": ["jet"]},
        "rows": {"1": [1]}, "reserved": [["B14", 1]],
        "seats": [{"coins": 7, "vp": 12, "loading": ["B08"], "display": ["A03", "A12", "A01"],
                   "crafts": {"A03": ["leather"]}, "storage": {"iron": 1}}, {}]})


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_shows_spaces_rows_prices_reservations_areas_goods_coins_vp_season_deck(lang: str) -> None:
    state = jarl_position()
    lines = [clean(x) for x in KIT.board_lines(G.view(state, 0), lang, ["Ana", "Ben"])]
    text = "\n".join(lines)
    for needle in ("A09", "B21", "A22", "A16", "A21", "B14", "B08", "A03", "A12", "A01", "Ana", "Ben", "12", "7"):
        assert needle in text, needle
    assert {"en": "row: Ben (price 1)", "de": "Reihe: Ben (Preis 1)", "fr": "file : Ben (prix 1)"}[lang] in text
    assert {"en": "Reservation row (price 1)", "de": "Reservierungsreihe (Preis 1)",
            "fr": "Rangée de réservation (prix 1)"}[lang] in text
    assert {"en": "loading area", "de": "Verladebereich", "fr": "zone de chargement"}[lang] in text
    assert {"en": "winter", "de": "Winter", "fr": "hiver"}[lang] in text
    assert {"en": "in the deck", "de": "im Kartendeck", "fr": "dans la pioche"}[lang] in text
    assert "A03 1/2" in text  # the craft's goods
    own = KIT.hand_lines(G.view(state, 0), lang, "Ana")
    assert own and "B08" in own[0] and "A12" in own[0]
    assert clean(KIT.status(G.view(state, 0), lang)) and clean(KIT.setup_line(G.view(state, 0), lang))
    assert "A16" in KIT.completions(G.view(state, 0))


def test_the_board_at_the_end_names_the_winner() -> None:
    state = G.new_game(2, 3)
    while not state.is_over:
        state, _ = G.apply(state, G.legal_actions(state)[-1])
    for lang in LANGS:
        lines = KIT.board_lines(G.view(state, None), lang, ["Ana", "Ben"])
        assert any(w in lines[-1] for w in ("Game over", "Spielende", "Fin de partie")), lines


# ---- answers from the engine ----------------------------------------------------------------------------

def demand_position() -> Any:
    return G.scenario({"players": 3, "phase": "demand", "turn": 0, "start": 0,
                       "spaces": {"1": "B08", "2": "A07", "3": "A03", "4": "A06"},
                       "cargo": {"B08": ["amber", "iron", "wool"]}, "rows": {"1": [1], "4": [2, 1, 1]},
                       "seats": [{"display": ["A02", "B01"]}, {"display": ["C02"]},
                                 {"display": ["C04", "D10", "A08"], "crafts": {"C04": ["iron", "wool"]}}]})


def ask(question: str, lang: str, state: Any = None, player: int = 0) -> Any:
    return answer(question, "jorvik", lang=lang, state=state, player=player if state is not None else None,
                  names=["Ana", "Ben", "Cleo"])


@pytest.mark.parametrize(("question", "lang", "needles"), [
    ("what does card 4 cost me now?", "en", ["Feast (A06)", "3 in its row", "place 4", "at most 4 coins"]),
    ("was kostet mich Karte 1 jetzt?", "de", ["Schiff mit 3 Waren (B08)", "jetzt 1 in der Reihe", "Platz 2"]),
    ("combien me coûte la carte 2 maintenant ?", "fr", ["Marchand : ambre (A07)", "0 dans sa file", "place 1"]),
    ("what does the ship cost?", "en", ["B08", "place 2"]),
])
def test_what_a_card_costs_now(question: str, lang: str, needles: list[str]) -> None:
    ans = ask(question, lang, demand_position())
    assert ans.source == "engine"
    for needle in needles:
        assert needle in ans.text, ans.text


@pytest.mark.parametrize(("question", "lang"), [
    ("how many defence points does everyone have?", "en"),
    ("wie viele Verteidigungspunkte hat jeder?", "de"),
    ("combien de points de défense a chacun ?", "fr")])
def test_everyones_defence(question: str, lang: str) -> None:
    ans = ask(question, lang, demand_position())
    assert ans.source == "engine" and "Ana 3" in ans.text and "Ben 4" in ans.text and "Cleo 0" in ans.text


def test_what_everyone_would_score_if_the_game_ended_now() -> None:
    state = demand_position()
    mine = ask("what would I score if the game ended now?", "en", state, player=2)
    assert mine.source == "engine" and "You would have 18 VP" in mine.text and "craft 5" in mine.text
    everyone = ask("what would everyone score if the game ended now?", "en", state)
    assert "Cleo 10 + craft 5, trader 1, feast 2 = 18" in everyone.text and "Ana 10 (" in everyone.text
    de = ask("was hätte ich, wenn das Spiel jetzt endete?", "de", state, player=2)
    assert "18 SP" in de.text and "Handwerk 5" in de.text
    fr = ask("combien aurais-je si la partie finissait maintenant ?", "fr", state, player=2)
    assert "18 PV" in fr.text


@pytest.mark.parametrize(("question", "lang", "needle"), [
    ("what would a row of 3 Vikings cost me?", "en", "the first in it pays 3 coins"),
    ("was kostet eine Reihe mit 3 Wikingern?", "de", "der Erste darin zahlt 3 Münzen"),
    ("combien coûte une file de 3 Vikings ?", "fr", "le premier paie 3 pièces"),
    ("what would a row of 9 Vikings cost?", "en", "at most 8 Vikings"),
    ("what do 3 feasts score?", "en", "9 VP"),
])
def test_positions_the_question_describes(question: str, lang: str, needle: str) -> None:
    ans = ask(question, lang)  # no game in play
    assert ans.source == "engine" and needle in ans.text, ans.text
    assert needle in ask(question, lang, demand_position()).text


@pytest.mark.parametrize(("query", "lang", "needles"), [
    ("oracle", "en", ["Oracle: amber (A16, B15)", "2 VP each", "Jarl game only"]),
    ("Orakel", "de", ["Orakel: Bernstein", "2 SP"]),
    ("A07", "fr", ["Marchand : ambre (A07)", "pour 1 pièce l'unité"]),
    ("the warehouse", "en", ["Warehouse (A12)", "4 more storage spaces"]),
    ("Lagerhaus", "de", ["Lagerhaus (A12)", "4 weitere Lagerplätze"]),
    ("amber trader", "en", ["Trader: amber (A07)"]),
    ("champion", "en", ["Champion (D29)", "double the VP"]),
])
def test_card_texts_come_from_the_card_data(query: str, lang: str, needles: list[str]) -> None:
    lines = KIT.card_lines(query, lang)
    assert lines
    text = "\n".join(clean(x) for x in lines)
    for needle in needles:
        assert needle in text, text
    assert KIT.card_lines("banana", lang) is None


def test_what_does_the_oracle_do_is_answered_from_the_card_data() -> None:
    ans = ask("what does the oracle do?", "en")
    assert ans.source == "engine" and "Oracle: amber" in ans.text and "2 VP" in ans.text
    ans = ask("was macht das Lagerhaus?", "de")
    assert "Lagerhaus" in ans.text
    ans = ask("que fait le champion ?", "fr")
    assert "Champion" in ans.text
    state = demand_position()
    in_play = KIT.card_lines("B08", "en", state)
    assert in_play and "lies on space 1" in in_play[0]
    karl_only = KIT.card_lines("oracle", "en", state)
    assert karl_only is None  # no oracle in the Karl game


def test_the_final_scoring_breakdown_per_player_and_card_type() -> None:
    state = demand_position()
    lines = KIT.final_lines(state, "en", ["Ana", "Ben", "Cleo"])
    assert lines == ["Ana: nothing scores at the end.", "Ben: nothing scores at the end.",
                     "Cleo: craft 5, trader 1, feast 2 = +8 VP."]
    de = KIT.final_lines(state, "de", ["Ana", "Ben", "Cleo"])
    assert de[2] == "Cleo: Handwerk 5, Händler 1, Gelage 2 = +8 SP."
    fr = answers.final_lines(state, "fr", ["Ana", "Ben", "Cleo"])
    assert fr[2] == "Cleo : artisan 5, marchand 1, festin 2 = +8 PV."


def test_state_answers_moves_coins_turn_deck_income() -> None:
    state = demand_position()
    assert "demand 1" in ask("what can I do?", "en", state).text
    assert "Ana 5" in ask("how many coins does everyone have?", "en", state).text
    assert "Ana" in ask("whose turn is it?", "en", state).text
    assert "left in the deck" in ask("how many cards are left?", "en", state).text
    assert "1, or 2" in ask("what is my income?", "en", state).text


def test_card_names_in_three_languages() -> None:
    assert narrate.card_name("A03", "en") == "Craft leather + wool, 5 VP"
    assert narrate.card_name("A03", "de") == "Handwerk Leder + Wolle, 5 SP"
    assert narrate.card_name("A03", "fr") == "Artisan cuir + laine, 5 PV"
    assert narrate.card_name("B08", "de") == "Schiff mit 3 Waren"
    assert narrate.card_name("B21", "en") == "Ship with 1 good"
    assert narrate.card_name("F01", "en") == "Final attack of the Picts +4/−4"
    for cid in narrate.default_rows():
        for lang in LANGS:
            clean(narrate.card_name(cid, lang))
            assert KIT.card_lines(cid, lang)


def test_check_cards_uses_the_engines_validator() -> None:
    from engine.jorvik.cards import default_cards

    doc = default_cards()
    assert KIT.check_cards(doc) == []
    broken = json.loads(json.dumps(doc))
    broken["cards"][0]["effects"] = [{"kind": "nonsense"}]
    assert KIT.check_cards(broken)


# ---- the blind set -----------------------------------------------------------------------------------------
# Set A (tests/data/jorvik_blind_a.jsonl, 187 lines in EN/DE/FR written by a helper who had not read the parser),
# measured once on the code of its day before any tuning on it: 139/187 = 74.3 %, 6 wrong moves played (and 2
# lines whose expected first move was played followed by the rest of the line as a plan). Then tuned on:
# 170/187 = 90.9 %, no wrong move. A fresh blind set is needed for the next honest figure.

BLIND = [json.loads(line) for line in (Path(__file__).parent / "data" / "jorvik_blind_a.jsonl").read_text(
    encoding="utf-8").splitlines() if line.strip()]


def test_blind_set_a_no_wrong_move_and_its_accuracy(capsys: pytest.CaptureFixture[str]) -> None:
    ok = wrong = 0
    for row in BLIND:
        got = _parse(row).to_json(G)
        expect = row["expect"]
        good = agrees(got, expect) and (expect["kind"] != "action" or got.get("then", []) == expect.get("then", []))
        first = expect["kind"] == "action" and got["kind"] == "action" and got["notation"] == expect["notation"]
        ok += good
        wrong += got["kind"] == "action" and not good and not first
    with capsys.disabled():
        print(f"\njorvik blind set A: {ok}/{len(BLIND)} = {100 * ok / len(BLIND):.1f}%, wrong moves {wrong}")
    assert wrong == 0 and ok >= 170
