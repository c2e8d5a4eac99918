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
               "end", "again", "over", "under", "two", "one", "out"},
        "de": {"nicht", "kein", "keine", "mehr", "alle", "jeder", "jede", "nur", "ende", "nach", "vor", "wieder",
               "gleich", "zwei", "ein", "eine", "waren", "unter", "gegen"},  # "Waren" are goods, not "were"
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
    questions: tuple[str, ...] = ()  # questions the section answers, as players ask them (our own words)
    gap: bool = False  # a family of questions the rules leave open ("what if the tokens run out?")
    kinds: tuple[str, ...] = ()  # the kinds of question it answers (KINDS): "shortage", "tie"


SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-ZÄÖÜÀ-Ý0-9«„\"(])")
QUANTITY = re.compile(r"\b(how (many|much|long|far|often)|wie (viele?|lange|oft|weit)|bis wie|ab wie|combien|"
                      r"a combien|jusqu'a|max|min)\b")
# The section questions' BM25, added with this weight: players' words rather than the rules' own.
QUESTION_WEIGHT = 1.0
# Kinds of question recognised by their form, whatever the topic: a section of that kind scores KIND_BOOST times
# more. "What if the damage tokens run out?" shares its topic words with the components, but asks about a shortage.
KINDS = {
    "shortage": re.compile(r"\b(runs? out|running out|ran out|out of|empty|used up|none left|no \w+ left|nothing left|"
                           r"(?:doesn't|does not|don't|do not) have (?:\w+ ){0,3}left|not enough (?:\w+ ){0,2}left|"
                           r"exhausted|all gone|keine? (?:\w+ ){1,3}mehr|nicht mehr genug|leer|aufgebraucht|verbraucht|"
                           r"vergeben sind|alle vergeben|ausgeh\w*|ausgegangen|il n'y a plus|n'y a plus|"
                           r"plus (?:de|d'|aucun\w*)|epuise\w*|vide)\b"),
    "tie": re.compile(r"\b(ties?|tied|tiebreak\w*|(?:same|equal) (?:fame|score|points?|total|number of points)|"
                      r"gleichstand|gleich viel\w*|gleich\w* (?:ruhm|punkte\w*|siegpunkte\w*|punktzahl)|punktgleich|"
                      r"egalite|ex aequo|meme (?:score|nombre de points|gloire|total))\b"),
    # what is open or hidden at the table: "is the coin count secret?", "darf man sich den Abwurf anschauen?"
    "open_info": re.compile(r"\b(secret\w*|hidden|visible|peek\w*|look (?:at|through|back)|count (?:the )?(?:cards|"
                            r"coins)|show (?:my|his|her)|geheim\w*|verdeckt\w*|anschauen|ansehen|einsehen|"
                            r"reinschauen|mitzahlen|nachzahlen|zeigen|sichtbar|cache\w*|visibles?|regarder|consulter|"
                            r"montrer|compter les (?:cartes|pieces)|count how many|compter combien|zahlen,? wie viele|"
                            r"nachzahlen)\b"),
    # who does the table's chores: "who shuffles and deals?", "wer gibt?", "qui distribue ?"
    "duties": re.compile(r"\b(who (?:deals|shuffles|keeps (?:the )?score|writes)|dealer|deal(?:ing)? rotates?|"
                         r"wer (?:gibt|mischt|teilt|schreibt)|geber\w*|qui (?:distribue|melange|note|tient)|"
                         r"donneur)\b"),
    # a slip noticed later: "I played the wrong card, can I take it back?", "si je me suis trompé ..."
    "mistake": re.compile(r"\b(mistake\w*|by accident|accidentally|wrong(?:ly)?|undo|"
                          r"forg[eo]t\w*|error|vertan|versehentlich|aus versehen|falsch\w*|"
                          r"vergessen|fehler|trompe\w*|erreur|par erreur|oublie\w*|noticed|"
                          r"reali[sz]ed|turned out|\w+ turns? later|gemerkt|bemerkt|\w+ (?:zuge|runden) spater|"
                          r"rendu compte|remarque|\w+ tours? plus tard)\b"),
    # "what's in it for me?": what an act earns the asker, whatever the act
    "reward": re.compile(r"\b(what'?s in it for (?:me|us)|what do (?:i|we) get (?:for|out of) (?:it|that|this)|"
                         r"do (?:i|we) get anything|get anything out of it|was (?:habe|hab|hat) (?:ich|man) davon|"
                         r"bekomme ich (?:etwas|was) dafur|qu'est-ce que j'y gagne|j'y gagne quoi|"
                         r"(?:ca|cela) me rapporte quoi|qu'est-ce que (?:ca|cela) me rapporte)"),
}
KIND_BOOST = 1.25
# a slip noticed later asks what to do now, not the rule it broke; a component running out, not its use
KIND_BOOSTS = {"mistake": 1.5, "shortage": 1.5}
WITHOUT = re.compile(r"\b(?:without|ohne|sans|n'ai pas d[e']|n'ai pas|(?:don't|do not|dont) have|hab(?:e)? kein\w*)\s*"
                     r"(?!(?:any|aucun\w*|irgend\w*|jegliche\w*)\b)"
                     r"(?:(?:a|an|the|my|ein\w*|den|die|das|der|mein\w*|"
                     r"passende\w*|matching|de|d'|un|une|le|la|les|mon|ma|mes)\s+)*(?:(?:carte|karte)\s+)?[\w'-]+"
                     r"(?:\s+(?:cards?|karten?))?")
ABOUT_THE_GAME = re.compile(r"\b(what is|what's|whats|worum geht|was ist|de quoi|c'est quoi|qu'est-ce que c'est|about|"
                            r"how do (?:you|we|i) (?:play|win)|wie (?:spielt|gewinnt) man|"
                            r"comment (?:on )?(?:joue|gagne)|"
                            r"overview|uberblick|apercu|aim|goal|ziel|but|object)\b")
SUMMARY_WEIGHT = 0.85
# Whole search terms the question says, and its closeness to a stored question (Index.phrase_score).
TERM_WEIGHT = 0.5
ASKED_WEIGHT = 2.0


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
        self.sections = [Section(s["id"], s["title"], s["text"], tuple(s.get("terms", [])),
                                 tuple(s.get("questions", [])), bool(s.get("gap", False)), tuple(s.get("kinds", [])))
                         for s in doc["sections"]]
        self.by_id = {s.id: s for s in self.sections}
        stop = {"en": STOPWORDS_EN_PLUS, "de": STOPWORDS_GERMAN, "fr": STOPWORDS_FRENCH}[lang]
        self.stopwords = {fold(w) for w in stop} - {fold(w) for w in KEEP[lang]}
        # the game's own name says nothing about the rule asked ("when does <the game> end?"), but its summary
        # repeats it: searched, it would pull every question that names the game towards the summary
        self.stopwords |= set(TOKEN.findall(fold(self.title))) - self.stopwords
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
        asked = [self.tokens(" ".join(s.questions)) for s in self.sections]
        self.vocab_set |= {w for doc in asked for w in doc}
        self.vocab = sorted(self.vocab_set)
        self.bm25_questions: Any = None
        if any(asked):
            self.bm25_questions = bm25s.BM25()
            self.bm25_questions.index([a or ["-"] for a in asked], show_progress=False)
        # Each search term and each stored question as a set of stems, for the whole-phrase match below.
        self.term_sets = [[t for x in (*sec.terms, sec.title) if (t := set(self.tokens(x)))] for sec in self.sections]
        self.question_sets = [[t for x in sec.questions if (t := set(self.tokens(x)))] for sec in self.sections]
        import math

        df: dict[str, int] = {}
        for words in corpus:
            for w in set(words):
                df[w] = df.get(w, 0) + 1
        n = len(corpus)
        self.idf = {w: math.log(1 + n / c) for w, c in df.items()}
        self.top_idf = max(self.idf.values(), default=1.0)  # the weight of a word no section holds

    def weight(self, words: set[str]) -> float:
        """The summed rarity of `words`."""
        return sum(self.idf.get(w, self.top_idf) for w in words)

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
        # "can I sell goods without a trader?": what the question does without is not its topic
        folded = WITHOUT.sub(" ", fold(question))
        q = [c for c in (self.correct(w) for w in self.tokens(folded)) if c]
        if not q:
            return []
        import numpy as np

        scores = self.bm25.get_scores(q) + SHORT_WEIGHT * self.bm25_short.get_scores(q)
        if self.bm25_questions is not None:
            scores = scores + QUESTION_WEIGHT * self.bm25_questions.get_scores(q)
        asked = set(q)
        scores = scores + np.array([self.phrase_score(asked, i) for i in range(len(self.sections))])
        kinds = {k for k, pattern in KINDS.items() if pattern.search(folded)}
        if kinds:
            scores = scores * np.array([max((KIND_BOOSTS.get(k, KIND_BOOST) for k in kinds & set(sec.kinds)),
                                            default=1.0) for sec in self.sections])
        if not ABOUT_THE_GAME.search(folded):
            # a summary of the whole game shares words with every question; it answers only one about the game as
            # a whole ("what is this game about?"), and otherwise yields to the section of the rule asked
            scores = scores * np.array([SUMMARY_WEIGHT if "summary" in sec.kinds else 1.0 for sec in self.sections])
        order = np.argsort(-scores)[:k]
        return [Hit(self.sections[int(i)], float(scores[int(i)])) for i in order if scores[int(i)] > 0]

    def best_of_kind(self, question: str, kinds: set[str]) -> Hit | None:
        """The best section of one of `kinds` for the whole `question`: for a half that says only what kind of
        thing it asks ("... What's in it for me?"), the topic comes from the rest of the line."""
        hits = self.search(question, k=len(self.sections))
        return next((h for h in hits if kinds & set(h.section.kinds)), None)

    def phrase_score(self, q: set[str], i: int) -> float:
        """How wholly the question holds one of section `i`'s search terms, and how close it comes to one of its
        stored questions: a term all of whose words the question says ("wer fängt an") counts by the rarity of
        those words, while a longer term the question only half says ("wer fängt nach der Wertung an") counts
        nothing — BM25 alone scores both alike. Stored questions count by the rarity-weighted overlap."""
        if not q:
            return 0.0
        term = max((self.weight(t) for t in self.term_sets[i] if t <= q), default=0.0)
        asked = max((self.weight(x & q) / self.weight(x | q) for x in self.question_sets[i]), default=0.0)
        return TERM_WEIGHT * term + ASKED_WEIGHT * asked * self.weight(q)

    def lead(self, question: str, section: Section) -> tuple[list[str], list[str]]:
        """(the one or two sentences of `section` that answer `question` best, the other sentences in order):
        the fact first. Sentences score by the rarity of the question's words they hold; a question about a
        quantity ("how many", "wie viele", "combien") prefers sentences with a number."""
        sentences = [x.strip() for x in SENTENCE.split(section.text) if x.strip()]
        if len(sentences) <= 2:
            return sentences, []
        q = {c for c in (self.correct(w) for w in self.tokens(question)) if c}
        quantity = bool(QUANTITY.search(fold(question)))
        scored = []
        for i, sent in enumerate(sentences):
            score = self.weight(q & set(self.tokens(sent)))
            if quantity and any(ch.isdigit() for ch in sent):
                score += self.top_idf
            scored.append((score, -i, i))
        scored.sort(reverse=True)
        best = [scored[0][2]]
        if len(scored) > 1 and scored[1][0] > 0 and scored[1][0] >= 0.8 * scored[0][0]:
            best.append(scored[1][2])
        best.sort()
        return [sentences[i] for i in best], [s for i, s in enumerate(sentences) if i not in best]


@cache
def index(game: str, lang: str) -> Index:
    return Index(game, lang)
