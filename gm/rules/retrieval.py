"""Offline retrieval over the rules digests: BM25 (bm25s) in the asker's language, with stemming.

One index per game and language, built on first use from the digest in the game's kit
(`gm/games/<package>/digest/<lang>.json`) and kept for the life of the process. A question is searched only
in the digest written in its own language: BM25 over English text does not answer German questions.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from gm.text import fold

STEMMER_NAME = {"en": "english", "de": "german", "fr": "french"}
# Words the stop lists drop but that carry the question's meaning in rules questions.
KEEP = {"en": {"not", "no", "more", "most", "first", "last", "all", "each", "only", "same", "after", "before",
               "end", "again", "over", "under", "two", "one"},
        "de": {"nicht", "kein", "keine", "mehr", "alle", "jeder", "jede", "nur", "ende", "nach", "vor", "wieder",
               "gleich", "zwei", "ein", "eine"},
        "fr": {"pas", "plus", "tous", "toutes", "chaque", "seul", "seulement", "fin", "apres", "avant", "même",
               "deux", "un", "une"}}
TOKEN = re.compile(r"\w+", re.UNICODE)
# A second BM25 over titles and search terms only, added with this weight: a field-weighted score, since a
# question's words usually name the section's topic rather than repeat its text.
SHORT_WEIGHT = 0.5


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    text: str
    terms: tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float


def games() -> tuple[str, ...]:
    """The games whose kits hold a rules digest."""
    from gm import games as registry

    return tuple(k.name for k in registry.kits() if k.languages)


def load_digest(game: str, lang: str) -> dict[str, Any]:
    from gm import games as registry

    data: dict[str, Any] = json.loads(registry.get(game).digest_file(lang).read_text(encoding="utf-8"))
    return data


class Index:
    """A BM25 index over one digest."""

    def __init__(self, game: str, lang: str) -> None:
        import bm25s
        import Stemmer
        from bm25s.stopwords import STOPWORDS_EN_PLUS, STOPWORDS_FRENCH, STOPWORDS_GERMAN

        self.game, self.lang = game, lang
        doc = load_digest(game, lang)
        self.title = doc.get("title", game)
        self.sections = [Section(s["id"], s["title"], s["text"], tuple(s.get("terms", [])))
                         for s in doc["sections"]]
        self.by_id = {s.id: s for s in self.sections}
        stop = {"en": STOPWORDS_EN_PLUS, "de": STOPWORDS_GERMAN, "fr": STOPWORDS_FRENCH}[lang]
        self.stopwords = {fold(w) for w in stop} - {fold(w) for w in KEEP[lang]}
        self.stemmer = Stemmer.Stemmer(STEMMER_NAME[lang])
        corpus = [self.tokens(f"{s.title} {s.title} {s.text} {' '.join(s.terms)} {' '.join(s.terms)}")
                  for s in self.sections]
        short = [self.tokens(f"{s.title} {' '.join(s.terms)}") for s in self.sections]
        self.vocab_set = {w for doc in corpus for w in doc}  # titles and terms are in the corpus too
        self.vocab = sorted(self.vocab_set)
        self.bm25 = bm25s.BM25()
        self.bm25.index(corpus, show_progress=False)
        self.bm25_short = bm25s.BM25()
        self.bm25_short.index(short, show_progress=False)

    def tokens(self, text: str) -> list[str]:
        words = [w for w in TOKEN.findall(fold(text)) if w not in self.stopwords]
        return list(self.stemmer.stemWords(words))

    def correct(self, token: str) -> str | None:
        """A vocabulary word for a misspelt query token (one or two letters off), else None."""
        if token in self.vocab_set:
            return token
        if len(token) < 4:
            return None
        close = difflib.get_close_matches(token, self.vocab, n=1, cutoff=0.8)
        return close[0] if close else None

    def search(self, question: str, k: int = 3) -> list[Hit]:
        q = [c for c in (self.correct(w) for w in self.tokens(question)) if c]
        if not q:
            return []
        import numpy as np

        scores = self.bm25.get_scores(q) + SHORT_WEIGHT * self.bm25_short.get_scores(q)
        order = np.argsort(-scores)[:k]
        return [Hit(self.sections[int(i)], float(scores[int(i)])) for i in order if scores[int(i)] > 0]


@cache
def index(game: str, lang: str) -> Index:
    return Index(game, lang)
