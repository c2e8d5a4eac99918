"""Unit tests of the offline parser: normaliser, tokeniser, typo tolerance, articles vs numbers, quantifiers,
take clauses, pass forms, grounding, robustness and turn checks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import load_game
from engine.odin import Pass, Play
from gm import games
from gm.games.odin.parse import PARSER
from gm.parse import ParseResult, parse_move
from gm.parse.core import MAX_CHARS, Lexicon, osa_distance, spellings, tokenize, word_language
from gm.text import fold

GAME = load_game("odin")
LEX = PARSER.lexicon

# Seat 0 to move, one card (B3) in the centre.
S_PLAY = GAME.scenario(
    {
        "players": 3,
        "hands": [["R7", "R5", "R1", "B2", "K7", "G7"], ["B1", "G4"], ["G2", "G3"]],
        "center": ["B3"],
        "to_move": 0,
    }
)
# Seat 0 leads.
S_LEAD = GAME.scenario(
    {
        "players": 2,
        "hands": [["R7", "R5", "R1", "B2", "K7", "G7", "O6", "O1", "P4"], ["B1"]],
        "center": [],
        "to_move": 0,
    }
)
# Seat 0 must beat two cards.
S_TWO = GAME.scenario(
    {
        "players": 2,
        "hands": [["R7", "R6", "B6", "K6", "G6", "O9"], ["B1", "G4"]],
        "center": ["P5", "P3"],
        "to_move": 0,
    }
)


def parse(text: str, state: Any = S_PLAY, player: int = 0, lang: str | None = None) -> dict[str, Any]:
    return parse_move(GAME, state, player, text, lang=lang).to_json(GAME)


def notation(text: str, state: Any = S_PLAY) -> str | None:
    return parse(text, state).get("notation")


# ---- normaliser and tokeniser ------------------------------------------------------------------------------


def test_fold_accents_umlauts_case() -> None:
    assert fold("GRÜNE Fünf") == "grune funf"
    assert fold("Récupère l’œuf") == "recupere l'oeuf"
    assert fold("Straße") == "strasse"
    assert fold("plain ascii") == "plain ascii"


def test_lexicon_spellings_include_ae_oe_ue() -> None:
    assert spellings("grün") == {"grun", "gruen"}
    assert spellings("Fünfer") == {"funfer", "fuenfer"}
    for word in ("grun", "gruen", "gruene", "grune", "fuenf", "funf", "schoen"[:0] or "rouge"):
        assert LEX.lookup(word)[0], word


def test_tokenize() -> None:
    assert [t.text for t in tokenize("Play R7, take B3!")] == ["play", "r7", ",", "take", "b3", "!"]
    assert [t.text for t in tokenize("both 7's and two 9s")] == ["both", "7s", "and", "two", "9s"]
    assert [t.text for t in tokenize("c'est à qui ?")] == ["c", "est", "a", "qui", "?"]
    assert [t.text for t in tokenize("red\x00seven\u200b\U0001f600 ５")] == ["red", "seven", "5"]
    assert tokenize("") == [] and tokenize("日本語 🎴") == []


@pytest.mark.parametrize("text", ["gruene 5", "grüne 5", "GRÜNE 5", "Grune 5", "grüne fünf", "gruene fuenf"])
def test_umlaut_spellings_are_equivalent(text: str) -> None:
    state = GAME.scenario({"players": 2, "hands": [["G2", "G5", "G8"], ["R1"]], "center": [], "to_move": 0})
    assert notation(text, state) == "play G5"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("red 7", "play R7 take B3"),
        ("seven red", "play R7 take B3"),
        ("the seven of red", "play R7 take B3"),
        ("7 rouge", "play R7 take B3"),
        ("le sept rouge", "play R7 take B3"),
        ("die Sieben in Rot", "play R7 take B3"),
        ("rote Sieben", "play R7 take B3"),
        ("den roten Siebener", "play R7 take B3"),
        ("Rot 7", "play R7 take B3"),
        ("rote 7 und 5", "play R7 R5 take B3"),
        ("red 7 and 5", "play R7 R5 take B3"),
        ("le 7 et le 5 rouges", "play R7 R5 take B3"),
        ("R7 R5", "play R7 R5 take B3"),
    ],
)
def test_free_word_order_and_shared_colour(text: str, expected: str) -> None:
    assert notation(text) == expected


# ---- typos -------------------------------------------------------------------------------------------------


def test_osa_distance() -> None:
    assert osa_distance("schwraz", "schwarz", 2) == 1
    assert osa_distance("seveen", "seven", 1) == 1
    assert osa_distance("abc", "xyz", 1) == 2


@pytest.mark.parametrize(
    "text, expected",
    [
        ("the red seveen", "play R7 take B3"),
        ("red sevn", "play R7 take B3"),
        ("rouuge sept", "play R7 take B3"),
        ("rdo 7", None),
        ("blak seven", "play K7 take B3"),
        ("schwraz 7", "play K7 take B3"),
        ("schwarzze Sieben", "play K7 take B3"),
        ("greeen seven", "play G7 take B3"),
    ],
)
def test_typos(text: str, expected: str | None) -> None:
    assert notation(text) == expected


def test_typo_limits() -> None:
    assert LEX.lookup("sevn")[1] == 1  # 4 letters: one edit
    assert LEX.lookup("orrange")[1] == 1
    assert LEX.lookup("schwraz")[0][0].value == 4  # 7 letters: a transposition
    assert LEX.lookup("rde") == ((), 0)  # under 4 letters: exact only
    assert LEX.lookup("schwarrzze") == (LEX.lookup("schwarze")[0], 2)  # both 7+ letters: two edits
    assert LEX.lookup("sevvenn") == ((), 0)  # "seven" has 5 letters: one edit at most
    assert LEX.lookup("sxvvvn") == ((), 0)


def test_typos_never_turn_one_number_into_another() -> None:
    # exact number words stay what they are, in every language
    for word, value in (("neun", 9), ("neuf", 9), ("vier", 4), ("sept", 7), ("sechs", 6), ("deux", 2)):
        entries, dist = LEX.lookup(word)
        assert dist == 0 and any(e.kind == "num" and e.value == value for e in entries)
    # a typo as close to two numbers is left unknown
    for word in ("deuf", "nive", "cins"):
        assert LEX.lookup(word) == ((), 0)


@pytest.mark.parametrize(
    "word",
    [
        "your",
        "nein",
        "pause",
        "fine",
        "nice",
        "none",
        "peux",
        "suit",
        "there",
        "might",
        "neue",
        "nous",
        "yeux",
    ],
)
def test_everyday_words_are_not_corrected(word: str) -> None:
    entries, dist = LEX.lookup(word)
    # known exactly as what it is: an everyday word, or a function word ("nein" says no), never a card word
    assert dist == 0 and entries and all(e.kind in ("word", "nope", "neg") for e in entries), word


def test_fuzzy_is_against_enabled_entries_only() -> None:
    lex = Lexicon()
    lex.add("seven", "num", 7, "en", fuzzy=True)
    lex.add("the", "def", None, "en")
    assert lex.lookup("seveb")[0][0].value == 7
    assert lex.lookup("thee") == ((), 0)


# ---- articles vs numbers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a red card",
        "one red card",
        "eine rote Karte",
        "une carte rouge",
        "un rouge",
        "I'll put down a red card",
    ],
)
def test_article_is_not_the_one(text: str) -> None:
    assert parse(text) == {"kind": "ambiguous", "candidates": ["play R5 take B3", "play R7 take B3"]}


@pytest.mark.parametrize(
    "text", ["the red one", "die rote Eins", "le un rouge", "red one", "R1", "la rouge 1"]
)
def test_the_one_is_rank_one(text: str) -> None:
    assert notation(text, S_LEAD) == "play R1"


@pytest.mark.parametrize(
    "text", ["a seven", "eine Sieben", "un sept", "ein Siebener", "the seven", "le sept"]
)
def test_article_before_a_number(text: str) -> None:
    assert parse(text, S_LEAD) == {"kind": "ambiguous", "candidates": ["play G7", "play K7", "play R7"]}


def test_neuf_is_nine() -> None:
    state = GAME.scenario({"players": 2, "hands": [["R9", "B2"], ["G1"]], "center": [], "to_move": 0})
    assert notation("le neuf rouge", state) == "play R9"
    assert notation("un neuf", state) == "play R9"


# ---- quantifiers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["all my reds", "alle meine roten", "tous mes rouges", "toutes mes rouges", "alle roten"]
)
def test_all_my_colour(text: str) -> None:
    assert parse(text, S_TWO) == {
        "kind": "ambiguous",
        "candidates": ["play R7 R6 take P3", "play R7 R6 take P5"],
    }


@pytest.mark.parametrize(
    "text", ["three sixes", "drei Sechsen", "trois six", "three 6s", "alle drei Sechser"]
)
def test_counted_ranks(text: str) -> None:
    res = parse(text, S_TWO)
    assert res["kind"] == "ambiguous" and all(c.count("6") == 3 for c in res["candidates"])


@pytest.mark.parametrize(
    "text",
    [
        "both sevens",
        "beide Siebenen",
        "mes deux sept",
        "les deux sept",
        "two sevens",
        "zwei Siebener",
        "a pair of sevens",
    ],
)
def test_both(text: str) -> None:
    state = GAME.scenario(
        {"players": 2, "hands": [["R7", "K7", "B1"], ["G1"]], "center": ["O3"], "to_move": 0}
    )
    assert notation(text, state) == "play R7 K7 take O3"


def test_bare_plural_prefers_all() -> None:
    state = GAME.scenario(
        {"players": 2, "hands": [["R7", "K7", "G7", "B1"], ["G1"]], "center": ["O3", "O2"], "to_move": 0}
    )
    assert parse("the sevens", state)["candidates"] == ["play R7 G7 K7 take O2", "play R7 G7 K7 take O3"]


# ---- take and pass -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "red 7, take the blue three",
        "red seven and grab the blue 3",
        "red 7 and the blue three",
        "rote 7, nehme die blaue 3",
        "rote 7, nimm die blaue Drei",
        "le 7 rouge, je prends le 3 bleu",
        "le 7 rouge et prendre le 3 bleu",
        "take B3 and play R7",
        "ich nehme die blaue 3 und spiele die rote 7",
    ],
)
def test_take_clause(text: str) -> None:
    assert notation(text) == "play R7 take B3"


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "I pass",
        "PASS",
        "Pass.",
        "nope, pass",
        "I'll sit this one out",
        "ich passe",
        "passe",
        "ich setze aus",
        "je passe",
        "je passe mon tour",
        "bof je passe",
        "skip",
        "kann nicht, passse",
        "je ne peux pas, je pase",
    ],
)
def test_pass_forms(text: str) -> None:
    assert parse(text) == {"kind": "action", "notation": "pass"}


def test_pass_when_leading_is_illegal() -> None:
    assert parse("I pass", S_LEAD)["code"] == "leader_cannot_pass"


# ---- notation ----------------------------------------------------------------------------------------------


def test_notation() -> None:
    assert notation("play r7 r5 take b3") == "play R7 R5 take B3"
    assert notation("PLAY R7 TAKE B3") == "play R7 take B3"
    assert parse("play R7 take B4")["code"] == "take_not_in_centre"
    assert parse("play G4")["code"] == "card_not_in_hand"
    two = GAME.scenario(
        {"players": 2, "hands": [["R6", "R2", "B1"], ["G1"]], "center": ["R4", "R3"], "to_move": 0}
    )
    assert parse("play R6 R2", two) == {
        "kind": "ambiguous",
        "candidates": ["play R6 R2 take R3", "play R6 R2 take R4"],
    }


# ---- grounding and illegal moves ---------------------------------------------------------------------------


def test_illegal_reasons_come_from_the_engine() -> None:
    assert parse("blue two") == {
        "kind": "illegal",
        "code": "not_higher",
        "params": {"value": 2, "to_beat": 3},
    }
    assert parse("green four")["code"] == "card_not_in_hand"
    assert parse("both sevens", S_LEAD)["code"] == "lead_one_card"
    assert parse("red 7 take the blue 3", S_LEAD)["code"] == "take_not_allowed"


def test_nothing_concrete_is_no_match() -> None:
    assert parse("the nine") == {"kind": "no_match", "reason": "no_such_card"}
    assert parse("play")["reason"] == "no_cards"
    assert parse("what's the score?")["reason"] == "question"
    assert parse("the score")["reason"] == "no_move_words"


def test_candidates_sorted_and_legal() -> None:
    res = parse_move(GAME, S_TWO, 0, "two sixes")
    notes = [GAME.to_notation(a) for a in res.candidates]
    assert res.kind == "ambiguous" and notes == sorted(notes) and len(notes) == 12
    assert all(GAME.check(S_TWO, a) is None for a in res.candidates)


def test_result_objects() -> None:
    res = parse_move(GAME, S_PLAY, 0, "red seven")
    assert isinstance(res, ParseResult) and res.kind == "action"
    assert (
        res.action == Play(("R7",), "B3")
        and res.candidates == []
        and res.illegal is None
        and res.reason is None
    )
    assert isinstance(parse_move(GAME, S_PLAY, 0, "pass").action, Pass)
    assert games.get("odin").parser is PARSER


# ---- turn and game state -----------------------------------------------------------------------------------


def test_not_your_turn() -> None:
    res = parse_move(GAME, S_PLAY, 1, "pass")
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.code == "not_your_turn"
    assert res.to_json(GAME) == {
        "kind": "illegal",
        "code": "not_your_turn",
        "params": {"player": 1, "to_move": 0},
    }
    assert parse("play R7 take B3", S_PLAY, player=2)["code"] == "not_your_turn"
    assert parse("blue one", S_PLAY, player=1)["code"] == "not_your_turn"
    assert parse("hello everyone", S_PLAY, player=1)["kind"] == "no_match"


def test_game_over() -> None:
    over = S_PLAY._replace(over=True, to_move=-1)
    assert parse("pass", over)["code"] == "over"


def test_unknown_game() -> None:
    class Other:
        name = "chess"  # no kit at all

    assert parse_move(Other(), S_PLAY, 0, "pass").to_json(GAME) == {
        "kind": "no_match",
        "reason": "unknown_game",
    }


# ---- language ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, lang",
    [
        ("I play the red seven", "en"),
        ("ich spiele die rote Sieben", "de"),
        ("je joue le sept rouge", "fr"),
        ("R7 bitte", "de"),
        ("P9 s'il te plaît", "fr"),
        ("hello everyone", "en"),
        ("bonjour tout le monde", "fr"),
        ("R7", None),
    ],
)
def test_language(text: str, lang: str | None) -> None:
    assert parse_move(GAME, S_PLAY, 0, text).lang == lang


def test_language_hint_breaks_ties() -> None:
    assert parse_move(GAME, S_PLAY, 0, "orange six").lang is None
    assert parse_move(GAME, S_PLAY, 0, "orange six", lang="fr").lang == "fr"
    assert word_language([], "de") is None


# ---- robustness --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        ("   \n\t", "empty"),
        ("x" * (MAX_CHARS + 1), "too_long"),
        ("red 7 " * 20_000, "too_long"),
        ("\x00\x01\x02", "no_move_words"),
        ("🎴🃏😀", "no_move_words"),
        ("日本語のテキスト", "no_move_words"),
        ("...", "no_move_words"),
        ("asdfgh", "no_move_words"),
    ],
)
def test_robust_no_match(text: str, reason: str) -> None:
    assert parse(text) == {"kind": "no_match", "reason": reason}


def test_non_string_input() -> None:
    assert parse_move(GAME, S_PLAY, 0, None).kind == "no_match"  # type: ignore[arg-type]
    assert parse_move(GAME, S_PLAY, 0, 42).kind == "no_match"  # type: ignore[arg-type]


def test_control_characters_inside_words() -> None:
    assert notation("red\tseven\r\n") == "play R7 take B3"
    assert notation("\x1b[1mred 7\x1b[0m") == "play R7 take B3"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(max_size=200)
    | st.lists(
        st.sampled_from(
            [
                "red",
                "rot",
                "rouge",
                "7",
                "seven",
                "sieben",
                "sept",
                "and",
                "und",
                "et",
                "take",
                "nehme",
                "prends",
                "all",
                "my",
                "both",
                "beide",
                "mes",
                "deux",
                "the",
                "one",
                "un",
                "eine",
                "pass",
                "passe",
                ",",
                "R7",
                "B3",
                "card",
                "cinq",
                "five",
                "blue",
                "bleu",
                "play",
                "spiele",
                "la",
                "le",
                "die",
            ]
        ),
        max_size=12,
    ).map(" ".join)
)
def test_never_raises_and_only_legal_proposals(text: str) -> None:
    for state in (S_PLAY, S_LEAD, S_TWO):
        res = parse_move(GAME, state, 0, text)
        assert res.kind in ("action", "ambiguous", "illegal", "no_match", "confirm")
        assert res.reason != "internal_error"
        if res.kind in ("action", "confirm"):  # a move offered back for a yes must be legal too
            assert GAME.check(state, res.action) is None
        if res.kind == "ambiguous":
            assert len(res.candidates) >= 2 and all(GAME.check(state, a) is None for a in res.candidates)
        if res.kind == "illegal":
            assert res.illegal is not None
        res.to_json(GAME)


# ---- families of phrasing found by the blind sets (issue: words never seen before) --------------------------

_HAND = ["R8", "O8", "G8", "B6", "R7", "R5", "K3", "P2", "G1"]
_FOLLOW = GAME.scenario({"players": 2, "hands": [_HAND, ["O1"]], "center": ["K7", "K2"], "to_move": 0})
_LEAD = GAME.scenario({"players": 2, "hands": [_HAND, ["O1"]], "center": [], "to_move": 0})
_SEQ = GAME.scenario({"players": 2, "hands": [["R6", "R4", "R3", "B2", "B1", "G9", "O7", "O5", "K2"], ["O1"]],
                      "center": ["G5", "G2"], "to_move": 0})


@pytest.mark.parametrize("text", ["don't pass", "ich passe nicht", "je ne passe pas", "don't play the red 7",
                                  "I'll pass next time", "nicht passen, ich spiel gleich", "je passe pas, attends",
                                  "red 7 or pass", "fives or pass?", "le 9 ou je passe ?", "pass the ball to Ben",
                                  "play 0 cards", "should I play the red seven?", "kann ich drei Karten legen",
                                  "haha, blau ist eh meine Lieblingsfarbe", "j'ai que des huit"])
def test_negations_questions_and_talk_are_never_played(text: str) -> None:
    res = parse_move(GAME, _FOLLOW, 0, text)
    assert res.kind != "action", (text, res)


@pytest.mark.parametrize("text, notations", [
    ("my 8s except the orange", ["play R8 G8 take K2", "play R8 G8 take K7"]),
    ("alle Achter ohne die orange", ["play R8 G8 take K2", "play R8 G8 take K7"]),
    ("mes 8 sauf l'orange", ["play R8 G8 take K2", "play R8 G8 take K7"]),
    ("die Achter", ["play R8 G8 O8 take K2", "play R8 G8 O8 take K7"]),
    ("the reds, take the black 2", ["play R8 R7 R5 take K2"]),
    ("kann nicht, passe", ["pass"]),
    ("next", ["pass"]), ("weiter", ["pass"]), ("je saute mon tour", ["pass"]), ("skipping this one", ["pass"]),
    ("red 8 red 5 - no wait, red 8 red 7", ["play R8 R7 take K2", "play R8 R7 take K7"]),
    ("le huit et le cinq rouges, non, plutôt le 8 et le 7 rouges", ["play R8 R7 take K2", "play R8 R7 take K7"]),
])
def test_families_on_a_follow(text: str, notations: list[str]) -> None:
    res = parse_move(GAME, _FOLLOW, 0, text)
    got = [GAME.to_notation(a) for a in ([res.action] if res.kind == "action" else res.candidates)]
    assert got == notations, (text, res)


@pytest.mark.parametrize("text, notations", [
    ("my highest", ["play G8", "play O8", "play R8"]), ("meine höchste", ["play G8", "play O8", "play R8"]),
    ("ma plus grosse", ["play G8", "play O8", "play R8"]), ("my lowest", ["play G1"]),
    ("ma plus petite", ["play G1"]), ("die kleinste", ["play G1"]), ("my second-highest red", ["play R7"]),
    ("the blue one", ["play B6"]),  # no blue 1 in hand: "one" is a pronoun
])
def test_superlatives_and_pronouns_on_a_lead(text: str, notations: list[str]) -> None:
    res = parse_move(GAME, _LEAD, 0, text)
    got = [GAME.to_notation(a) for a in ([res.action] if res.kind == "action" else res.candidates)]
    assert got == notations, (text, res)


@pytest.mark.parametrize("text", ["everything", "alles", "toute ma main", "play all of them"])
def test_the_whole_hand(text: str) -> None:
    res = parse_move(GAME, _LEAD, 0, text)
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.code == "lead_one_card"


@pytest.mark.parametrize("text", ["red six four three", "rouge six quatre trois", "rot sechs vier drei",
                                  "6 4 3 rouges", "643 rouge"])
def test_spelled_out_sequences_are_values_not_counts(text: str) -> None:
    res = parse_move(GAME, _SEQ, 0, text)
    got = [GAME.to_notation(a) for a in ([res.action] if res.kind == "action" else res.candidates)]
    assert got == ["play R6 R4 R3 take G2", "play R6 R4 R3 take G5"], (text, res)


# ---- families found by blind sets G and H -------------------------------------------------------------------

def _n(res: ParseResult) -> str | None:
    return GAME.to_notation(res.action) if res.kind == "action" else None


S_SIXTY = GAME.scenario({"players": 2, "hands": [["R6", "R2", "B6", "K4", "O9"], ["P1"]], "center": ["G5"],
                         "to_move": 0, "last_played_by": 1})


@pytest.mark.parametrize("text,expected", [
    ("soixante-deux", "62"), ("zweiundsechzig", "62"), ("sixty-two", "62"), ("quatre-vingt-douze", "92"),
    ("soixante et onze", "71"), ("eighty two please", "82 please"), ("zwei Sechsen", "zwei Sechsen"),
    ("twenty", "twenty"), ("six two", "six two")])
def test_spoken_values_become_digits(text: str, expected: str) -> None:
    from gm.parse.core import spoken_values

    assert spoken_values(text) == expected


@pytest.mark.parametrize("text", ["soixante-deux", "zweiundsechzig", "sixty-two", "62", "6r 2r", "rot6 rot2"])
def test_a_value_said_as_a_number_plays_its_cards(text: str) -> None:
    assert _n(parse_move(GAME, S_SIXTY, 0, text)) == "play R6 R2 take G5"


@pytest.mark.parametrize("text", ["boah, die rote Sechs hätte ich vorhin spielen sollen",
                                  "j'aurais dû jouer mon 6 rouge avant", "I should have played the red six",
                                  "ich pass kurz auf den Hund auf", "Ich sag nix."])
def test_regrets_and_lookalikes_are_no_move(text: str) -> None:
    assert parse_move(GAME, S_SIXTY, 0, text).kind == "no_match"


@pytest.mark.parametrize("text", ["if you drop your sixes now I'm finished", "wenn du die Sechsen legst, bin ich raus",
                                  "falls du passt, spiel ich die Zwei", "si tu joues tes six je suis fichu",
                                  "when you play the red six I'll cry"])
def test_another_players_move_imagined_is_no_move(text: str) -> None:
    for seat in (0, 1):  # neither for the player to move nor for another (no "not your turn")
        assert parse_move(GAME, S_SIXTY, seat, text).kind == "no_match"


@pytest.mark.parametrize("text", ["if you don't mind, red six and red two",
                                  "si vous le permettez, le six et le deux rouges",
                                  "wenn du erlaubst, rote Sechs und rote Zwei"])
def test_politeness_with_if_you_is_still_a_move(text: str) -> None:
    assert _n(parse_move(GAME, S_SIXTY, 0, text)) == "play R6 R2 take G5"


@pytest.mark.parametrize("text,code", [("R6 R6 take G5", "duplicate_card"),
                                       ("red 6 and red 2, and I'm not taking anything", "take_required"),
                                       ("rote Sechs und rote Zwei, aber ich nehm nix zurück", "take_required")])
def test_what_the_words_refuse_is_refused(text: str, code: str) -> None:
    res = parse_move(GAME, S_SIXTY, 0, text)
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.code == code


def test_a_request_to_the_game_master_is_a_move_and_named_cards_win_over_im_out() -> None:
    assert _n(parse_move(GAME, S_SIXTY, 0, "could you play my red six and red two for me please?")) == \
        "play R6 R2 take G5"
    assert parse_move(GAME, S_SIXTY, 0, "could you tell me the rules?").kind == "no_match"
    out = GAME.scenario({"players": 2, "hands": [["B4", "B6"], ["P1"]], "center": ["R2"], "to_move": 0,
                         "last_played_by": 1})
    for text in ("beide, und ich bin raus!", "les deux, j'ai fini !"):
        assert _n(parse_move(GAME, out, 0, text)) == "play B6 B4"


def test_a_superlative_after_the_noun_describes_the_same_cards() -> None:
    state = GAME.scenario({"players": 2, "hands": [["K5", "K6", "K7", "K8", "G9", "R1"], ["P1"]],
                           "center": ["G4", "G3", "G2"], "to_move": 0, "last_played_by": 1})
    res = parse_move(GAME, state, 0, "mes trois noirs les plus bas, je reprends le 4")
    assert _n(res) == "play K7 K6 K5 take G4"


@pytest.mark.parametrize("text", ["die rote Sechs ist meine Glückszahl", "il prend toujours les rouges, lui",
                                  "she plays the red six every time"])
def test_remarks_about_cards_are_no_move(text: str) -> None:
    assert parse_move(GAME, S_SIXTY, 0, text).kind == "no_match"


def test_a_line_full_of_words_the_parser_does_not_know_is_offered_back_not_played() -> None:
    res = parse_move(GAME, S_SIXTY, 0, "lol my kid calls the orange nine 'the jarl'")
    assert res.kind == "confirm" and GAME.to_notation(res.action) == "play O9 take G5"
    assert _n(parse_move(GAME, S_SIXTY, 0, "lol ok I play the orange nine, the jarl")) == "play O9 take G5"


@pytest.mark.parametrize("text", ["seventy-two with the reds", "zweiundsiebzig, die roten",
                                  "soixante-douze, les rouges"])
def test_a_spoken_value_then_its_colour_names_the_same_cards(text: str) -> None:
    state = GAME.scenario({"players": 2, "hands": [["R7", "R2", "B7", "K2"], ["P1"]], "center": ["G5"],
                           "to_move": 0, "last_played_by": 1})
    assert _n(parse_move(GAME, state, 0, text)) == "play R7 R2 take G5"


def test_swiss_german_numbers_and_colours() -> None:
    state = GAME.scenario({"players": 2, "hands": [["G3", "B5", "R5", "O5", "K8"], ["P1"]], "center": ["P4", "P2"],
                           "to_move": 0, "last_played_by": 1})
    assert _n(parse_move(GAME, state, 0, "Ich leg di drü Föifi und nimm di pinki Vieri")) == "play B5 R5 O5 take P4"
    res = parse_move(GAME, state, 0, "Ich spil di grüeni Drü")
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.code == "wrong_count"


@pytest.mark.parametrize("text", ["Boah, zwei Sechsen, gemein", "come on, play your sixes already",
                                  "nice one, the red six!", "allez, dépêche-toi de jouer", "los, leg schon deine Zwei",
                                  # said to someone by name, warning, or about a third player
                                  "Mia, spiel doch die Sechsen", "careful, the red six is still out",
                                  "she'll play the red six for sure", "ah non, pas la rouge !"])
def test_a_remark_out_of_turn_is_no_move(text: str) -> None:
    res = parse_move(GAME, S_SIXTY, 1, text)  # seat 1 speaks while seat 0 is to move
    assert res.kind == "no_match", res


@pytest.mark.parametrize("text", ["play R6 R2 take G5", "the red six and the red two", "ich lege die rote Sechs"])
def test_a_move_tried_out_of_turn_is_refused(text: str) -> None:
    res = parse_move(GAME, S_SIXTY, 1, text)
    assert res.kind == "illegal" and res.illegal is not None and res.illegal.code == "not_your_turn", res


@pytest.mark.parametrize("text", ["could I play the red six and the red two please?",
                                  "darf ich bitte die rote Sechs und die rote Zwei legen?",
                                  "est-ce que je peux poser le six et le deux rouges, s'il te plaît ?"])
def test_asking_leave_with_please_is_a_request(text: str) -> None:
    assert _n(parse_move(GAME, S_SIXTY, 0, text)) == "play R6 R2 take G5"


@pytest.mark.parametrize("text", ["can I play the red six and the red two?", "darf ich die rote Sechs legen?"])
def test_asking_leave_without_please_is_a_question(text: str) -> None:
    assert parse_move(GAME, S_SIXTY, 0, text).kind == "no_match"


@pytest.mark.parametrize("text", ["is 62 enough against 5? ok then red six and red two",
                                  "reicht das? dann rote Sechs und rote Zwei",
                                  "ça suffit ? bon, le six et le deux rouges alors"])
def test_a_question_answered_at_once_by_a_move(text: str) -> None:
    assert _n(parse_move(GAME, S_SIXTY, 0, text)) == "play R6 R2 take G5"


@pytest.mark.parametrize("text,asked", [
    ("hmm what does that hero do again", True),
    ("uhh can I still swap", True),
    ("ähm, darf ich noch tauschen", True),
    ("euh, puis-je encore échanger", True),
    ("hmm I take the red one", False),
    ("ähm, ich nehme die rote", False),
])
def test_a_hesitation_before_a_question_keeps_it_a_question(text: str, asked: bool) -> None:
    from gm.text import is_question

    assert is_question(text) is asked
