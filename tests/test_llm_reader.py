"""The model as a reader (gm.parse.llm): it reports what the words say, the grounding decides the move.

A stand-in model (tests/fakes.py) answers with a preset reading, validated against the kit's form as a real
client's answer is; the recorded model's readings are in tests/test_llm.py. What these tests hold:
- a value the model adds that the player's words do not name is dropped, so it never narrows the choice
  (zero guesses on ambiguous lines);
- quoted words that are not the player's make the reading unusable;
- a negated move, chat and "unsure" play nothing;
- a word the parser does not know ("crimson") may narrow the candidates, because the words do say it;
- the same policy serves the session and `gm parse`.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from fakes import FakeChat

from engine import load_game
from gm.llm import LLM, LLMSettings
from gm.parse import parse_move
from gm.parse.llm import resolve, understand
from gm.session import Seat, Session
from gm.store import Store

G = load_game("odin")
ROOT = Path(__file__).resolve().parent.parent


def fake_llm(**kw: Any) -> LLM:
    return LLM(LLMSettings(api_key=None, base_url="http://127.0.0.1:9/v1", model="fake"),
               chat_model=FakeChat(validate=True, **kw))


def scen(hands: list[list[str]], center: tuple[str, ...] = (), **kw: Any) -> Any:
    spec = {"players": len(hands), "hands": hands, "center": list(center), "to_move": 0, **kw}
    return G.scenario(spec)


SEVENS = scen([["R7", "B7", "G7", "K2"], ["P1"]], ("O5",), last_played_by=1)
LEADING = scen([["G9", "O9", "O8", "B6", "G4", "O4", "B3", "K2", "G1"], ["P1"]])
EIGHTS = scen([["R8", "O8", "B8", "K3"], ["P1"]], ("G2", "G1"), last_played_by=1)


def reading(**kw: Any) -> dict[str, Any]:
    return {"intent": "play", **kw}


def table(state: Any, text: str, parsed: dict[str, Any]) -> tuple[Any, Any]:
    return understand(G, state, 0, text, "en", fake_llm(parsed=parsed))


def notations(res: Any) -> list[str]:
    return [G.to_notation(a) for a in res.candidates]


def test_a_colour_the_words_do_not_name_is_dropped_and_the_player_is_asked() -> None:
    # "un sept" with three sevens: a model that says "red" guesses; the words name no colour.
    res, out = table(SEVENS, "un sept", reading(cards=[{"words": "un sept", "colour": "red", "number": 7}]))
    assert res.kind == "ambiguous" and notations(res) == ["play B7 take O5", "play G7 take O5", "play R7 take O5"]
    assert out is not None and out.kind == "keep"


def test_a_word_the_parser_does_not_know_may_narrow_the_choice() -> None:
    text = "the crimson seven"
    assert parse_move(G, SEVENS, 0, text).kind == "ambiguous"
    res, out = table(SEVENS, text, reading(cards=[{"words": "crimson seven", "colour": "red", "number": 7}]))
    assert res.kind == "action" and G.to_notation(res.action) == "play R7 take O5"
    # the same reading with a colour of a word the lexicon knows otherwise ("seven" is a number) is dropped
    res, _ = table(SEVENS, text, reading(cards=[{"words": "seven", "colour": "red", "number": 7}]))
    assert res.kind == "ambiguous"


def test_quoted_words_that_are_not_the_players_make_the_reading_unusable() -> None:
    res, out = table(SEVENS, "un sept", reading(cards=[{"words": "le sept rouge", "colour": "red", "number": 7}]))
    assert res.kind == "ambiguous" and out is not None and out.kind == "keep" and out.reason == "unsupported"


def test_the_highest_card_is_computed_not_guessed() -> None:
    # In a game the 1.5B model once *played* B3 for "die höchste Karte bitte"; now the reading says "highest"
    # and the grounding finds two nines: the player is asked.
    text = "die höchste Karte bitte"
    res, _ = table(LEADING, text, reading(cards=[{"words": "die höchste Karte", "extreme": "highest"}]))
    assert res.kind == "ambiguous" and notations(res) == ["play G9", "play O9"]
    res, _ = table(LEADING, text, reading(cards=[{"words": "Karte", "number": 3, "colour": "blue"}]))
    assert res.kind == "ambiguous" and notations(res) == ["play G9", "play O9"]  # B3 is not in the words


def test_exclusions_are_never_played() -> None:
    text = "alle Achten außer die orange"
    parsed = reading(cards=[{"words": "alle Achten", "number": 8, "all_of_them": True}],
                     excluded=[{"words": "die orange", "colour": "orange"}])
    res, _ = table(EIGHTS, text, parsed)
    assert res.kind == "ambiguous" and notations(res) == ["play B8 R8 take G1", "play B8 R8 take G2"]
    res, _ = table(EIGHTS, text + ", nimm die G2", {**parsed, "take": {"words": "die G2", "colour": "green",
                                                                        "number": 2}})
    assert res.kind == "action" and G.to_notation(res.action) == "play B8 R8 take G2"


def test_negation_chat_and_hesitation_play_nothing() -> None:
    crimson = [{"words": "crimson seven", "colour": "red", "number": 7}]
    for text, parsed in (("nah, hold off on the crimson seven", reading(negated=True, cards=crimson)),
                         ("nice move Ben", {"intent": "not_a_move"}),
                         ("nice move Ben", {"intent": "pass", "pass_words": "nice move"}),
                         ("nice move Ben", {"intent": "pass", "pass_words": "I pass"}),
                         ("hmm crimson or blue", {"intent": "unsure"})):
        res, out = table(SEVENS, text, parsed)
        assert res.kind != "action" and (out is None or out.kind != "confirm"), (text, parsed, res, out)


def test_lines_the_parser_knows_are_no_move_never_reach_the_model() -> None:
    llm = fake_llm(parsed=reading(cards=[{"words": "seven", "number": 7, "colour": "red"}]))
    for text in ("should I play the red seven?", "ich passe nicht", "seven or pass?"):
        offline = parse_move(G, SEVENS, 0, text)
        assert offline.kind == "no_match", text
        assert resolve(llm, G, SEVENS, 0, text, "en", offline).kind == "keep"
    assert llm.usage.calls == 0


def test_a_reading_of_unknown_words_is_offered_back_for_a_yes(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    hand = G.view(s.state, s.to_move).hand
    card = hand[0]
    colour = {"B": "blue", "R": "red", "P": "pink", "G": "green", "K": "black", "O": "orange"}[card[0]]
    s.llm = fake_llm(parsed=reading(cards=[{"words": "the wobbly thing", "colour": colour, "number": int(card[1])}]))
    before = G.state_to_json(s.state)
    reply = s.handle("lemme drop the wobbly thing")
    assert not reply.accepted and G.state_to_json(s.state) == before
    assert "Did you mean" in reply.text and card in reply.text
    assert s.handle("yes").accepted and s.log[-1][1] == f"play {card}"


def test_gm_parse_offline_skips_the_model(tmp_path: Path) -> None:
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps({"players": 2, "hands": [["R7", "B7", "G7", "K2"], ["P1"]], "center": ["O5"],
                                    "to_move": 0, "last_played_by": 1}))
    env = {"PATH": "/usr/bin:/bin", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "GM_MODEL": "nothing-here",
           "GM_LLM_TIMEOUT": "2"}
    args = [sys.executable, "-m", "gm.cli", "parse", "--game", "odin", "--scenario", str(scenario), "--json",
            "the crimson seven"]
    off = subprocess.run([*args, "--offline"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    assert json.loads(off.stdout) == {"kind": "ambiguous",
                                      "candidates": ["play B7 take O5", "play G7 take O5", "play R7 take O5"]}
    # with the model configured (here a server that is not there), the table's policy runs and says so
    on = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)
    got = json.loads(on.stdout)
    assert got["kind"] == "ambiguous" and got["model"] == "error" and got.get("notice")


def test_pass_the_chips_never_reaches_the_model() -> None:
    llm = fake_llm(parsed={"intent": "pass", "pass_words": "pass"})
    for text in ("pass me the chips", "passe-moi le sel", "ich pass kurz auf den Hund auf"):
        offline = parse_move(G, SEVENS, 0, text)
        assert offline.kind == "no_match" and resolve(llm, G, SEVENS, 0, text, "en", offline).kind == "keep"
    assert llm.usage.calls == 0


def test_a_player_still_thinking_never_reaches_the_model() -> None:
    """Measured with the local model on a fresh In the Name of Odin set: "euh attendez, je réfléchis" was offered
    back as "pass?". Hesitation asks for time: the model is not asked, whatever the game."""
    llm = fake_llm(parsed={"intent": "pass", "pass_words": "pass"})
    for text in ("euh attendez, je réfléchis", "wait, let me think", "Moment, ich überleg noch"):
        offline = parse_move(G, SEVENS, 0, text)
        assert offline.kind == "no_match" and resolve(llm, G, SEVENS, 0, text, "en", offline).kind == "keep"
    assert llm.usage.calls == 0
