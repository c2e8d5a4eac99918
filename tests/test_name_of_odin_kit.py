"""In the Name of Odin's kit: the parse corpus (every line exactly as expected), narration of every event and every
reason code in EN/DE/FR, the locale files, the answers from a position and from a position the question describes,
card texts from the card data in play, the final scoring's breakdown and the check of a card document."""

from __future__ import annotations

import json
import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine import Illegal, load_game
from engine.name_of_odin import actions
from engine.name_of_odin.actions import BuildingOfferCycled, TakingStopped, VikingTaken
from engine.name_of_odin.cards import load_cards
from gm import games, i18n
from gm.parse import ParseResult, parse_move
from gm.parse.core import agrees
from gm.session import Session, parse_players
from gm.store import Store

G = load_game("name-of-odin")
KIT = games.get("name-of-odin")
NAMES = ["Ana", "Ben", "Cleo", "Dag", "Eva"]
LANGS = ("en", "de", "fr")
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
CORPUS = Path(__file__).parent / "data" / "name_of_odin_parse_corpus.jsonl"
ROWS: list[dict[str, Any]] = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()
                              if line.strip()]
LOCALES = Path(i18n.__file__).resolve().parent / "games" / "name_of_odin" / "locales"


def position(row: dict[str, Any]) -> Any:
    state = G.scenario(row["scenario"])
    for move in row.get("moves", []):
        state, _ = G.apply(state, G.from_notation(state, move))
    return state


def clean(text: str) -> None:
    assert text and text.strip() == text, text
    assert not PLACEHOLDER.search(text), text


# ---- the parse corpus ------------------------------------------------------------------------------------------


def _parse(row: dict[str, Any]) -> ParseResult:
    return parse_move(G, position(row), row["player"], row["text"])


def test_the_corpus_is_large_and_covers_every_decision() -> None:
    assert len(ROWS) >= 300
    assert {r["lang"] for r in ROWS} == set(LANGS)
    kinds = {position(r).decision.kind for r in ROWS}
    assert kinds == {"noo_action", "noo_exchange", "noo_release", "noo_take_viking", "noo_raid_add",
                     "noo_raid_match", "noo_raid_take"}
    acted = {G.parse_notation(r["expect"]["notation"]).kind for r in ROWS if r["expect"]["kind"] == "action"}
    assert acted >= {"end", "exchange", "refresh", "exchange_done", "gather", "recruit", "build", "token", "return",
                     "repair", "raid", "release", "take_viking", "stop_taking", "add", "pass", "match", "take"}


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_corpus_line(row: dict[str, Any]) -> None:
    res = _parse(row)
    got = res.to_json(G)
    expect = row["expect"]
    assert got["kind"] == expect["kind"], f"{row['text']!r}: {got}"
    if expect["kind"] in ("action", "confirm"):
        assert got["notation"] == expect["notation"], f"{row['text']!r}: {got}"
    elif expect["kind"] == "ambiguous":
        assert got["candidates"] == expect["candidates"], f"{row['text']!r}: {got}"
    elif expect["kind"] == "illegal":
        assert got["code"] == expect["code"], f"{row['text']!r}: {got}"
        for lang in LANGS:
            clean(KIT.explain(res.illegal, lang, NAMES))
    else:
        assert res.action is None and not res.candidates and res.reason


@pytest.mark.parametrize("row", [r for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous", "confirm")],
                         ids=[r["id"] for r in ROWS if r["expect"]["kind"] in ("action", "ambiguous", "confirm")])
def test_proposals_are_legal_and_described(row: dict[str, Any]) -> None:
    state = position(row)
    res = parse_move(G, state, row["player"], row["text"])
    for action in [res.action] if res.action is not None else res.candidates:
        assert G.check(state, action) is None
        for lang in LANGS:
            clean(KIT.describe_action(action, lang))


def test_corpus_accuracy_per_language(capsys: pytest.CaptureFixture[str]) -> None:
    per_lang: dict[str, list[bool]] = {}
    detected = 0
    for row in ROWS:
        res = _parse(row)
        got = res.to_json(G)
        ok = agrees(got, row["expect"]) and (row["expect"]["kind"] != "confirm"
                                             or got["notation"] == row["expect"]["notation"])
        per_lang.setdefault(row["lang"], []).append(ok)
        detected += res.lang == row["lang"]
    lines = [f"{lang}: {sum(ok)}/{len(ok)}" for lang, ok in sorted(per_lang.items())]
    with capsys.disabled():
        print(f"\nname-of-odin parse corpus: {'; '.join(lines)}; language detected {detected}/{len(ROWS)}")
    assert all(all(ok) for ok in per_lang.values())
    assert detected >= 0.8 * len(ROWS)


def test_a_reading_that_was_not_certain_is_asked_back_before_a_card_is_revealed(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    seed = next(s for s in range(50) if G.new_game(players=2, seed=s).decision.player == 0)
    session = Session.new(store, "name-of-odin", parse_players("Ana,Ben", game="name-of-odin"), seed=seed,
                          options={}, default_lang="en")
    reply = session.handle("pass")  # in one's own Action Phase "pass" is read as the end of the turn: asked
    assert not reply.accepted and "end the turn" in reply.text and session.log == []
    reply = session.handle("yes")
    assert reply.accepted and session.log[0] == (0, "end")


def test_other_players_decide_inside_a_raid() -> None:
    row = next(r for r in ROWS if r.get("moves") == ["raid iona serpent"])
    state = position(row)
    assert state.decision.kind == "noo_raid_add" and state.decision.player == 1
    view = G.view(state, 1)
    hand = " ".join(KIT.hand_lines(view, "en", "Ben"))
    assert "Ben, your hand" in hand
    for code in G.holdings(state, 0):
        assert code not in hand and code not in " ".join(KIT.board_lines(view, "en", NAMES))
    assert "step D" in " ".join(KIT.board_lines(view, "en", NAMES))


# ---- locale files ----------------------------------------------------------------------------------------------


def _flat(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    i18n._flatten(tomllib.loads(path.read_text(encoding="utf-8")), "", out)
    return out


def test_every_language_defines_every_key() -> None:
    keys = {lang: set(_flat(LOCALES / f"{lang}.toml")) for lang in LANGS}
    assert keys["en"] and all(k.startswith("name-of-odin.") for k in keys["en"])
    for lang in ("de", "fr"):
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])
    for key in ("name-of-odin.ui.help", "name-of-odin.ui.move_examples", "name-of-odin.ui.status"):
        assert key in keys["en"]


# ---- narration: every event, every reason code -------------------------------------------------------------------


def _events() -> dict[str, Any]:
    """One event of every kind, from seeded games and a Mead Hall shortage."""
    found: dict[str, Any] = {}
    for seed in range(8):
        state = G.new_game(players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            acts = G.legal_actions(state)
            action = acts[rng.randrange(len(acts))] if seed % 2 else G.bots["heuristic"](state, rng)
            state, events = G.apply(state, action)
            for e in events:
                found.setdefault(e.kind, e)
    found.setdefault("viking_taken", VikingTaken(0, "W", 1))
    found.setdefault("viking_taking_stopped", TakingStopped(0, "W", 2))
    found.setdefault("building_offer_cycled", BuildingOfferCycled(("forge1", "inn1"), ("yard1", "rune1")))
    return found


EVENTS = _events()


def test_every_event_kind_is_met() -> None:
    kinds = {cls.__dataclass_fields__["kind"].default for cls in actions.AnyEvent.__args__}
    assert len(kinds) == 28 and kinds == set(EVENTS), kinds ^ set(EVENTS)


@pytest.mark.parametrize("kind", sorted(EVENTS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_event_is_told(kind: str, lang: str) -> None:
    event = EVENTS[kind]
    lines = KIT.narrate([event], lang, NAMES, None)
    assert len(lines) == 1, kind
    clean(lines[0])
    if hasattr(event, "player"):
        assert NAMES[event.player] in lines[0]
    again = KIT.narrate([G.event_to_json(event)], lang, NAMES, None)  # the JSON of an event too
    assert again == lines
    if lang != "en":
        assert lines[0] != KIT.narrate([event], "en", NAMES, None)[0]


REASONS: dict[str, dict[str, Any]] = {
    "game_over": {}, "unknown_action": {}, "wrong_decision": {"decision": "noo_raid_add", "player": 1},
    "unknown_card_type": {"card": "XX"}, "cards_not_in_hand": {"card": "WR", "need": 2, "have": 1},
    "exchange_used": {}, "card_not_in_offer": {"card": "SN", "offer": ["WN", "TR"]}, "same_type": {"card": "WR"},
    "no_exchange_open": {}, "gather_one_to_three": {"count": 4}, "gather_mixed_vikings": {"cards": ["WR", "TC"]},
    "hero_not_in_offer": {"hero": "egil", "offer": ["bard", "ivar"]}, "not_your_hero": {"hero": "egil"},
    "raid_ability_only": {"hero": "egil"}, "building_not_in_offer": {"building": "forge1", "offer": ["inn1"]},
    "building_space_taken": {"type": "forge"}, "no_construction_token": {},
    "token_limit": {"tokens": 2, "empty_spaces": 2}, "no_tokens_in_stock": {},
    "longship_not_in_offer": {"ship": "raven", "offer": ["wolf"]}, "no_free_shore_space": {"ships": 1, "spaces": 1},
    "not_your_longship": {"ship": "raven"}, "longship_not_away": {"ship": "raven"},
    "longship_not_damaged": {"ship": "raven"}, "wrong_symbol": {"cards": ["WR"], "symbol": "C"},
    "wrong_payment": {"symbol": "C", "cost": 3, "cards": 2, "allowed": [3]}, "raid_not_in_sea": {"raid": "iona"},
    "raid_needs_hero": {}, "longship_away": {"ship": "raven"},
    "raid_out_of_range": {"raid": "paris", "needs": 3, "range": 2},
    "raid_lacks_vikings": {"raid": "iona", "need": {"W": 0, "T": 3, "S": 1}, "discount": {"W": 0, "T": 0, "S": 1},
                           "pay": {"W": 0, "T": 3, "S": 0}, "have": {"W": 0, "T": 2, "S": 0}},
    "raid_pay_one_viking": {"choices": ["T", "S"]}, "raid_pay_not_needed": {},
    "release_wrong": {"count": 2, "forbidden": "W"}, "not_most_vikings": {"seat": 0, "choices": [1, 2]},
    "table_full": {}, "match_at_most_three": {"count": 4}, "no_matching_symbol": {"table": ["WC", "SR"]},
    "not_legal_here": {},
}


def test_the_reason_list_is_the_engine_s() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "notation-name-of-odin.md").read_text(encoding="utf-8")
    section = doc.split("## Reason codes")[1].split("##")[0]
    codes = set(re.findall(r"`([a-z_]+)`", section)) - {"check"}
    assert codes == set(REASONS), codes ^ set(REASONS)


@pytest.mark.parametrize("code", sorted(REASONS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_is_explained_in_the_game_s_terms(code: str, lang: str) -> None:
    text = KIT.explain(Illegal(code, REASONS[code]), lang, NAMES)
    clean(text)
    assert code not in text  # not the generic fallback naming the code
    if lang != "en":
        assert text != KIT.explain(Illegal(code, REASONS[code]), "en", NAMES)


def test_the_rulebook_kind_of_refusal() -> None:
    text = KIT.explain(Illegal("raid_lacks_vikings", REASONS["raid_lacks_vikings"]), "en", NAMES)
    assert text.startswith("Iona needs 3 Traders and 1 Sailor; you have 2 Traders.")
    assert "Ihr" not in KIT.explain(Illegal("raid_out_of_range", REASONS["raid_out_of_range"]), "de")
    assert "Reichweite 3" in KIT.explain(Illegal("raid_out_of_range", REASONS["raid_out_of_range"]), "de")
    assert "Solidité" in KIT.explain(Illegal("raid_out_of_range", REASONS["raid_out_of_range"]), "fr")


def test_board_and_hand() -> None:
    state = G.scenario(ROWS[0]["scenario"])
    view = G.view(state, 0)
    for lang in LANGS:
        lines = KIT.board_lines(view, lang, NAMES)
        for line in lines:
            clean(line)
        text = "\n".join(lines)
        assert "Iona" in text and "Serpent" in text and "Egil" in text and "Forge" in text
        hand = KIT.hand_lines(view, lang, "Ana")
        assert len(hand) == 1 and "WR" in hand[0] and ("Recruitment" in hand[0] or "Held" in hand[0]
                                                        or "Recrutement" in hand[0])
        clean(KIT.status(view, lang))
        clean(KIT.setup_line(view, lang).strip(" ·"))
    board = "\n".join(KIT.board_lines(view, "en", NAMES))
    assert "centre (range 2, +1 Warrior, +1 Fame)" in board and "Mead Hall" in board and "range 3" in board
    assert KIT.hand_lines(G.view(state, None), "en") == []
    words = KIT.completions(view)
    assert "gather" in words and "WR" in words and "iona" in words and "serpent" in words


# ---- answers --------------------------------------------------------------------------------------------------


def ask(question: str, lang: str, state: Any = None, player: int = 0) -> str:
    from gm.rules import answer

    ans = answer(question, "name-of-odin", lang=lang, state=state, player=player if state is not None else None,
                 names=NAMES[:3])
    return ans.text


SKADI = {"players": 4, "heroes": ["astrid", None, None, None], "buildings": [["forge1", "inn1"], [], [], []],
         "tokens": [2, 0, 0, 0], "longships": [[{"ship": "serpent", "damage": 1}], [], [], []],
         "vikings": [[2, 3, 1], [0, 0, 0], [0, 0, 0], [0, 0, 0]], "sea": [None, None, None, "iona", None, None],
         "zone_tokens": [None, "W", "T"], "fame": [4, 7, 2, 7],
         "hands": [["SC", "WR", "TN"], ["WC", "SN"], ["TR"], ["TC", "WN"]]}


def test_state_answers() -> None:
    state = G.scenario(SKADI)
    text = ask("how much does my next construction token cost?", "en", state)
    assert "costs 5 Craftsmanship" in text  # rulebook example: Skadi's token costs 5
    assert "5" in ask("was kostet mein nächster Baumaterialmarker?", "de", state)
    assert "5" in ask("combien coûte mon prochain jeton construction ?", "fr", state)
    text = ask("who has the most fame?", "en", state)
    assert "Ben" in text and "Cleo" not in text.split("(")[0] and "7" in text
    text = ask("what can I do?", "en", state)
    assert "end the turn" in text and "gather" in text
    assert "Du kannst" in ask("was kann ich tun?", "de", state)
    assert "Yes" in ask("why can't I raid Iona?", "en", state)  # rulebook examples 4-9: Skadi can
    poor = G.scenario(dict(SKADI, vikings=[[0, 1, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]))
    text = ask("why can't I raid Iona?", "en", poor)
    assert text.startswith("Iona needs 1 Warrior, 3 Traders and 1 Sailor; you have 1 Trader.")
    assert "Iona braucht" in ask("warum kann ich Iona nicht überfallen?", "de", poor)
    assert "Iona demande" in ask("pourquoi je ne peux pas attaquer Iona ?", "fr", poor)


def test_hypothetical_answers() -> None:
    text = ask("what would the fourth token cost?", "en")
    assert "4 Craftsmanship" in text
    text = ask("what would the fourth token cost with 1 building?", "en")
    assert "5 Craftsmanship" in text
    text = ask("could I raid Iona with 2 Traders and a range-2 ship?", "en")
    assert text.startswith("No.") and "3 Traders and 1 Sailor" in text and "short" in text
    text = ask("could I raid Iona with 3 Traders and 1 Sailor and a range-2 ship?", "en")
    assert text.startswith("Yes.")
    state = G.scenario(SKADI)  # in play: Iona lies in the centre zone (range 2, +1 Warrior)
    text = ask("could I raid Iona with 3 Traders and a range-1 ship?", "en", state)
    assert text.startswith("No.") and "range 2" in text


@pytest.mark.parametrize("lang", LANGS)
def test_cards_from_the_data_in_play(lang: str) -> None:
    for name in ("Egil", "egil", "Serpent", "Iona", "forge1", "Great Forge", "WR"):
        lines = KIT.card_lines(name, lang)
        assert lines, name
        for line in lines:
            clean(line)
    assert len(KIT.card_lines("forge", lang) or []) == 4  # a building type names its four cards
    assert KIT.card_lines("nobody at all", lang) is None
    question = {"en": "what does Egil do?", "de": "was kann Egil?", "fr": "que fait Egil ?"}[lang]
    assert "Egil" in ask(question, lang) and "+2" in ask(question, lang)


def test_a_card_file_in_play_is_what_the_cards_say() -> None:
    cards = load_cards()
    cards["heroes"][0] = dict(cards["heroes"][0], code="skadi", name="Skadi the Hunter")
    state = G.scenario({"players": 2, "cards": cards, "heroes": ["skadi", None]})
    assert "Skadi the Hunter" in (KIT.card_lines("skadi", "en", state) or [""])[0]
    res = parse_move(G, state, 0, "use Skadi")
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.params["hero"] == "skadi"


def test_edition_shown_in_card_texts() -> None:
    de = G.scenario({"players": 2, "edition": "de"})
    line = (KIT.card_lines("forge4", "en", de) or [""])[0]
    assert "not in the German edition" in line
    assert "German" not in (KIT.card_lines("forge4", "en", G.scenario({"players": 2})) or [""])[0]


def test_final_scoring_breakdown() -> None:
    state = G.new_game(players=3, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state, _ = G.apply(state, G.bots["heuristic"](state, rng))
    for lang in LANGS:
        lines = KIT.final_lines(state, lang, NAMES)
        assert len(lines) == 3
        for line, score in zip(lines, G.final_scores(state), strict=True):
            clean(line)
            assert f"= {score.total}" in line


def test_check_cards() -> None:
    assert KIT.check_cards(load_cards()) == []
    assert KIT.check_cards([1, 2])
    broken = load_cards()
    broken["raids"] = broken["raids"][:3]
    problems = KIT.check_cards(broken)
    assert problems and any("raid" in p for p in problems)


def test_word_salad_never_breaks_the_parser() -> None:
    from gm.games.name_of_odin.parse import LEXICON

    words = LEXICON.words() + ["Iona", "Egil", "forge", "3", "with", "my", "red", "cards", "WR", "?", ",", "ne",
                               "pas", "player", "2"] * 20
    rng = random.Random(11)
    states = []
    for seed in range(3):
        state = G.new_game(players=2 + seed, seed=seed)
        while not state.is_over:
            if rng.random() < 0.05:
                states.append(state)
            acts = G.legal_actions(state)
            state, _ = G.apply(state, acts[rng.randrange(len(acts))])
    for _ in range(1500):
        state = rng.choice(states)
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 8)))
        res = parse_move(G, state, state.decision.player, text)
        assert res.reason != "internal_error", text
        for action in [res.action] if res.action is not None else res.candidates:
            assert G.check(state, action) is None
