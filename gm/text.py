"""Text helpers every part of the game master shares: the languages, accent folding, language detection and
the question test. One of each, here."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

LANGS: tuple[str, ...] = ("en", "de", "fr")
DEFAULT_LANG = "en"

_TRANS = str.maketrans({
    "\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'", "\u2032": "'",
    "\u0153": "oe", "\u00e6": "ae", "\u00f8": "o", "\u0111": "d", "\u0142": "l", "\u00df": "ss",
    "\u2013": "-", "\u2014": "-",
})


def fold(text: str) -> str:
    """Lower case, accents and umlauts folded to plain ASCII letters (ü -> u, é -> e, ß -> ss, œ -> oe),
    typographic apostrophes and dashes to ASCII."""
    if text.isascii():
        return text.lower().replace("`", "'")
    t = unicodedata.normalize("NFKD", text.casefold().translate(_TRANS))
    return "".join(c for c in t if not unicodedata.combining(c))


# Words that open a question in the three languages (one list: the session's routing and the parser use it).
_ASKING = (r"what|why|how|when|who|which|wie|was|warum|wieso|weshalb|wann|wer|welche[rsnm]?|combien|pourquoi|"
           r"comment|quand|qui|quel(le)?s?|est[- ]ce|que|quoi")
QUESTION_START = re.compile(
    rf"^\s*({_ASKING}|can|may|must|do|does|is|are|should|kann|darf|muss|soll|gibt|puis[- ]je|peut[- ]on|"
    r"dois[- ]je)\b", re.IGNORECASE)


_PLAYER_COUNT = re.compile(r"\b([2-9]|1\d|two|three|four|five|six|seven|eight|zwei|drei|vier|funf|fuenf|sechs|sieben|"
                           r"acht|deux|trois|quatre|cinq|sept|huit)[- ]?(?:players?|spieler\w*|joueur\w*|personen|"
                           r"leute|people|persons?|of us)\b"
                           r"|\bzu (zweit|dritt|viert|funft|fuenft|sechst|siebt|acht)\b"
                           r"|\b(?:on est|nous sommes|wir sind|we are|we're|a|with|mit|avec|pour|for|at) "
                           r"(deux|trois|quatre|cinq|six|sept|huit|two|three|four|five|seven|eight|zwei|drei|vier|funf|"
                           r"sieben|[2-9])\b"
                           r"(?! (?:cards?|karten|cartes|coins?|munzen|pieces|points?|punkte|vikings?|wikinger))")
_ORDINAL_COUNT = {"zweit": 2, "dritt": 3, "viert": 4, "funft": 5, "fuenft": 5, "sechst": 6, "siebt": 7, "acht": 8}


# the table itself, said as such: "we are 7", "zu siebt", "6 players" (not "with 8 action cards", "a 7")
TABLE_COUNT = re.compile(_PLAYER_COUNT.pattern.replace("|a|with|mit|avec|pour|for|at) ", ") "))


def players_said(folded: str, strict: bool = False) -> int | None:
    """How many players a folded question says the table has ("with 3 players", "zu viert", "on est quatre",
    "three of us"), or None. `strict`: only where the table is said as such ("we are 7", "zu siebt", "6 players"),
    not "with 3" or "à 3"."""
    m = (TABLE_COUNT if strict else _PLAYER_COUNT).search(folded)
    if m is None:
        return None
    from gm.parse.core import _UNIT_WORDS  # the spoken numbers the parser reads (gm.parse imports this module)

    word = next(g for g in m.groups() if g)
    return _ORDINAL_COUNT.get(word) or _UNIT_WORDS.get(word) or (int(word) if word.isdigit() else None)


def starts_with_question_word(text: str) -> bool:
    """The text opens with a question word or an inverted question ("what", "kann ich", "puis-je")."""
    return bool(QUESTION_START.match(fold(text)))


# a hesitation before the question: "hmm what does he do again", "euh, je peux ...", "ähm, darf ich ..."
_FILLER = r"^\s*(?:(?:h+m+|u+h+|u+m+|e+r+m+|e+u+h+|a+h+|a+e+h+m*|a+h+m+|wait|attends|warte)[,.!]*\s+)?"
_WH = re.compile(rf"{_FILLER}({_ASKING}|whose|where|wo|ou)\b")
_INVERTED = re.compile(_FILLER + r"(can|could|should|may|might|must|do|does|did|is|are|am|will|would|shall)\s+"
                       r"(i|we|you|he|she|they|it|one)\b|" + _FILLER +
                       r"(kann|kannst|konnte|darf|darfst|muss|musst|soll|sollte|spiel|spiele|nehme|nehm|passe|hab|habe|ist|bin|gibt)\s+(ich|man|du|wir|es)\b|"
                       + _FILLER + r"(puis|peux|dois|devrais|peut|faut|tu|on)[- ]+(je|on|il|crois|penses|peux|dois)\b")


# German verb-first statements that look inverted but are no question without a question mark: "Nehm ich." ("I'll
# take it"), "Nehm ich, drei Münzen", "kann ich mir nicht leisten", "kann ich leider nicht bezahlen".
_DE_STATEMENT = re.compile(r"^\s*(?:nehme?|mach|mache|kaufe?|spiele?)\s+ich\s*"
                           r"(?:$|[,.!;:]|\s+(?:auch|gerne?|so|nicht|nich|doch|jetzt|dann)\b)|"
                           r"^\s*(?:kann|konnte)\s+ich\s+(?:(?:mir|es|das|den|die|dich|sie|ihn|leider|eh|halt|"
                           r"doch|aber)\s+){0,3}(?:nicht|nich|kein|keine|keinen|nie)\b")


def is_question(text: str) -> bool:
    """A question rather than a statement or a move: a question mark at the end, a question word at the
    start, or an inverted verb ("can I", "kann ich", "puis-je") that is not a German verb-first statement
    ("Nehm ich.", "kann ich mir nicht leisten")."""
    s = fold(text).strip()
    if s.endswith("?"):
        return True
    if _DE_STATEMENT.match(s):
        return False
    return bool(_WH.match(s) or _INVERTED.match(s))


_REQUEST = re.compile(r"^\s*(please[, ]+|bitte[, ]+|s'il te plait[, ]+)?(could|can|would|will) you\b|"
                      r"^\s*(kannst|konntest|koenntest|wurdest|wuerdest) du\b|"
                      r"^\s*(pourrais|peux|pourriez|pouvez)[- ](tu|vous)\b|^\s*(tu|vous) (peux|pourrais|pouvez)\b")


_REGRET_WORDS = frozenset({"aurais", "aurait", "aurions", "hatte", "haette", "hattest", "hatt", "shouldve",
                           "wouldve", "couldve", "regrette", "dommage"})
_REGRETS = frozenset({("should", "have"), ("would", "have"), ("could", "have"), ("should", "ve"), ("would", "ve"),
                      ("si", "javais"), ("if", "only"), ("si", "seulement")})


_IF_I = frozenset({("if", "i"), ("wenn", "ich"), ("si", "j"), ("si", "je")})
_MAY = frozenset({"may", "can", "might", "darf", "kann", "mag", "will", "peux", "puis", "veux"})
# "if you do that I'm done for", "wenn du das jetzt machst", "si tu fais ça je suis cuit": another
# player's move imagined. Politeness ("if you don't mind", "wenn du nichts dagegen hast", "si tu veux bien",
# "if you please") is not.
_IF_OTHER = frozenset(tuple(pair.split()) for pair in (
    "if you|when you|wenn du|falls du|sobald du|wenn ihr|si tu|si vous|quand tu|if he|if she|if they|wenn er|"
    "wenn sie|si il|si elle").split("|"))
_POLITE_AFTER = frozenset({"dont", "don", "do", "mind", "please", "nichts", "erlaubst", "erlaubt", "magst", "veux",
                           "voulez", "permets", "permettez", "like", "want", "willst", "wollt", "allow", "agree"})


def is_regret(words: Sequence[str]) -> bool:
    """A remark about a move not made or only imagined ("I should have played the red 7", "hätte ich die Neun
    gespielt", "j'aurais dû construire l'Auberge", "if I had the pink 9 I'd play it"), from the folded tokens of
    a line: not a move now; so is another player's move imagined ("if you do that I'm done for", "si tu fais ça
    je suis cuit"). "If I may, ..." / "wenn ich darf, ..." / "if you don't mind" is politeness."""
    if _REGRET_WORDS & set(words) or any(pair in _REGRETS for pair in zip(words, words[1:], strict=False)):
        return True
    triples = list(zip(words, words[1:], [*words[2:], ""], strict=False))
    return any((a, b) in _IF_I and c not in _MAY for a, b, c in triples) or any(
        (a, b) in _IF_OTHER and not _POLITE_AFTER & set(words[i + 2:i + 4]) for i, (a, b, _) in enumerate(triples))


_HESITATION = re.compile(r"\b(wait|hold on|hang on|one sec(ond)?|let me think|thinking|give me a (sec|second|minute)|"
                         r"moment|warte|wartet|warten|uberleg\w*|nachdenken|denk\w* nach|attends|attendez|"
                         r"je reflechis|laisse[- ]moi reflechir|une (seconde|minute)|deux secondes)\b")


def is_hesitation(text: str) -> bool:
    """The player is still thinking ("wait, let me think", "Moment, ich überlege", "euh attendez, je réfléchis"):
    whatever else the line holds, it asks for time, and no move is to be read into it."""
    return bool(_HESITATION.search(fold(text)))


def is_request(text: str) -> bool:
    """A request to the game master to do something ("could you play the two sixes for me?", "kannst du ...",
    "pourrais-tu ...", "could I take that one please?"): a move when it names one, though it is phrased as a
    question. Asking leave without "please" ("can I do that?") stays a question."""
    folded = fold(text)
    return bool(_REQUEST.match(folded) or _MAY_I.match(folded) and _PLEASE.search(folded))


_MAY_I = re.compile(r"^\W*(could|can|may|might) i\b|^\W*(kann|konnte|koennte|darf|durfte|duerfte) ich\b|"
                    r"^\W*(puis|pourrais)[- ]je\b|^\W*(est-ce que )?je (peux|pourrais)\b")
_PLEASE = re.compile(r"\b(please|pls|plz|bitte|s'il (te|vous) plait|svp|stp)\b")


def looks_like_question(text: str) -> bool:
    """A question mark at the end, or a question word at the start."""
    s = text.strip()
    return s.endswith("?") or starts_with_question_word(s)


@lru_cache(maxsize=1)
def _detector() -> Any:
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.GERMAN, Language.FRENCH).build()


def detect_lang(text: str, default: str = DEFAULT_LANG) -> str:
    """EN, DE or FR for a sentence (lingua, restricted to the three); `default` when the text gives no
    evidence. The move parser reads the language off the words it knows instead (gm.parse.core)."""
    if not any(c.isalpha() for c in text):
        return default
    found = _detector().detect_language_of(text)
    if found is None:
        return default
    code = str(found.iso_code_639_1.name).lower()
    return code if code in LANGS else default


# ---- text from outside shown on a terminal -------------------------------------------------------------------

MAX_NAME = 24
_ESCAPE_SEQ = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def has_undecodable(text: str) -> bool:
    """Whether `text` holds bytes that were not text in its encoding (read with errors="surrogateescape")."""
    return any("\ud800" <= c <= "\udfff" for c in text)


def printable(text: str) -> str:
    """`text` without terminal escape sequences, C0/C1 control characters (ESC included), bidirectional
    overrides and undecodable bytes; line breaks and tabs become spaces, runs of spaces one space."""
    if "\x1b" in text:
        text = _ESCAPE_SEQ.sub("", text)
    if not text.isascii() or not text.isprintable():
        text = "".join(" " if c.isspace() else c for c in text
                       if c.isspace() or (unicodedata.category(c) not in ("Cc", "Cs") and c not in _BIDI))
    return " ".join(text.split())


def clean_name(name: object) -> str:
    """A player's name as it may be shown: printable (see :func:`printable`), at most MAX_NAME characters."""
    return printable(name if isinstance(name, str) else "")[:MAX_NAME].strip()


def distinct_names(names: Sequence[str], bots: Sequence[bool], fallback: Callable[[int], str]) -> list[str]:
    """The names to show for a table's seats: cleaned (:func:`clean_name`), `fallback(seat)` for an empty
    one, and never two alike (case-insensitively): humans keep theirs first, a later or bot seat that would
    repeat one is numbered ("Greedy 2")."""
    base = [clean_name(n) or fallback(i) for i, n in enumerate(names)]
    order = sorted(range(len(base)), key=lambda i: (bool(bots[i]) if i < len(bots) else False, i))
    taken: set[str] = set()
    out = list(base)
    for i in order:
        name, k = base[i], 2
        while name.casefold() in taken:
            name, k = f"{base[i]} {k}", k + 1
        taken.add(name.casefold())
        out[i] = name
    return out
