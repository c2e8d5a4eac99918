"""The model layer: settings, grounded move reading, narration and rules answers through a real
OpenAI-compatible server, replayed from vcrpy cassettes (no network, no key in CI).

Re-record (needs the local server or an OpenAI key):  scripts/record_cassettes.sh
That sets GM_RECORD=1, OPENAI_BASE_URL and GM_MODEL; it writes tests/cassettes/*.yaml and meta.json.

The recorded model is Qwen2.5-Coder-1.5B-Instruct (Q4_K_M, on llama-cpp-python's server): a small instruction-tuned
model, right more often than not but not always. These tests assert the
plumbing and the safety (nothing illegal is ever applied, bad answers fall back), not its quality; each also
asserts what its cassette recorded (the model's choice and what the game master made of it), so a change that
ignores the model's answer fails. After re-recording, update those expected results.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
import vcr
from fakes import FakeChat

from engine import load_game
from engine.odin import Pass, Play
from gm import games
from gm.llm import LLM, LLMSettings, settings_from_env
from gm.narrate.llm import check_narration
from gm.parse.llm import llm_parse, understand
from gm.rules import answer
from gm.rules.retrieval import index
from gm.session import Seat, Session
from gm.store import Store

G = load_game("odin")
CASSETTES = Path(__file__).parent / "cassettes"
META = CASSETTES / "meta.json"
RECORD = os.environ.get("GM_RECORD") == "1"
SECRET_HEADERS = ["authorization", "api-key", "x-api-key", "openai-organization", "openai-project", "cookie",
                  "set-cookie"]

VCR = vcr.VCR(
    cassette_library_dir=str(CASSETTES),
    record_mode="all" if RECORD else "none",
    match_on=["method", "scheme", "host", "port", "path", "body"],
    filter_headers=SECRET_HEADERS,
    decode_compressed_response=True,
)


def recorded_llm() -> LLM:
    """The model the cassettes were recorded with (when recording: the one configured in the environment)."""
    if RECORD:
        settings = settings_from_env()
        assert settings is not None, "recording needs OPENAI_BASE_URL or OPENAI_API_KEY"
        settings = LLMSettings(api_key=settings.api_key, base_url=settings.base_url, model=settings.model,
                               timeout=120.0, max_tokens=settings.max_tokens, method=settings.method)
        META.write_text(json.dumps({"base_url": settings.base_url or "https://api.openai.com/v1",
                                    "model": settings.model, "method": settings.method}, indent=1) + "\n")
        return LLM(settings)
    meta = json.loads(META.read_text())
    return LLM(LLMSettings(api_key="replayed-no-key", base_url=meta["base_url"], model=meta["model"],
                           method=meta["method"]))


def assert_replayed(llm: LLM) -> None:
    """Every model call of the test was answered (from the cassette): a stale cassette fails the test
    instead of passing quietly on the offline fallback. Re-record with scripts/record_cassettes.sh."""
    assert llm.usage.calls > 0
    assert llm.usage.failures == 0, [e for e in llm.usage.log if not e["ok"]]


def scen(hands, center=(), to_move=0, **kw):
    spec = {"players": len(hands), "hands": [list(h) for h in hands], "center": list(center), "to_move": to_move}
    spec.update(kw)
    return G.scenario(spec)


# ---- settings ----------------------------------------------------------------------------------------------

def test_no_key_and_no_base_url_means_no_model():
    assert settings_from_env({}) is None
    s = settings_from_env({"OPENAI_BASE_URL": "http://127.0.0.1:8765/v1", "GM_MODEL": "gemma"})
    assert s is not None and s.model == "gemma" and s.timeout == 20.0 and s.max_retries == 1
    assert settings_from_env({"OPENAI_API_KEY": "x"}).model == "gpt-4o-mini"
    with pytest.raises(ValueError):
        settings_from_env({"OPENAI_API_KEY": "x", "GM_LLM_METHOD": "telepathy"})


def test_max_tokens_is_always_sent_and_the_client_is_bounded():
    llm = LLM(LLMSettings(api_key="k", base_url="http://127.0.0.1:9/v1", model="m", max_tokens=123))
    payload = llm.chat._get_request_payload([("user", "hi")])
    assert payload["max_tokens"] == 123 and "max_completion_tokens" not in payload
    # The client retries nothing itself (it would wait out a Retry-After of a minute): the one retry happens
    # within the call's deadline, in gm.llm.
    assert llm.chat.request_timeout == 20.0 and llm.chat.max_retries == 0 and llm.settings.max_retries == 1


# ---- recorded against the real server ---------------------------------------------------------------------

@VCR.use_cassette("parse_choice.yaml")
def test_model_reads_a_move_only_among_legal_actions():
    llm = recorded_llm()
    state = scen([["P7", "P2", "R5", "B1"], ["B2"], ["G2", "G3"]], ["K8", "K3"], last_played_by=2)
    out = llm_parse(llm, G, state, 0, "I'll dump my two pinks and grab whatever's biggest", "en")
    assert out.kind in ("action", "clarify", "refused")
    if out.kind == "action":
        assert G.check(state, out.action) is None
    assert llm.usage.calls == 1 and llm.usage.prompt_chars > 0
    # What the cassette recorded: the model chose "pass" (the only legal move: P7 P2 is 72, below 83), played as
    # the model's choice.
    assert out.kind == "action" and out.action == Pass() and out.proposed == "pass"
    assert_replayed(llm)


@VCR.use_cassette("parse_reading.yaml")
def test_the_model_reports_what_the_words_say_and_the_grounding_decides():
    llm = recorded_llm()
    # three sevens: "un sept" fits each; a reader that adds a colour the words lack is overruled
    sevens = scen([["R7", "B7", "G7", "K2"], ["P1"]], ["O5"], last_played_by=1)
    leading = scen([["G9", "O9", "O8", "B6", "G4", "O4", "B3", "K2", "G1"], ["P1"]])
    got = {}
    for key, state, text in (("sept", sevens, "un sept"), ("crimson", sevens, "the crimson seven"),
                             ("highest", leading, "die höchste Karte bitte"), ("chat", sevens, "nice move Ben")):
        res, out = understand(G, state, 0, text, "en", llm)
        assert res.kind != "action" or G.check(state, res.action) is None
        got[key] = (res.kind, sorted(G.to_notation(a) for a in ([res.action] if res.kind == "action"
                                                                  else res.candidates)), out and out.kind)
    # Never a guess: the ambiguous lines stay questions back whatever the model read.
    assert got["sept"][0] == "ambiguous" and len(got["sept"][1]) == 3
    assert got["highest"][:2] == ("ambiguous", ["play G9", "play O9"])
    assert got["chat"][0] == "no_match" and got["chat"][2] != "confirm"
    # What the cassette recorded: the 1.5B model's readings narrowed nothing (its "crimson seven" quoted no
    # words that back a colour), so every line stayed as the offline parser left it.
    assert got == {"sept": ("ambiguous", ["play B7 take O5", "play G7 take O5", "play R7 take O5"], "keep"),
                   "crimson": ("ambiguous", ["play B7 take O5", "play G7 take O5", "play R7 take O5"], "keep"),
                   "highest": ("ambiguous", ["play G9", "play O9"], "keep"), "chat": ("no_match", [], "clarify")}
    assert_replayed(llm)


@VCR.use_cassette("session_model.yaml")
def test_a_session_with_a_model_never_applies_an_illegal_action(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Greedy", kind="bot", bot="greedy")], 12, {}, "en")
    s.llm = recorded_llm()
    s.run_bots("en", 0)
    streamed: list[str] = []
    s.stream = streamed.append
    replies, pending = [], []
    for line in ("hmm, I'll go with something small I guess", "whatever is the best for me now"):
        before = len(s.log)
        reply = s.handle(line)
        pending.append(sorted(G.to_notation(a) for a in s.pending))
        assert reply.messages
        if reply.accepted:
            assert len(s.log) > before
        replies.append(reply)
    # What the cassette recorded: "something small" fits the offline parser's lowest cards (B1, O1, R1); the
    # model's reading adds nothing the words say, so the player is asked, not guessed for (the 1.5B model used to
    # choose B1 here). The second line ("the best") is the hand's one highest card, K9, read offline and played;
    # the model then narrated it.
    assert not replies[0].accepted and [m.kind for m in replies[0].messages][0] == "candidates"
    assert pending[0] == ["play B1", "play O1", "play R1"]
    assert s.log[0] == (0, "play K9") and [m.kind for m in replies[1].messages] == ["narration"]
    loaded = store.load(s.game_id)  # replays every saved action through the engine
    assert loaded.log == s.log
    assert_replayed(s.llm)
    for m in (m for m in reply.messages if m.kind == "narration"):
        assert set(re.findall(r"\b[BRPGKO][1-9]\b", m.text)) <= set(re.findall(r"\b[BRPGKO][1-9]\b",
                                                                                    " ".join(s.history)))


@VCR.use_cassette("narrate.yaml")
def test_narration_sticks_to_the_public_facts_or_falls_back(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 7, {}, "de")
    s.llm = recorded_llm()
    chunks: list[str] = []
    s.stream = chunks.append
    action = G.legal_actions(s.state)[0]
    reply = s.play(action, s.to_move, "de")
    assert reply.accepted
    narration = [m for m in reply.messages if m.kind == "narration"]
    assert narration
    hands = {c for seat in range(2) for c in G.view(s.state, seat).hand}
    for m in narration:
        assert not (set(re.findall(r"\b[BRPGKO][1-9]\b", m.text)) & (hands - set(action.cards)))
        if m.streamed:
            assert "".join(chunks).strip() == m.text
    # What the cassette recorded: the model's retelling (clumsy German, but only public facts) passed the checks
    # and was shown, in one chunk once checked.
    assert [m.text for m in narration] == ["Du hast die blauen 1 (B1) auf den Zentrum gelegt."] == chunks
    assert_replayed(s.llm)


@VCR.use_cassette("rules.yaml")
def test_model_rules_answers_quote_the_retrieved_sections():
    llm = recorded_llm()
    got = []
    for q, lang in (("how many cards does each player get?", "en"), ("wann endet die Partie?", "de")):
        a = answer(q, "odin", lang=lang, llm=llm)
        offline = answer(q, "odin", lang=lang)
        assert a.sections and all(s["id"].startswith("odin.") for s in a.sections)
        assert a.source in ("model", "digest")
        # pick and quote: every word of the answer is the cited section's (and its edition notes'), reordered
        cited = " ".join(index("odin", lang).by_id[s["id"]].text for s in a.sections)
        assert sorted(a.text.replace("\n", " ").split()) == sorted(cited.split()) or a.text == offline.text
        got.append((a.source, [s["id"] for s in a.sections], a.text.split("\n")[0][:60]))
    # What the cassette recorded: the model pointed at the sentence that deals 9 cards, and at the German
    # game-end rule; both answers are the digest's sentences.
    assert got == [("model", ["odin.setup.deal"], "Shuffle all 54 cards and deal 9 to each player, face down. T"),
                   ("model", ["odin.end.target"], "Nach jeder Zwischenwertung prüft ihr die Stände: Hat mindest")]
    assert_replayed(llm)


def test_cassettes_hold_no_key():
    files = list(CASSETTES.glob("*.yaml"))
    assert len(files) >= 5
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        assert "authorization" not in text and "bearer" not in text and "sk-" not in text, path.name
        assert "api-key" not in text


# ---- failures: the game goes on -----------------------------------------------------------------------------

def fake_llm(**kw: Any) -> LLM:
    return LLM(LLMSettings(api_key=None, base_url="http://127.0.0.1:9/v1", model="fake"),
               chat_model=FakeChat(validate=True, **kw))


def test_an_illegal_move_the_words_name_is_refused_with_the_engines_reason_and_changes_nothing(tmp_path):
    state = scen([["R9", "R8", "R7", "R6", "B9", "B8", "B7", "G9", "G8"], ["O5"], ["O4"]], ["K2", "K1"],
                 last_played_by=2)
    llm = fake_llm(parsed={"intent": "play", "cards": [{"words": "scarlet thing", "colour": "red", "number": 9},
                                                       {"words": "navy thing", "colour": "blue", "number": 8}]})
    res, out = understand(G, state, 0, "chuck the scarlet thing and the navy thing", "en", llm)
    assert res.kind == "illegal" and res.illegal.code == "mixed_cards"
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    s.llm = fake_llm(parsed={"intent": "unsure"})
    before = G.state_to_json(s.state)
    reply = s.handle("the nice one please")
    assert not reply.accepted and G.state_to_json(s.state) == before and not s.pending
    assert reply.messages[-1].kind == "refusal"


def test_a_model_that_times_out_or_talks_nonsense_leaves_the_offline_path(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    s.llm = fake_llm(fail=TimeoutError("read timed out"))
    reply = s.handle("the quick brown fox")  # offline: no match; model: fails -> a notice and the offline refusal
    assert not reply.accepted and "did not answer" in reply.messages[0].text
    assert reply.messages[-1].kind == "refusal"
    card = G.view(s.state, s.to_move).hand[0]
    reply = s.handle(f"play {card}")  # narration by the model fails -> the templates
    assert reply.accepted and card in reply.text
    s.llm = fake_llm(text="Ana plays K9 and wins the game with 99 points!")  # invents a card
    card = G.view(s.state, s.to_move).hand[0] if not s.state.is_over else None
    if card:
        acts = [a for a in G.legal_actions(s.state) if isinstance(a, Pass | Play)]
        reply = s.play(acts[-1], s.to_move, "en")
        assert "99 points" not in reply.text


def test_rules_answer_falls_back_when_the_model_fails():
    a = answer("how many cards does each player get?", "odin", lang="en", llm=fake_llm(fail=TimeoutError("x")))
    assert a.source == "digest" and "9" in a.text and a.notice and a.notice in a.render()
    bad = fake_llm(parsed={"answer": "Eleven.", "sections": [], "supported": True})
    assert answer("how many cards does each player get?", "odin", lang="en", llm=bad).source == "digest"


def test_check_narration():
    codes = games.get("odin").code_pattern
    assert codes is not None
    assert check_narration("Ana plays R7.", ["Ana plays R7 (7)."], [], codes)
    assert not check_narration("Ana plays R7 and holds K9.", ["Ana plays R7 (7)."], [], codes)
    assert not check_narration("", ["x"], [], codes)
    # "ich passe" after Greedy led R6: retelling the older B3 / B1 K1 as news is refused, the table now is fine
    said, earlier = ["Du passt."], ["Du eröffnest mit der blauen 3 (B3).", "Greedy spielt B1 K1."]
    assert not check_narration("Du eröffnest mit der blauen 3, Greedy spielt B1 K1.", said, earlier, codes,
                               {"center": ["R6"]})
    assert check_narration("Du passt, und R6 bleibt liegen.", said, earlier, codes, {"center": ["R6"]})


def test_an_echoed_prompt_is_never_streamed(tmp_path):
    echo = '<|im_start|>user {"language": "en", "facts": ["You play the black 6 (K6)."]}'
    store = Store(f"sqlite:///{tmp_path / 'gm.sqlite3'}")
    s = Session.new(store, "odin", [Seat("Ana"), Seat("Ben")], 3, {}, "en")
    s.llm = fake_llm(text=echo)
    shown: list[str] = []
    s.stream = shown.append
    card = G.view(s.state, s.to_move).hand[0]
    reply = s.handle(f"play {card}")
    assert reply.accepted and "im_start" not in "".join(shown) and "facts" not in reply.text
    assert card in reply.text  # the template narration stands


def test_a_model_pick_keeps_the_offline_answers_no_and_both_halves():
    """The model only ever helps: the offline "Nein." stays first when the model points at other sentences, and a
    line with two questions keeps the facts of both sections (one quoted section would lose one)."""
    q = "Darf der Startspieler passen?"
    offline = answer(q, "odin", lang="de")
    assert offline.text.startswith("Nein.")
    section = offline.sections[0]["id"]
    picked = answer(q, "odin", lang="de", llm=fake_llm(parsed={"section": section, "sentences": [1]}))
    assert picked.source == "model" and picked.text.startswith("Nein. "), picked.text
    q = "Wann ist das Spiel vorbei und wer gewinnt?"
    offline = answer(q, "odin", lang="de")
    assert len(offline.sections) == 2
    picked = answer(q, "odin", lang="de", llm=fake_llm(parsed={"section": offline.sections[0]["id"],
                                                               "sentences": [2]}))
    assert picked.text == offline.text and picked.sections == offline.sections
