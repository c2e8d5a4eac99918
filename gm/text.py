"""Text helpers every part of the game master shares: the languages, accent folding, language detection and
the question test. One of each, here."""

from __future__ import annotations

import re
import unicodedata
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


QUESTION_START = re.compile(
    r"^\s*(what|why|how|when|who|which|can|may|must|do|does|is|are|should|wie|was|warum|wieso|weshalb|wann|wer|"
    r"welche[rsnm]?|kann|darf|muss|soll|gibt|combien|pourquoi|comment|quand|qui|quel(le)?s?|est[- ]ce|"
    r"puis[- ]je|peut[- ]on|dois[- ]je|que|quoi)\b", re.IGNORECASE)


def starts_with_question_word(text: str) -> bool:
    """The text opens with a question word or an inverted question ("what", "kann ich", "puis-je")."""
    return bool(QUESTION_START.match(fold(text)))


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
