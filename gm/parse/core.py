"""The game-independent half of the offline move parser.

Pipeline (see docs/parser.md):

1. **normalise**: case-fold, fold accents and umlauts to ASCII (``grün`` -> ``grun``; the lexicon also holds
   the ``ae/oe/ue`` spellings, so ``gruen`` matches too), typographic apostrophes to ``'``;
2. **tokenise**: words, digits, card-like tokens (``r7``), digit plurals (``7s``) and punctuation;
3. **look up** every token in the game's :class:`Lexicon`: exact first, then a typo-tolerant match (optimal
   string alignment distance 1 for words of 4+ letters, 2 for 7+; against fuzzy-enabled entries only; a token
   that is itself a known word is never corrected, and a typo that is as close to two different meanings is
   left unknown);
4. the game's grammar (:class:`GameParser.read`) turns the looked-up tokens into **readings**: ranked
   hypotheses of what the player asked for;
5. **grounding** (:func:`ground`): every legal action for the pending decision is matched against the
   readings; the best-scoring consistent actions are the candidates (one: an action; several: ambiguous).
   When nothing legal fits, the reading's literal action(s) go to the engine's ``check`` and its reason is
   returned.

Nothing here knows a game: each game's grammar lives in its kit (``gm/games/<package>/parse.py``).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core import Illegal
from gm.text import LANGS, fold, is_question, is_regret, is_request

MAX_CHARS = 500
"""Longer texts are refused (no_match "too_long") before any work is done."""
MAX_TOKENS = 120

# ---- result ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class ParseResult:
    """What the parser made of one utterance.

    ``kind`` is "action" (``action`` set; ``then`` holds further actions when one utterance answers several
    decisions in a row), "confirm" (``action`` is the one legal action the words fit, but they say much the
    parser does not know, so it is offered back for a yes rather than played), "ambiguous" (``candidates``:
    legal actions sorted by notation), "illegal"
    (``illegal``: the engine's reason, or ``not_your_turn``) or "no_match" (``reason``: a short code).
    ``lang`` is the language the words most likely are, or None.
    """

    kind: str
    action: Any = None
    candidates: list[Any] = field(default_factory=list)
    illegal: Illegal | None = None
    reason: str | None = None
    lang: str | None = None
    then: tuple[Any, ...] = ()

    @property
    def plan(self) -> list[Any]:
        """The actions to apply in order, as one unit ([] unless kind is "action")."""
        return [self.action, *self.then] if self.kind == "action" else []

    def to_json(self, game: Any) -> dict[str, Any]:
        """The result as plain JSON, with actions in the game's notation."""
        if self.kind == "action":
            out: dict[str, Any] = {"kind": "action", "notation": game.to_notation(self.action)}
            if self.then:
                out["then"] = [game.to_notation(a) for a in self.then]
            return out
        if self.kind == "confirm":
            return {"kind": "confirm", "notation": game.to_notation(self.action)}
        if self.kind == "ambiguous":
            return {"kind": "ambiguous", "candidates": [game.to_notation(a) for a in self.candidates]}
        if self.kind == "illegal" and self.illegal is not None:
            return {"kind": "illegal", "code": self.illegal.code, "params": dict(self.illegal.params)}
        return {"kind": "no_match", "reason": self.reason or "no_match"}


def agrees(got: dict[str, Any], expect: dict[str, Any]) -> bool:
    """Whether a result's JSON (`ParseResult.to_json`) is what a corpus line expects."""
    if got.get("kind") != expect["kind"]:
        return False
    if expect["kind"] == "action":
        return bool(got["notation"] == expect["notation"])
    if expect["kind"] == "ambiguous":
        return bool(got["candidates"] == expect["candidates"])
    if expect["kind"] == "illegal":
        return bool(got["code"] == expect["code"])
    return True


def no_match(reason: str, lang: str | None = None) -> ParseResult:
    return ParseResult("no_match", reason=reason, lang=lang)


# ---- normalising and tokenising ----------------------------------------------------------------------------

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_TOKEN_RE = re.compile(r"[0-9]+'s(?![a-z0-9])|[a-z0-9]+|[,;.!?:&+]")
_ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def spellings(word: str) -> set[str]:
    """The folded forms under which a lexicon word is stored: ``grün`` -> {``grun``, ``gruen``}."""
    low = word.lower()
    out = {fold(low)}
    if any(c in low for c in "äöüß"):
        out.add(fold(low.translate(_UMLAUTS)))
    return out


@dataclass(frozen=True, slots=True)
class Token:
    """One token of the folded text: a word, a number, a card-like code or a punctuation mark."""

    text: str
    index: int


def tokenize(text: str) -> list[Token]:
    """Tokens of `text` after folding; everything that is not a letter, digit or ,;.!?:&+ separates."""
    out: list[Token] = []
    if "\x1b" in text:
        text = _ANSI_RE.sub(" ", text)
    for i, m in enumerate(_TOKEN_RE.finditer(fold(text))):
        if i >= MAX_TOKENS:
            break
        tok = m.group()
        if "'" in tok:  # 7's -> 7s
            tok = tok.replace("'", "")
        out.append(Token(tok, i))
    return out


# ---- spoken numbers ------------------------------------------------------------------------------------------

_UNIT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
               "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "funf": 5, "fuenf": 5, "sechs": 6,
               "sieben": 7, "acht": 8, "neun": 9, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5,
               "six_": 6, "sept": 7, "huit": 8, "neuf": 9}
_TEN_WORDS = {"twenty": 2, "thirty": 3, "forty": 4, "fourty": 4, "fifty": 5, "sixty": 6, "seventy": 7, "eighty": 8,
              "ninety": 9, "zwanzig": 2, "dreissig": 3, "dreisig": 3, "vierzig": 4, "funfzig": 5, "fuenfzig": 5,
              "sechzig": 6, "siebzig": 7, "achtzig": 8, "neunzig": 9, "vingt": 2, "trente": 3, "quarante": 4,
              "cinquante": 5, "soixante": 6, "septante": 7, "huitante": 8, "octante": 8, "nonante": 9}
_FR_TEENS = {"dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16,
             "dix sept": 17, "dix huit": 18, "dix neuf": 19}
_UNIT_RE = "|".join(sorted((w for w in _UNIT_WORDS if not w.endswith("_")), key=len, reverse=True))
_TEN_RE = "|".join(sorted(_TEN_WORDS, key=len, reverse=True))
_SPOKEN = re.compile(
    rf"\b(?:(?P<de_u>{_UNIT_RE})und(?P<de_t>{_TEN_RE})"  # zweiundsechzig
    rf"|(?P<fr80>quatre[ -]vingts?)(?:[ -](?P<fr80_u>dix[ -](?:sept|huit|neuf)|{'|'.join(_FR_TEENS)}|{_UNIT_RE}))?"
    rf"|(?P<t>{_TEN_RE})(?:[ -]et)?[ -](?P<u>dix[ -](?:sept|huit|neuf)|onze|douze|treize|quatorze|quinze|seize|"
    rf"{_UNIT_RE}))\b")


def spoken_values(text: str) -> str:
    """Two-digit numbers said in words, written as digits: "sixty-two", "zweiundsechzig", "soixante-deux",
    "quatre-vingt-douze" -> "62", "62", "62", "92". Text without them is returned as it is (folded)."""
    folded = fold(text)

    def unit(word: str | None) -> int:
        if not word:
            return 0
        word = word.replace("-", " ")
        return _FR_TEENS.get(word, _UNIT_WORDS.get(word, 0))

    def digits(m: re.Match[str]) -> str:
        if m.group("de_u"):
            value = 10 * _TEN_WORDS[m.group("de_t")] + unit(m.group("de_u"))
        elif m.group("fr80"):
            value = 80 + unit(m.group("fr80_u"))
        else:
            value = 10 * _TEN_WORDS[m.group("t")] + unit(m.group("u"))
        return str(value) if 20 < value < 100 and value % 10 else m.group(0)

    out = _SPOKEN.sub(digits, folded)
    return text if out == folded else out


# ---- lexicon -----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One meaning of a lexicon word: a grammatical `kind`, a `value`, the languages it belongs to, flags.

    `fuzzy` entries may be reached through a typo; the others (function words, known everyday words)
    only match exactly.
    """

    kind: str
    value: Any = None
    langs: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    fuzzy: bool = False

    def has(self, flag: str) -> bool:
        return flag in self.flags


@dataclass(frozen=True, slots=True)
class Hit:
    """A token and what the lexicon says about it (`entries` empty: unknown; `distance` > 0: a typo)."""

    token: Token
    entries: tuple[Entry, ...]
    distance: int = 0

    @property
    def text(self) -> str:
        return self.token.text

    def first(self, *kinds: str) -> Entry | None:
        for e in self.entries:
            if e.kind in kinds:
                return e
        return None


def allowed_distance(length: int) -> int:
    """How many edits a typo of a word this long may have: 0 below 4 letters, 1 from 4, 2 from 7."""
    return 2 if length >= 7 else 1 if length >= 4 else 0


def osa_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (adjacent transpositions count 1); `limit + 1` once above limit."""
    if a == b:
        return 0
    la, lb = len(a), len(b)
    if abs(la - lb) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(lb + 1))
    for i in range(1, la + 1):
        cur = [i] + [0] * lb
        ca = a[i - 1]
        best = cur[0]
        for j in range(1, lb + 1):
            cb = b[j - 1]
            cost = 0 if ca == cb else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            if v < best:
                best = v
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return prev[lb]


def _deletes(word: str, depth: int) -> set[str]:
    out = {word}
    frontier = {word}
    for _ in range(depth):
        nxt = set()
        for w in frontier:
            for i in range(len(w)):
                nxt.add(w[:i] + w[i + 1:])
        out |= nxt
        frontier = nxt
    return out


class Lexicon:
    """Words -> meanings, with exact look-up and a typo-tolerant fallback (symmetric-delete index).

    Build it once (per game, at import), then :meth:`lookup` is a dict hit or, for unknown words of four
    letters or more, a handful of set look-ups and short distance checks; results are memoised.
    """

    _CACHE_SIZE = 8192

    def __init__(self) -> None:
        self._exact: dict[str, tuple[Entry, ...]] = {}
        self._index: dict[str, set[str]] | None = None
        self._cache: dict[tuple[str, str | None], tuple[tuple[Entry, ...], int]] = {}

    def add(self, words: Iterable[str] | str, kind: str, value: Any = None, langs: Iterable[str] | str = (),
            flags: Iterable[str] | str = (), fuzzy: bool = False) -> None:
        """Add `words` (a list, or one string of space-separated words) with one meaning."""
        if isinstance(words, str):
            words = words.split()
        lang_set = frozenset(langs.split() if isinstance(langs, str) else langs)
        flag_set = frozenset(flags.split() if isinstance(flags, str) else flags)
        entry = Entry(kind, value, lang_set, flag_set, fuzzy)
        for w in words:
            for form in spellings(w):
                old = self._exact.get(form, ())
                if entry not in old:
                    self._exact[form] = old + (entry,)
        self._index = None
        self._cache.clear()

    def __contains__(self, word: str) -> bool:
        return word in self._exact

    def words(self) -> list[str]:
        return sorted(self._exact)

    def freeze(self) -> Lexicon:
        """Build the typo index now rather than on the first unknown word; returns the lexicon."""
        self._build_index()
        return self

    def _build_index(self) -> dict[str, set[str]]:
        index: dict[str, set[str]] = {}
        for word, entries in self._exact.items():
            depth = allowed_distance(len(word))
            if depth == 0 or not any(e.fuzzy for e in entries) or not word.isalpha():
                continue
            for d in _deletes(word, depth):
                index.setdefault(d, set()).add(word)
        self._index = index
        return index

    def lookup(self, word: str, lang: str | None = None) -> tuple[tuple[Entry, ...], int]:
        """(entries, distance): exact entries with distance 0, a unique typo match, or ((), 0) if unknown.

        A typo equally close to words of different meanings is resolved by `lang` when only one of them
        belongs to that language ("blak" is "black" in English, "blau" in German), else left unknown.
        """
        exact = self._exact.get(word)
        if exact is not None:
            return exact, 0
        key = (word, lang)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        result = self._fuzzy(word, lang)
        if len(self._cache) >= self._CACHE_SIZE:
            self._cache.clear()
        self._cache[key] = result
        return result

    def _fuzzy(self, word: str, lang: str | None) -> tuple[tuple[Entry, ...], int]:
        limit = allowed_distance(len(word))
        if limit == 0 or not word.isalpha():
            return (), 0
        index = self._index if self._index is not None else self._build_index()
        found: dict[str, int] = {}
        for d in _deletes(word, limit):
            for key in index.get(d, ()):
                if key in found:
                    continue
                allowed = min(limit, allowed_distance(len(key)))
                dist = osa_distance(word, key, allowed)
                if dist <= allowed:
                    found[key] = dist
        if not found:
            return (), 0
        best = min(found.values())
        keys = sorted((k for k, v in found.items() if v == best), key=lambda k: (abs(len(k) - len(word)), k))
        options = [(k, e) for k in keys for e in self._exact[k] if e.fuzzy]
        for pool in (options, [(k, e) for k, e in options if lang in e.langs] if lang else []):
            meanings = {(e.kind, e.value) for _, e in pool}
            if len(meanings) == 1:
                first = pool[0][0]
                return tuple(e for e in self._exact[first] if e.fuzzy), best
        return (), 0  # as close to two different things: better unknown than wrong

    def hits(self, tokens: Sequence[Token], hint: str | None = None) -> list[Hit]:
        """Look up every token; typos are resolved in the light of the language of the exact words."""
        exact: list[tuple[tuple[Entry, ...], int] | None] = [
            (e, 0) if (e := self._exact.get(t.text)) is not None else None for t in tokens]
        lang = word_language([Hit(t, r[0]) for t, r in zip(tokens, exact, strict=True) if r is not None], hint)
        out = []
        for t, r in zip(tokens, exact, strict=True):
            entries, dist = r if r is not None else self.lookup(t.text, lang)
            out.append(Hit(t, entries, dist))
        return out


def word_language(hits: Sequence[Hit], hint: str | None = None) -> str | None:
    """The language of a move line, read off the words the lexicon knows: the language most words belong to
    (a word shared by k languages counts 1/k to each; a typo half).

    Ties go to `hint` when it is among the best; no evidence or an unresolved tie gives None.
    """
    score: dict[str, float] = {}
    for h in hits:
        langs: set[str] = set()
        for e in h.entries:
            langs |= e.langs
        if not langs:
            continue
        w = (0.5 if h.distance else 1.0) / len(langs)
        for lang in langs:
            score[lang] = score.get(lang, 0.0) + w
    if not score:
        return None
    top = max(score.values())
    best = [lang for lang, s in score.items() if abs(s - top) < 1e-9]
    if len(best) == 1:
        return best[0]
    if hint in best:
        return hint
    return None


# ---- grounding ---------------------------------------------------------------------------------------------


class Reading(Protocol):
    """One hypothesis of what the player meant, as the game's grammar built it."""

    score: float

    def match(self, action: Any, info: Any) -> float | None:
        """None if `action` contradicts the reading, else a score (higher fits better).

        `info` is the game parser's :meth:`GameParser.digest` of the action.
        """
        ...

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        """The action(s) the text literally names, to have the engine explain why they are illegal;
        or a no_match reason when the text names no concrete action."""
        ...


@dataclass(slots=True)
class Interpretation:
    """A grammar's verdict on the tokens: readings best first, or none and a no_match reason."""

    readings: list[Any]
    reason: str | None = None
    confirm: bool = False  # the grammar is not sure enough to play the one action found: offer it for a yes


@dataclass(slots=True)
class Named:
    """A reading of the literal moves the words write out, which no legal action fits ("R8 R8 take B3": the same
    card twice): the grounding then has the engine say why they are refused."""

    actions: list[Any]
    score: float = 1.0

    def match(self, action: Any, info: Any) -> float | None:
        return None

    def literal(self, game: Any, state: Any) -> list[Any] | str:
        return list(self.actions)


class GameParser(ABC):
    """A game's lexicon and grammar: the `parser` of its kit (gm/games/<package>/)."""

    game_name: str
    lexicon: Lexicon
    request_kinds: tuple[str, ...] = ()  # lexicon kinds of the verbs that make "could you ..." a move

    @abstractmethod
    def read(self, hits: list[Hit], game: Any, state: Any, player: int) -> Interpretation:
        """Readings of the looked-up tokens for `player` (whose hand resolves "all my reds", "both")."""

    @abstractmethod
    def digest(self, action: Any) -> Any:
        """What :meth:`Reading.match` needs of an action, computed once per legal action."""

    def rewrite(self, text: str) -> str:
        """The text as the grammar wants to read it (e.g. spoken values written as digits); by default as is."""
        return text

    def exact(self, game: Any, state: Any, text: str) -> Any | None:
        """The action when `text` is exactly the game's notation and names it completely; a list of actions
        when the text answers several decisions in a row (applied and saved as one unit); else None."""
        return None


def rank_illegal(illegals: Sequence[Illegal]) -> Illegal:
    """The engine reason that best explains several literal readings: the most frequent code, the first
    one seen among equals."""
    counts = Counter(i.code for i in illegals)
    top = max(counts.values())
    for i in illegals:
        if counts[i.code] == top:
            return i
    return illegals[0]


def ground(game: Any, state: Any, readings: Sequence[Any], legal: Sequence[tuple[Any, Any]],
           lang: str | None = None) -> ParseResult:
    """Match the readings (best first) against the legal actions and decide the result.

    The first reading that fits at least one legal action wins; among the actions it fits, only the best
    scores are kept. One left: "action"; several: "ambiguous" (sorted by notation). None fits any reading: the
    first reading's literal actions are checked by the engine and the commonest reason is returned, or
    no_match when the text names nothing concrete.
    """
    for reading in readings:
        best: float | None = None
        cands: list[Any] = []
        for action, info in legal:
            s = reading.match(action, info)
            if s is None:
                continue
            if best is None or s > best:
                best, cands = s, [action]
            elif s == best:
                cands.append(action)
        if len(cands) == 1:
            return ParseResult("action", action=cands[0], lang=lang)
        if cands:
            notes = {id(a): game.to_notation(a) for a in cands}
            cands.sort(key=lambda a: notes[id(a)])
            return ParseResult("ambiguous", candidates=cands, lang=lang)
    if not readings:
        return no_match("no_move_words", lang)
    literal = readings[0].literal(game, state)
    if isinstance(literal, str):
        return no_match(literal, lang)
    illegals = [r for r in (game.check(state, a) for a in literal) if r is not None]
    if not illegals:
        return no_match("inconsistent", lang)
    return ParseResult("illegal", illegal=rank_illegal(illegals), lang=lang)


# ---- the entry point ---------------------------------------------------------------------------------------


def _norm_lang(lang: Any) -> str | None:
    if not isinstance(lang, str):
        return None
    code = lang.strip().lower()[:2]
    return code if code in LANGS else None


def parse_with(parser: GameParser, game: Any, state: Any, player: Any, text: Any,
               lang: str | None = None) -> ParseResult:
    """Parse `text` said by seat `player` in `state` with `parser` (see gm.parse.parse_move)."""
    hint = _norm_lang(lang)
    if not isinstance(text, str) or not text.strip():
        return no_match("empty", None)
    if len(text) > MAX_CHARS:
        return no_match("too_long", None)
    tokens = tokenize(parser.rewrite(text))
    if not tokens:
        return no_match("no_move_words", None)
    hits = parser.lexicon.hits(tokens, hint)
    detected = word_language(hits, hint)
    exact = parser.exact(game, state, text)
    readings: list[Any] = []
    unsure = False
    if exact is None and (tail := _after_question(text)) is not None:
        # "can I do that? ok then I do it", "that is allowed, right? then I take it"
        return parse_with(parser, game, state, player, tail, lang)
    if exact is None and is_request(text):
        hits = [h for h in hits if h.text != "?"]  # "could I take that one please? ...": a request
    if exact is None and is_regret([t.text for t in tokens]):
        return no_match("statement", detected)  # "j'aurais dû construire l'Auberge": not a move now
    if exact is None and is_question(text) and not (
            is_request(text) and any(h.first(*parser.request_kinds) for h in hits)):
        return no_match("question", detected)  # "should I play the red seven?", "kann ich drei legen?"
    if exact is None:
        interp = parser.read(hits, game, state, player if type(player) is int else -1)
        unsure = interp.confirm
        if not interp.readings:
            return no_match(interp.reason or "no_move_words", detected)
        readings = interp.readings
    decision = state.decision
    if decision.player is None:
        return ParseResult("illegal", illegal=Illegal("over", {}), lang=detected)
    if player != decision.player:
        if exact is None and _remark_to_others(hits, parser.request_kinds):
            return no_match("chat", detected)  # "come on, make it hard for him", "Boah, schon wieder"
        why = Illegal("not_your_turn", {"player": player, "to_move": decision.player})
        return ParseResult("illegal", illegal=why, lang=detected)
    if isinstance(exact, list | tuple):
        return _plan(game, state, player, list(exact), detected)
    if exact is not None:
        illegal = game.check(state, exact)
        if illegal is None:
            return ParseResult("action", action=exact, lang=detected)
        return ParseResult("illegal", illegal=illegal, lang=detected)
    legal = [(a, parser.digest(a)) for a in game.legal_actions(state)]
    res = ground(game, state, readings, legal, detected)
    if res.kind == "action" and (unsure or _chatter(hits) >= UNSURE_WORDS and not any(
            h.first(*parser.request_kinds) for h in hits)):
        res.kind = "confirm"  # "lol my kid calls the black 9 'the jarl'": a remark as often as a move
    return res


_DECIDED = re.compile(r"\b(then|ok|okay|so|alright|fine|dann|also|gut|alors|bon|donc|bref)\b", re.IGNORECASE)


def _after_question(text: str) -> str | None:
    """The move said after a question the player answers at once ("can I play that one? ok I play it", "geht das
    noch, oder? Dann nehme ich die"): the words after the last question mark,
    when they are no question themselves and say the player decided (then/ok/dann/alors ...). Else None."""
    head, mark, tail = text.rpartition("?")
    tail = tail.strip(" .!,;:-")
    if not mark or not head.strip() or len(tail.split()) < 2 or is_question(tail) or not _DECIDED.search(tail):
        return None
    return tail


# Said by a player whose turn it is not: words addressed to (or about) someone else, and cheering, make a remark,
# not a move tried out of turn. (Kept as one string: a bare view key in generic code trips the kit check.)
_TO_OTHERS = frozenset(("you your yours him her ihm ihn ihr dich dir dein deine deinen du tu toi te ton ta tes "
                        "vous votre lui he she they er il elle ils elles we wir nous uns us").split())
_CHEERS = frozenset(("come allez los komm nice bravo gg wow boah super genial bien joue dommage pech joli jolie "
                     "beau belle cool top klasse stark careful vorsicht achtung attention trap falle piege hurry "
                     "dalli vite depeche oh ah ach mist zut").split())


def _remark_to_others(hits: Sequence[Hit], verbs: Sequence[str]) -> bool:
    """Whether a line said out of turn is a remark rather than a move tried too early: it speaks to or of
    someone else, cheers, or names no move verb and holds words the lexicon does not know ("Boah, schon
    wieder, gemein"). A move said out of turn stays a move, refused as not your turn."""
    words = {h.text for h in hits}
    if words & (_TO_OTHERS | _CHEERS):
        return True
    if len(hits) > 2 and not hits[0].entries and hits[0].text.isalpha() and hits[1].text == ",":
        return True  # "Lisa, nimm doch die": said to someone by name
    return not any(h.first(*verbs) for h in hits) and _chatter(hits) >= 1


# Words the lexicon does not know, in a line with no move verb, from which a reading is only offered back.
UNSURE_WORDS = 3


def _chatter(hits: Sequence[Hit]) -> int:
    return sum(1 for h in hits if not h.entries and h.text.isalpha())


def _plan(game: Any, state: Any, player: int, actions: list[Any], lang: str | None) -> ParseResult:
    """Several actions one utterance names, in order: each must be legal where it stands and decided by the
    same player (a chain of that player's small decisions); else the engine's reason for the first that is
    not."""
    if not actions:
        return no_match("no_move_words", lang)
    for action in actions:
        if state.decision.player != player:
            return ParseResult("illegal", illegal=Illegal("not_your_turn", {"player": player,
                                                                            "to_move": state.decision.player}),
                               lang=lang)
        illegal = game.check(state, action)
        if illegal is not None:
            return ParseResult("illegal", illegal=illegal, lang=lang)
        state, _ = game.apply(state, action)
    return ParseResult("action", action=actions[0], then=tuple(actions[1:]), lang=lang)


# ---- words every game shares -------------------------------------------------------------------------------

# Number words 1-9: (value, EN forms, EN plurals, DE forms, DE plurals, DE "-er" nouns, FR forms).
_NUMBERS: tuple[tuple[int, str, str, str, str, str, str], ...] = (
    (1, "", "ones", "eins", "einsen", "einser", ""),
    (2, "two", "twos", "zwei zwo", "zweien", "zweier", "deux"),
    (3, "three", "threes", "drei", "dreien", "dreier", "trois"),
    (4, "four", "fours", "vier", "vieren", "vierer", "quatre"),
    (5, "five", "fives", "fünf", "fünfen", "fünfer", "cinq"),
    (6, "six", "sixes", "sechs", "sechsen", "sechser", "six"),
    (7, "seven", "sevens", "sieben", "siebenen", "siebener siebner", "sept"),
    (8, "eight", "eights", "acht", "achten", "achter", "huit"),
    (9, "nine", "nines", "neun", "neunen", "neuner", "neuf"),
)

# Everyday words: exact matches only. They tell the language and keep a real word from being "corrected"
# into a game word.
_EVERYDAY: dict[str, str] = {
    "en": """
        to is for it on was be as are have at he not by but from or we your so his they me if can will just
        like about up out what has when more do no were who had their there her which time get been would she
        new people how some them now other its our than good only after first him into know see make over
        think any then could back us want because go well said way most much very where even should may here
        need really did right work year being day too going before off why made still got many never life
        say world down great through last s while best such love man home long look something same used
        come part around between always better find help high little old since another does own things under
        during thing give place again next each without against end found must show big feel sure keep might
        please money second someone away left number days lot name night until doing few let real called
        different having thought done however getting looking top start times week already anything nothing
        change enough everything full live making point read told yet bad hard mean once seen stop based
        believe call head came far job side though try went yes actually later less line order run says
        open season thank everyone trying using area d following makes together whole face kind maybe story
        working course hope important least means within able early oh post t thanks ago others talk fact
        given guys half mind often single become body coming control guy hours problem true almost known
        large lost i ll m ve re don didn won isn cant im ok okay hmm hm ugh um uh er hey hi hello
        sorry oops wait nope yeah yep sure fine nice hmmm well score rules rule remind coffee turn whose
        question help undo cards hand beats beat sit this
    """,
    "de": """
        ist nicht zu von es auf für im sie sich auch als er an dass so bei wie aber aus hat sind nach noch
        wir du war nur wenn oder wird was werden am man um haben zum kann über da dann schon habe ja mehr
        mir sein vor mal zur durch hier mich bis doch ihr immer jetzt wurde wieder keine sehr können muss
        uns bin unter vom gut gibt hatte ihre seine geht viel zeit ab ganz machen denn damit dir will
        einfach ohne weil beim etwas waren kein seit soll selbst wo dich hab heute kommt nichts nun würde
        leben wer macht anderen ihm ob ihn viele zwischen wäre dabei dort müssen gerade neue sondern erst
        ersten lassen sollte andere hast warum weiss weiter wirklich ihnen mann wohl vielleicht dazu euch
        kommen wollen bitte hätte sei könnte sehen tag dafür ins sagen steht während bereits ende nie uhr
        weg wegen besser einmal frau gehen gemacht genau danke gar konnte leute neuen jeder natürlich bist
        gute recht finden geben werde geld gleich keinen lange sagt teil davon eigentlich fast richtig tun
        frage zurück klar grosse liegt welche wissen zusammen sicher kam darauf später stehen wollte ganze
        gerne möchte seite weitere wenig heisst oft sagte fragen neben statt dein gehört platz hin kurz
        sonst bekommen ging haus sollten bleibt je möglich weit deshalb eben gewesen glaube leider musste
        halt neu genug echt ich hallo nein nö nee äh ähm hm hmm okay moment mist achso tja ups zusammen dran
        hunger punkte punktestand regeln
    """,
    "fr": """
        est que pas il pour dans je qui c au sur qu par on ne mais se vous s ça tu elle son y ai ou si
        sont fait nous comme être bien ils faire sa aux même me ont t m était été lui aussi peut leur moi
        quand après suis très sans avoir non où va encore alors avait entre temps ans autres dit là peu
        autre rien dire monde te fois faut toujours voir bon contre votre avant depuis donc notre sous jamais
        vie moins dont toi déjà quoi soit trop leurs ton chez gens juste oui vraiment ainsi as grand
        beaucoup jour quelques comment es premier sera nos parce personne cela homme ici vu cas chose doit
        partie car eu mal première bonne fin mieux pendant petit année ceux elles moment place plusieurs
        pourquoi ta mois sais années fais nouveau nouvelle part compte merci veut état aller cours peux
        reste veux vos ca celui chaque grande personnes nom seul vais eux lors vrai selon coup serait pense
        quelque tant avais maintenant tête aime aurait avons assez besoin savoir trouve celle côté pouvoir
        question raison ci devant dis jeu soir souvent enfin font porte seulement ensemble près quel tes
        vois aucun pu trouver autant bonjour salut ouais euh bof hein zut allez attends voilà bah pfff
        plaît plait il te j je aime tour qui à pause score règles
    """,
}


def add_common(lex: Lexicon) -> None:
    """The words every game's grammar shares: numbers, articles, determiners, quantifiers, conjunctions,
    and everyday words of each language."""
    for value, en, en_pl, de, de_pl, de_er, fr in _NUMBERS:
        lex.add(en, "num", value, "en", "word", fuzzy=True)
        lex.add(en_pl, "num", value, "en", "word plural", fuzzy=True)
        lex.add(de, "num", value, "de", "word", fuzzy=True)
        lex.add(de_pl, "num", value, "de", "word plural", fuzzy=True)
        lex.add(de_er, "num", value, "de", "word noun", fuzzy=True)
        lex.add(" ".join(w + "n" for w in de_er.split()), "num", value, "de", "word plural", fuzzy=True)
        lex.add(fr, "num", value, "fr", "word", fuzzy=True)
    # Swiss German numbers ("drü Föifi", "d Sibni"): the -i forms name the card, like "Fünfer"
    for value, words, nouns in ((2, "zwöi zwoi zwei", "zwöii"), (3, "drü drüü", "drüi"), (4, "vier", "vieri"),
                                (5, "föif füüf", "föifi füüfi"), (6, "sächs", "sächsi"), (7, "sibe siebe", "sibni"),
                                (8, "acht", "achti"), (9, "nüün nün", "nüüni nüni")):
        lex.add(words, "num", value, "de", "word")
        lex.add(nouns, "num", value, "de", "word noun")
    # "one" / "un" are also an article or a pronoun: the grammar decides from the neighbours.
    lex.add("one", "num", 1, "en", "word article")
    lex.add("un", "num", 1, "fr", "word article")
    lex.add("a an", "art", None, "en")
    lex.add("ein eine einen einem einer eines", "art", None, "de")
    lex.add("une", "art", None, "fr")
    lex.add("the", "def", None, "en")
    lex.add("der die das den dem des", "def", None, "de")
    lex.add("le la l", "def", None, "fr", "singular")
    lex.add("les", "def", None, "fr", "plural")
    lex.add("this that", "def", None, "en", "demonstrative")
    lex.add("these those", "def", None, "en", "demonstrative plural")
    lex.add("dieser diesen diesem dieses diese jene jenen", "def", None, "de", "demonstrative")
    lex.add("ce cet cette", "def", None, "fr", "demonstrative")
    lex.add("ces", "def", None, "fr", "demonstrative plural")
    lex.add("des", "def", None, "fr", "plural")
    lex.add("my", "poss", None, "en")
    lex.add("mein meine meinen meinem meiner meines", "poss", None, "de")
    lex.add("mon ma", "poss", None, "fr")
    lex.add("mes", "poss", None, "fr", "plural")
    lex.add("all every", "all", None, "en", fuzzy=False)
    lex.add("alle allen aller alles sämtliche sämtlichen", "all", None, "de", fuzzy=True)
    lex.add("olle", "all", None, "de")  # Bavarian
    lex.add("tous toutes tout toute", "all", None, "fr", fuzzy=False)
    lex.add("both", "both", None, "en")
    lex.add("pair", "both", None, "en", fuzzy=True)
    lex.add("beide beiden beider beides", "both", None, "de", fuzzy=True)
    lex.add("paire", "both", None, "fr", fuzzy=True)
    lex.add("and with plus also", "conj", None, "en")
    lex.add("und mit sowie plus", "conj", None, "de")
    lex.add("et avec plus puis", "conj", None, "fr")
    lex.add(", & + ; :", "conj", None)
    lex.add(". ! ?", "sep", None)
    for d in range(1, 10):
        lex.add(str(d), "num", d, (), "digit")
        lex.add(f"{d}s", "num", d, (), "digit plural")
        lex.add(f"{d}er", "num", d, "de", "digit noun")  # "der rote 7er"
        lex.add(f"{d}ern", "num", d, "de", "digit plural")
    lex.add("of in from", "link", None, "en")
    lex.add("in von", "link", None, "de")
    lex.add("de du d en", "link", None, "fr")
    # Negation, exclusion, alternatives, superlatives and wholes: words that change what the rest means.
    lex.add("not don dont didn won cannot never isn aren wasn doesn", "neg", None, "en")
    lex.add("nicht nich kein keine keinen nie", "neg", None, "de")
    lex.add("ne pas n jamais", "neg", None, "fr")
    lex.add("later", "later", None, "en")
    lex.add("spater später nachher", "later", None, "de")
    lex.add("tard", "later", None, "fr")
    lex.add("except excluding apart without", "except", None, "en")
    lex.add("außer ausser ohne", "except", None, "de")
    lex.add("sauf hormis excepte excepté sans", "except", None, "fr")
    lex.add("or either", "or", None, "en")
    lex.add("oder entweder", "or", None, "de")
    lex.add("ou soit", "or", None, "fr")
    lex.add("no nope", "nope", None, "en")
    lex.add("nein nö noe nee", "nope", None, "de")
    lex.add("non", "nope", None, "fr")
    lex.add("with w", "with", None, "en")
    lex.add("mit", "with", None, "de")
    lex.add("avec", "with", None, "fr")
    lex.add("first 1st", "nth", 1, "en")
    lex.add("erste ersten erster", "nth", 1, "de")
    lex.add("premier premiere première", "nth", 1, "fr")
    lex.add("highest biggest largest top strongest best", "sup", "max", "en", fuzzy=True)
    lex.add("worst", "sup", "min", "en")
    lex.add("meilleure meilleur", "sup", "max", "fr")
    lex.add("höchste höchsten höchster höchstes größte größten größter grösste grössten stärkste stärksten "
            "beste besten", "sup", "max", "de", fuzzy=True)
    lex.add("lowest smallest least weakest", "sup", "min", "en", fuzzy=True)
    lex.add("niedrigste niedrigsten niedrigster kleinste kleinsten kleinster tiefste tiefsten schwächste "
            "schwächsten", "sup", "min", "de", fuzzy=True)
    # French superlatives are "plus" + an adjective ("ma plus grosse", "la plus petite"): the grammar pairs them.
    lex.add("grosse gros haute haut forte fort grande grand elevee", "supadj", "max", "fr")
    lex.add("petite petit basse bas faible", "supadj", "min", "fr")
    lex.add("higher bigger larger greater big", "sup", "max", "en")
    lex.add("lower smaller small little", "sup", "min", "en")
    lex.add("höhere höheren höherer größere größeren großer große großen", "sup", "max", "de")
    lex.add("niedrigere niedrigeren kleinere kleineren kleine kleinen kleiner", "sup", "min", "de")
    for nth, prefix in ((2, "zweit"), (3, "dritt")):
        lex.add([prefix + w for w in ("höchste", "höchsten", "größte", "größten", "beste", "besten")], "sup",
                f"max:{nth}", "de")
        lex.add([prefix + w for w in ("niedrigste", "niedrigsten", "kleinste", "kleinsten")], "sup", f"min:{nth}",
                "de")
    lex.add("second 2nd", "nth", 2, "en")
    lex.add("third 3rd", "nth", 3, "en")
    lex.add("zweite zweiten zweiter", "nth", 2, "de")
    lex.add("dritte dritten dritter", "nth", 3, "de")
    lex.add("deuxieme deuxième seconde", "nth", 2, "fr")
    lex.add("troisieme troisième", "nth", 3, "fr")
    # Self-corrections ("red 7 - no wait, the black 8"), statements about the hand, and keeping cards.
    lex.add("wait actually rather instead", "correct", None, "en")
    lex.add("lieber doch eher stattdessen", "correct", None, "de")
    lex.add("plutot plutôt", "correct", None, "fr")
    lex.add("warte moment", "correct", None, "de")
    lex.add("attends", "correct", None, "fr")
    lex.add("hesitate hesitating unsure dunno undecided", "hesitate", None, "en")
    lex.add("zögere zoegere überlege ueberlege unschlüssig", "hesitate", None, "de")
    lex.add("hesite hésite hesiter hésiter", "hesitate", None, "fr")
    lex.add("number", "numword", None, "en")
    lex.add("nummer", "numword", None, "de")
    lex.add("numero numéro", "numword", None, "fr")
    lex.add("last", "last", None, "en")
    lex.add("letzte letzten letzter letztes", "last", None, "de")
    lex.add("derniere dernière dernier derniers dernieres dernières", "last", None, "fr")
    lex.add("middle", "middle", None, "en")
    lex.add("mittlere mittleren mitte", "middle", None, "de")
    lex.add("milieu", "middle", None, "fr")
    lex.add("have has ve", "have", None, "en")
    lex.add("habe hab hast", "have", None, "de")
    lex.add("ai avoir", "have", None, "fr")
    lex.add("keep keeping save saving", "keep", None, "en")
    lex.add("behalten behalte halten", "keep", None, "de")
    lex.add("garder garde conserver", "keep", None, "fr")
    lex.add("everything", "whole", None, "en")
    lex.add("alles", "whole", None, "de")
    lex.add("whole entire", "all", None, "en")
    lex.add("ganze ganzen gesamte", "all", None, "de")
    lex.add("entiere entière", "all", None, "fr")
    lex.add("hand hände", "handword", None, "en de")
    lex.add("main", "handword", None, "fr")
    lex.add("it them em", "it", None, "en")
    lex.add("es", "it", None, "de")
    for lang, words in _EVERYDAY.items():
        lex.add(words, "word", None, lang)
