"""Narration and the message catalogue: every event and reason code in EN, DE and FR, with the key facts."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine import Illegal, load_game
from engine.odin.actions import Dealt, GameOver, HandScored, Pass, Passed, Play, Played, TrickEnded
from gm import games, i18n
from gm.games.odin.narrate import card_name, card_named, group_name
from gm.i18n import LANGS, catalogue, fill, join_list, normalise_lang, plural, t, tn
from gm.narrate import board_lines, describe_action, explain, hand_lines, narrate

G = load_game("odin")
NAMES = ["Ana", "Ben", "Cleo"]
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?::[^}]*)?\}")
CARD_CODE = re.compile(r"\b[BRPGKO][1-9]\b")
LOCALES = Path(i18n.__file__).resolve().parent / "locales"
KIT_LOCALES = Path(i18n.__file__).resolve().parent / "games" / "odin" / "locales"

# Words that only the right language would use (a spot check that DE is German and FR is French).
GERMAN = re.compile(r"\b(du|die|der|und|mit|nicht|Karten?|Mitte|Partie|eröffnet|spielt|nimmt|passt)\b", re.I)
FRENCH = re.compile(r"\b(tu|le|la|les|et|avec|pas|carte|cartes|centre|partie|ouvre|joue|prend|passe)\b", re.I)
ENGLISH = re.compile(r"\b(you|the|and|with|card|cards|centre|game|leads|plays|takes|passes)\b", re.I)
SPOT = {"en": ENGLISH, "de": GERMAN, "fr": FRENCH}


def scen(hands: list[list[str]], center: list[str] | None = None, to_move: int = 0, **kw: Any) -> Any:
    spec: dict[str, Any] = {"players": len(hands), "hands": hands, "center": center or [], "to_move": to_move}
    spec.update(kw)
    return G.scenario(spec)


def clean(text: str) -> None:
    assert text and text.strip() == text
    assert not PLACEHOLDER.search(text), text
    assert "{" not in text and "}" not in text, text


# ---- the catalogue files -----------------------------------------------------------------------------------

def _flat(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    i18n._flatten(tomllib.loads(path.read_text(encoding="utf-8")), "", out)
    return out


@pytest.mark.parametrize("folder, stem", [(LOCALES, ""), (LOCALES, "ui."), (LOCALES, "rules."), (KIT_LOCALES, "")])
def test_every_language_defines_every_key(folder: Path, stem: str) -> None:
    files = {lang: folder / f"{stem}{lang}.toml" for lang in LANGS}
    keys = {lang: set(_flat(path)) for lang, path in files.items()}
    assert keys["en"], "the English catalogue is empty"
    for lang in ("de", "fr"):
        assert keys[lang] == keys["en"], (lang, keys[lang] ^ keys["en"])


def test_translations_differ_from_english() -> None:
    en = catalogue("en")
    for lang in ("de", "fr"):
        other = catalogue(lang)
        for key in ("odin.event.play", "odin.refuse.not_higher", "odin.board.hands", "refuse.not_your_turn"):
            assert other[key] != en[key], (lang, key)


# ---- i18n ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "code"), [
    ("en", "en"), ("EN", "en"), ("en-GB", "en"), ("English", "en"), ("anglais", "en"),
    ("de", "de"), ("DE", "de"), ("de-CH", "de"), ("de_AT", "de"), ("deutsch", "de"), ("German", "de"),
    ("allemand", "de"),
    ("fr", "fr"), ("fr-CA", "fr"), ("français", "fr"), ("Francais", "fr"), ("French", "fr"),
    ("französisch", "fr"), ("FR_fr.UTF-8", "fr"),
    ("", "en"), ("xx", "en"), ("klingon", "en"), (None, "en"), (42, "en"), (["de"], "en"),
])
def test_normalise_lang(raw: Any, code: str) -> None:
    assert normalise_lang(raw) == code


def test_missing_key_and_param_never_raise() -> None:
    assert t("no.such.key", "de") == "no.such.key"
    assert t("no.such.key", "xx", name="Ana") == "no.such.key"
    text = t("odin.event.play", "en", name="Ana")
    assert text.startswith("Ana plays {cards}{take}")
    assert fill("{a} {b:>4} {c!r} {d.e} {0}", a=1) in ("{a} {b:>4} {c!r} {d.e} {0}", "1 {b:>4} {c} {d.e} {0}")
    assert fill("{a:>4}", a=1) == "   1"
    assert fill("unbalanced {", a=1) == "unbalanced {"
    assert fill("{missing:>4} ok") == "{missing:>4} ok"


def test_fallback_to_english_and_merge_of_every_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "en.toml").write_text('[x]\nonly_en = "Hello {name}"\nboth = "en"\n', encoding="utf-8")
    (tmp_path / "de.toml").write_text('[x]\nboth = "de"\n', encoding="utf-8")
    (tmp_path / "ui.de.toml").write_text('[ui]\nbye = "Tschüss {name}"\n', encoding="utf-8")
    (tmp_path / "odin.de.toml").write_text("broken = [\n", encoding="utf-8")  # a broken file is skipped
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.reload()
    try:
        assert t("x.both", "de") == "de"
        assert t("x.only_en", "de", name="Ana") == "Hello Ana"
        assert t("ui.bye", "de-CH", name="Ana") == "Tschüss Ana"
        assert t("ui.bye", "fr") == "ui.bye"
    finally:
        monkeypatch.undo()
        i18n.reload()
    assert t("odin.event.pass", "de", name="Ana") == "Ana passt."


def test_plural_and_lists() -> None:
    assert plural(1, "card", "cards") == "card" and plural(0, "card", "cards") == "cards"
    assert plural(0, "carte", "cartes", "fr") == "carte" and plural(2, "carte", "cartes", "fr") == "cartes"
    assert tn("odin.word.cards", 1, "de") == "1 Karte" and tn("odin.word.cards", 3, "de") == "3 Karten"
    assert tn("odin.word.points_with", 4, "de") == "4 Punkten"
    assert tn("odin.word.points", 0, "fr") == "0 point"
    assert join_list(["A", "B", "C"], "en") == "A, B and C"
    assert join_list(["A", "B"], "de") == "A und B"
    assert join_list(["A", "B"], "fr", "or") == "A ou B"
    assert join_list(["A"], "fr") == "A" and join_list([], "fr") == ""
    assert t("list.and", "de") == "und"


# ---- card names ------------------------------------------------------------------------------------------

def test_card_names_inflect() -> None:
    assert card_name("R7", "en") == "the red 7"
    assert card_name("r7", "en", "bare") == "red 7"
    assert card_name("R7", "de") == "die rote 7"
    assert card_name("K9", "de", "dat") == "der schwarzen 9"
    assert card_name("G3", "de", "bare") == "grüne 3"
    assert card_name("R7", "fr") == "le 7 rouge"
    assert card_name("G7", "fr", "bare") == "7 vert"
    assert card_named("B3", "fr") == "le 3 bleu (B3)"
    assert card_name("X9", "de") == "X9"
    for suit in "BRPGKO":
        for lang in LANGS:
            for form in ("def", "dat", "bare"):
                clean(card_name(f"{suit}5", lang, form))


def test_group_names() -> None:
    assert group_name(["R8", "R2"], "en") == "the red 8 and 2"
    assert group_name(["R8", "R2"], "de") == "die rote 8 und 2"
    assert group_name(["R8", "R2"], "de", "dat") == "der roten 8 und 2"
    assert group_name(["R8", "R2"], "fr") == "le 8 et le 2 rouges"
    assert group_name(["B8", "R8"], "en") == "the blue and red 8"
    assert group_name(["B8", "R8", "G8"], "de") == "die blaue, rote und grüne 8"
    assert group_name(["B8", "R8"], "fr") == "les 8 bleu et rouge"
    assert group_name(["O4", "O1"], "fr") == "le 4 et le 1 orange"


# ---- events ----------------------------------------------------------------------------------------------

EVENTS: list[tuple[Any, list[str]]] = [
    (Played(0, ("K9",), 9, None, (), True), ["K9", "Ana"]),
    (Played(1, ("R8", "R2"), 82, "K9", ("K3",), False), ["R8 R2", "82", "K9", "Ben"]),
    (Played(2, ("P6",), 6, "O5", (), False), ["P6", "O5", "Cleo"]),
    (Played(2, ("B9", "B5", "B2"), 952, None, (), True), ["B9 B5 B2", "952", "Cleo"]),
    (Played(1, ("G7", "G4"), 74, None, ("R8", "R2"), False), ["G7 G4", "74", "Ben"]),
    (Passed(2), ["Cleo"]),
    (TrickEnded(1, ("R8", "R2")), ["Ben"]),
    (HandScored(1, (3, 0, 5), (8, 4, 12)), ["Ben", "Ana", "Cleo", "+3", "8", "12"]),
    (Dealt(2, 1), ["Ben", "3"]),
    (GameOver((1,), (9, 4, 16)), ["Ben", "4", "9", "16"]),
    (GameOver((0, 1), (4, 4, 16)), ["Ana", "Ben", "4", "16"]),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("event", "facts"), EVENTS, ids=[type(e).__name__ for e, _ in EVENTS])
def test_every_event_in_every_language(event: Any, facts: list[str], lang: str) -> None:
    lines = narrate("odin", [event], lang, NAMES)
    assert len(lines) == 1
    line = lines[0]
    clean(line)
    for fact in facts:
        assert fact in line, (fact, line)
    assert SPOT[lang].search(line), line
    if lang != "en":
        assert line != narrate("odin", [event], "en", NAMES)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_viewer_forms(lang: str) -> None:
    you = {"en": r"\b(you|You|your)\b", "de": r"\b(du|Du|deiner)\b", "fr": r"\b(tu|Tu|toi)\b"}[lang]
    for event, _ in EVENTS:
        actor = getattr(event, "player", getattr(event, "leader", getattr(event, "ender", None)))
        if isinstance(event, GameOver):
            actor = event.winners[0]
        mine = narrate("odin", [event], lang, NAMES, viewer=actor)[0]
        clean(mine)
        assert re.search(you, mine), mine
        theirs = narrate("odin", [event], lang, NAMES, viewer=(actor + 1) % 3 if actor != 2 else 0)
        if not isinstance(event, GameOver) or len(event.winners) == 1:
            assert not re.search(you, theirs[0]), theirs[0]


def test_samples_read_like_the_table() -> None:
    lead = Played(0, ("K9",), 9, None, (), True)
    play = Played(1, ("R8", "R2"), 82, "K9", (), False)
    assert narrate("odin", [lead], "de", NAMES) == ["Ana eröffnet mit der schwarzen 9 (K9)."]
    assert narrate("odin", [play], "en", NAMES) == ["Ben plays R8 R2 (82) and takes the black 9 (K9)."]
    assert narrate("odin", [play], "en", NAMES, 1) == ["You play R8 R2 (82) and take the black 9 (K9)."]
    assert narrate("odin", [lead], "fr", NAMES) == ["Ana ouvre avec le 9 noir (K9)."]
    assert narrate("odin", [play], "fr", NAMES, 1) == ["Tu joues R8 R2 (82) et prends le 9 noir (K9)."]
    assert narrate("odin", [Passed(0)], "de", NAMES, viewer=0) == ["Du passt."]


def test_pass_and_trick_end_share_a_line_and_final_scoring_is_named() -> None:
    lines = narrate("odin", [Passed(2), Passed(0), TrickEnded(1, ("R8",))], "de", NAMES)
    assert lines == ["Cleo passt.",
                     "Ana passt. Alle außer Ben haben gepasst: Ben eröffnet die nächste Runde."]
    end = narrate("odin", [HandScored(0, (0, 2, 3), (5, 16, 9)), GameOver((0,), (5, 16, 9))], "de", NAMES)
    assert "Abschlusswertung" in end[0] and "Ana gewinnt mit 5 Punkten" in end[1]
    mid = narrate("odin", [HandScored(0, (0, 2, 3), (5, 6, 9)), Dealt(1, 0)], "fr", NAMES)
    assert "décompte intermédiaire" in mid[0] and "Donne 2" in mid[1]


@pytest.mark.parametrize("lang", LANGS)
def test_dealt_never_shows_cards(lang: str) -> None:
    for viewer in (None, 0, 1):
        line = narrate("odin", [Dealt(1, 0)], lang, NAMES, viewer)[0]
        assert not CARD_CODE.search(line), line


def test_events_as_json_and_unknown_names() -> None:
    data = [G.event_to_json(Played(0, ("K9",), 9, None, (), True)), {"kind": "nonsense"}, object()]
    assert narrate("odin", data, "en", []) == ["Player 1 leads with the black 9 (K9)."]
    assert narrate("odin", [Passed(4)], "fr", NAMES) == ["Joueur 5 passe."]


@pytest.mark.parametrize("seed", [1, 7])
def test_a_whole_random_game_narrates_cleanly(seed: int) -> None:
    rng = random.Random(seed)
    state = G.new_game(3, seed, {"target": 10})
    events: list[Any] = []
    while not state.is_over:
        state, new = G.apply(state, rng.choice(G.legal_actions(state)))
        events += new
    kinds = {type(e).__name__ for e in events}
    assert {"Played", "Passed", "TrickEnded", "HandScored", "Dealt", "GameOver"} <= kinds
    for lang in LANGS:
        for viewer in (None, 0):
            lines = narrate("odin", events, lang, NAMES, viewer)
            assert len(lines) == len(events) - sum(isinstance(e, TrickEnded) for e in events)
            for line in lines:
                clean(line)
            for deal in (e for e in events if isinstance(e, Dealt)):
                assert not CARD_CODE.search(narrate("odin", [deal], lang, NAMES, viewer)[0])


# ---- refusals --------------------------------------------------------------------------------------------

LEAD = scen([["B9", "B5", "B2"], ["R8", "R2", "K1", "P9"], ["G3"]])
LEAD_MIXED = scen([["B9", "R5", "B2"], ["R8", "R2", "K1", "P9"], ["G3"]])
MID = scen([["B9", "B5", "B2", "R7", "R3", "K4"], ["R8", "R2", "K1", "P9"], ["G3", "G4"]], ["K9", "K3"])
MID1 = scen([["B9", "B5", "B2", "R7", "R3", "K4"], ["R8", "R2", "K1", "P9"], ["G3", "G4"]], ["K7"])
MID_OUT = scen([["B9", "B5"], ["R8", "R2", "K1", "P9"], ["G3", "G4"]], ["K7"])

# (state, action, code, facts that must appear in every language)
REFUSALS: list[tuple[Any, Any, str, list[str]]] = [
    (LEAD, Pass(), "leader_cannot_pass", []),
    (LEAD, Play(()), "no_cards", []),
    (LEAD, Play(("X9",)), "unknown_card", ["X9", "R7"]),
    (LEAD, Play(("B9", "B9")), "duplicate_card", ["B9"]),
    (LEAD, Play(("R7",)), "card_not_in_hand", ["R7", "7"]),
    (LEAD, Play(("R7", "R8")), "card_not_in_hand", ["R8", "R7"]),
    (LEAD, Play(("B9", "B5")), "lead_one_card", ["2"]),
    (LEAD_MIXED, Play(("B9", "B2")), "lead_one_card", ["2"]),
    (MID, Play(("B9",), "K9"), "wrong_count", ["2", "3", "1"]),
    (MID, Play(("B9", "R7"), "K9"), "mixed_cards", ["B9 R7"]),
    (MID, Play(("R7", "R3"), "K9"), "not_higher", ["73", "93"]),
    (LEAD, Play(("B9",), "K9"), "take_not_allowed", ["K9"]),
    (MID_OUT, Play(("B9", "B5"), "K7"), "take_not_allowed", ["K7"]),
    (MID, Play(("B9", "B5")), "take_required", ["K9", "K3"]),
    (MID1, Play(("B9",)), "take_required", ["K7", "7"]),
    (MID, Play(("B9", "B5"), "B2"), "take_not_in_centre", ["B2", "K9", "K3"]),
    (MID1, Play(("B9",), "B2"), "take_not_in_centre", ["B2", "K7"]),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("state", "action", "code", "facts"), REFUSALS,
                         ids=[f"{c}-{i}" for i, (_, _, c, _) in enumerate(REFUSALS)])
def test_every_reason_code_in_every_language(state: Any, action: Any, code: str, facts: list[str],
                                             lang: str) -> None:
    illegal = G.check(state, action)
    assert illegal is not None and illegal.code == code, illegal
    text = explain("odin", illegal, lang, NAMES)
    clean(text)
    for fact in facts:
        assert fact in text, (fact, text)
    assert SPOT[lang].search(text), text
    if lang != "en":
        assert text != explain("odin", illegal, "en", NAMES)


OTHER_CODES = [
    (Illegal("game_over", {}), []),
    (Illegal("unknown_action", {"action": "Foo()"}), ["pass"]),
    (Illegal("not_your_turn", {"player": 1}), ["Ben"]),
    (Illegal("not_your_turn", {}), []),
    (Illegal("take_not_allowed", {"card": "K9", "why": "hand_empty"}), ["K9"]),
    (Illegal("not_higher", {"value": 5, "to_beat": 7, "cards": ["R5"]}), ["R5", "5", "7"]),
    (Illegal("wrong_count", {"count": 3, "center_count": 1, "allowed": [1, 2]}), ["1", "2", "3"]),
    (Illegal("some_new_code", {"x": 1}), ["some_new_code"]),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("illegal", "facts"), OTHER_CODES, ids=[i.code for i, _ in OTHER_CODES])
def test_other_codes(illegal: Illegal, facts: list[str], lang: str) -> None:
    text = explain("odin", illegal, lang, NAMES)
    clean(text)
    for fact in facts:
        assert fact in text, (fact, text)
    if lang != "en":
        assert text != explain("odin", illegal, "en", NAMES)


def test_refusal_samples() -> None:
    assert explain("odin", G.check(LEAD, Play(("R7",))), "de") == \
        "Du hast die rote 7 (R7) nicht auf der Hand."
    assert explain("odin", G.check(MID1, Play(("B9",))), "fr") == \
        "Après avoir joué, tu dois prendre le 7 noir (K7) au centre : ajoute « take K7 »."
    text = explain("odin", Illegal("not_higher", {"value": 5, "to_beat": 7, "cards": ["R5"]}), "en")
    assert text.startswith("Your 5 (R5) doesn't beat the 7 in the centre")
    assert "one card more" in text


def test_explain_tolerates_odd_input() -> None:
    clean(explain("odin", {"code": "duplicate_card", "params": {"card": "B9"}}, "de"))
    clean(explain("odin", "leader_cannot_pass", "fr"))
    clean(explain("odin", None, "en"))
    for odd in (Illegal("card_not_in_hand", {}), Illegal("take_required", {"choices": []}),
                Illegal("wrong_count", {"center_count": "x"}), Illegal("lead_one_card", {"count": None})):
        for lang in LANGS:
            assert isinstance(explain("odin", odd, lang), str)  # degraded, placeholders visible, no raise
    assert "Ben" in explain("some-future-game", Illegal("not_your_turn", {"player": 1}), "en", NAMES)
    missing = explain("odin", Illegal("not_higher", {}), "en")
    assert "?" in missing


# ---- actions, board, hand --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_describe_action(lang: str) -> None:
    for action in (Play(("R7",), "B3"), Play(("R8", "R2"), "K9"), Play(("B8", "R8", "G8"), "K1"),
                   Play(("B9", "B5", "B2")), Pass()):
        text = describe_action("odin", action, lang)
        clean(text)
        assert G.to_notation(action) in text
    assert describe_action("odin", Play(("R7",), "B3"), "en") == \
        "play the red 7 and take the blue 3 (play R7 take B3)"
    assert describe_action("odin", Play(("R7",), "B3"), "de") == \
        "die rote 7 ausspielen und die blaue 3 nehmen (play R7 take B3)"
    assert describe_action("odin", Play(("R7",), "B3"), "fr") == \
        "jouer le 7 rouge et prendre le 3 bleu (play R7 take B3)"
    assert describe_action("odin", {"kind": "play", "cards": ["r2", "r8"], "take": "k9"}, lang) == \
        describe_action("odin", Play(("R8", "R2"), "K9"), lang)
    assert describe_action("odin", "play R8 R2 take K9", lang) == \
        describe_action("odin", Play(("R8", "R2"), "K9"), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_board_and_hand(lang: str) -> None:
    for viewer in (None, 0, 1):
        view = G.view(MID, viewer)
        lines = board_lines("odin", view, lang, NAMES)
        assert len(lines) >= 4
        text = " ".join(lines)
        clean(text)
        for fact in ("K9 K3", "93", "Ana 6", "Ben 4", "Cleo 2", "15"):
            assert fact in text, (fact, text)
        for secret in ("B5", "R7", "R8", "P9", "G4"):  # nobody's hand shows on the board
            assert secret not in text
    assert "Your turn" in " ".join(board_lines("odin", G.view(MID, 0), "en", NAMES))
    assert "Du bist am Zug" in " ".join(board_lines("odin", G.view(MID, 0), "de", NAMES))
    assert "Ana ist am Zug" in " ".join(board_lines("odin", G.view(MID, 1), "de", NAMES))
    assert "À toi d'ouvrir" in " ".join(board_lines("odin", G.view(LEAD, 0), "fr", NAMES))
    [line] = hand_lines("odin", G.view(MID, 0), lang)
    clean(line)
    assert "B9 R7 B5 K4 R3 B2" in line and "(6)" in line
    assert "Ana" in hand_lines("odin", G.view(MID, 0), lang, name="Ana")[0]
    assert hand_lines("odin", G.view(MID, None), lang) == []  # a spectator holds nothing


def test_board_at_game_end_and_one_hand_target() -> None:
    rng = random.Random(3)
    state = G.new_game(2, 3, {"target": "one_hand", "two_player_remove_suits": True})
    first = board_lines("odin", G.view(state, 0), "en", ["Ana", "Ben"])
    assert any("one deal only" in x for x in first) and any("out of the game" in x for x in first)
    while not state.is_over:
        state, _ = G.apply(state, rng.choice(G.legal_actions(state)))
    for lang in LANGS:
        lines = board_lines("odin", G.view(state, None), lang, ["Ana", "Ben"])
        clean(" ".join(lines))
        assert any(w in lines[-1] for w in ("Game over", "Partie vorbei", "Partie terminée")), lines


def test_registry() -> None:
    assert games.get(" ODIN ") is games.get("odin") and games.get("odin").playable
    from gm.kit import Kit

    games.register(Kit("rules-only", "Rules Only", games.get("odin").folder))
    try:
        with pytest.raises(NotImplementedError):  # a kit without an engine has rules answers only
            narrate("rules-only", [], "en", NAMES)
    finally:
        games.unregister("rules-only")
    with pytest.raises(LookupError):
        narrate("chess", [], "en", NAMES)
