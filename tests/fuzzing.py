"""Mutation fuzzing of the table's input boundaries, shared by tests/test_fuzz.py (hypothesis, a short CI
budget) and bench/fuzz.py (a standalone runner for N inputs that counts what the mutators reached).

Every input starts from a real one — a line of the parse corpus, the notation of a legal action, a scenario
spec, a saved state, an export of a played game — and goes through a few mutators: character and word
insertions, deletions and swaps, case changes, Unicode confusables, digit changes, control characters, and
for JSON documents value type swaps, dropped and unknown keys, deep nesting and huge numbers. Each target
calls one boundary and classifies what came back; `Crash` is anything but the target's documented error,
`Hang` a call over its time bound, and a refused input must leave the state or the store unchanged.
"""

from __future__ import annotations

import copy
import json
import random
import re
import signal
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine import load_game
from engine.core import Illegal, NotationError, ScenarioError, StateFormatError

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "odin_parse_corpus.jsonl"
GAME = load_game("odin")

# ---- what a call may do ----------------------------------------------------------------------------------


class Crash(AssertionError):
    """A call raised something its target does not document, or broke a property."""


class Hang(BaseException):
    """A call ran over its time bound (a BaseException, so no `except Exception` in the code under test
    swallows it)."""


@contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Raise Hang inside the block once `seconds` have passed (SIGALRM; no bound where there is none)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(_sig: int, _frame: Any) -> None:
        raise Hang(f"over {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---- text mutators ------------------------------------------------------------------------------------------

CHARS = list("abcdefghijklmnopqrstuvwxyzRBPGKO0123456789 ,.;:!?'\"-+&()[]{}/\\@#%*_=<>|~`") + [
    "ä", "ö", "ü", "ß", "é", "è", "ç", "œ", "æ", "»", "«", "–", "—", "’", "…", "\u00a0", "\u200b", "\u200d",
    "\u202e", "\u2066", "\x00", "\x07", "\x1b", "\x1b[31m", "\x7f", "\x85", "\x9b", "\t", "\n", "\r", "\ufeff",
    "\udcff", "😀", "🂡", "7\ufe0f\u20e3", "½", "²", "٣", "७", "Ⅶ", "ﬁ", "İ", "ẞ", "Σ", "ǅ", "ﾟ", "\u0301", "ℝ",
]
WORDS = ["play", "take", "pass", "and", "not", "both", "all", "my", "the", "red", "blue", "black", "rot", "blaue",
         "rouge", "vert", "sieben", "seven", "sept", "nimm", "prends", "je", "ich", "passe", "or", "except",
         "highest", "lowest", "R7", "B3", "K9", "O1", "G5", "P2", "take R7", "play R7 R5", "?", "/undo", "7s",
         "7er", "hand", "everything", "then", "und", "et", "nehme", "la", "die", "ones", "eins", "un", "it", "no",
         "pas", "nicht", "a", "1", "9", "10", "0", "-1", "R", "RR7", "take take", "PLAY", "Pass!", "ausspielen"]
CONFUSABLE = {
    "a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "i": "і", "s": "ѕ", "k": "κ",
    "B": "В", "K": "К", "O": "О", "P": "Р", "R": "Ʀ", "G": "Ԍ", "T": "Т", "A": "Α", "E": "Ε", "H": "Н",
    "0": "０", "1": "１", "2": "²", "3": "³", "4": "٤", "5": "٥", "6": "６", "7": "𝟕", "8": "８", "9": "९",
}
NUMBERS = ["0", "10", "11", "99", "-1", "3.5", "1e9", "99999999999999999999", "٣", "²", "７", "1" * 50]


def _pos(rng: random.Random, text: str) -> int:
    return rng.randint(0, len(text))


def ins_char(text: str, rng: random.Random) -> str:
    i = _pos(rng, text)
    return text[:i] + rng.choice(CHARS) + text[i:]


def del_char(text: str, rng: random.Random) -> str:
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + 1:]


def swap_chars(text: str, rng: random.Random) -> str:
    if len(text) < 2:
        return text
    i = rng.randrange(len(text) - 1)
    return text[:i] + text[i + 1] + text[i] + text[i + 2:]


def ins_word(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    words.insert(rng.randint(0, len(words)), rng.choice(WORDS))
    return " ".join(words)


def del_word(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) > 1:
        del words[rng.randrange(len(words))]
    return " ".join(words)


def swap_words(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    if len(words) > 1:
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    return " ".join(words)


def dup_word(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    i = rng.randrange(len(words))
    words.insert(i, words[i])
    return " ".join(words)


def case(text: str, rng: random.Random) -> str:
    how = rng.randrange(4)
    if how == 0:
        return text.upper()
    if how == 1:
        return text.lower()
    if how == 2:
        return text.title()
    return "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)


def confusables(text: str, rng: random.Random) -> str:
    return "".join(CONFUSABLE[c] if c in CONFUSABLE and rng.random() < 0.5 else c for c in text)


def digits(text: str, rng: random.Random) -> str:
    spots = [i for i, c in enumerate(text) if c.isdigit()]
    if not spots:
        return ins_word(text, rng)
    i = rng.choice(spots)
    new = rng.choice(NUMBERS) if rng.random() < 0.3 else str(rng.randrange(10))
    return text[:i] + new + text[i + 1:]


def control(text: str, rng: random.Random) -> str:
    i = _pos(rng, text)
    return text[:i] + rng.choice(["\x00", "\x1b[2J", "\x1b]0;title\x07", "\u202e", "\r", "\x08", "\x9b31m",
                                  "\udcff\udcfe", "\n/quit\n"]) + text[i:]


def repeat(text: str, rng: random.Random) -> str:
    if not text:
        return text
    i = rng.randrange(len(text))
    j = rng.randint(i + 1, min(len(text), i + 12))
    return text[:i] + text[i:j] * rng.choice([2, 3, 10, 60, 300]) + text[j:]


def truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randint(0, len(text))]


TEXT_MUTATORS: dict[str, Callable[[str, random.Random], str]] = {
    "ins_char": ins_char, "del_char": del_char, "swap_chars": swap_chars, "ins_word": ins_word,
    "del_word": del_word, "swap_words": swap_words, "dup_word": dup_word, "case": case,
    "confusables": confusables, "digits": digits, "control": control, "repeat": repeat, "truncate": truncate,
}

# ---- JSON mutators -----------------------------------------------------------------------------------------

HUGE: list[Any] = [2**31, 2**63, 2**64, -2**63 - 1, -1, 10**100, 10**5000, 1e308, float("inf"), float("nan"),
                   -0.0, 1.5, True]
KEYS = ["players", "hands", "center", "to_move", "last_played_by", "passes_in_row", "scores", "target", "seed",
        "deal", "ply", "format", "version", "game", "seats", "options", "campaign", "actions", "unit", "notation",
        "seat", "name", "kind", "bot", "lang", "over", "passes", "discard", "stock", "removed"]
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, "", "R7", "x" * 300, [], {}, [1, 2], {"a": 1}, ["R7"],
                         [[]], "15", "one_hand", 2**64]


def _nodes(doc: Any, limit: int = 4000) -> list[tuple[tuple[Any, ...], Any]]:
    """(path, value) of every node, breadth first, at most `limit` (a deeply nested document stays cheap)."""
    out: list[tuple[tuple[Any, ...], Any]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), doc)]
    while todo and len(out) < limit:
        path, value = todo.pop(0)
        out.append((path, value))
        if isinstance(value, dict):
            todo += [((*path, k), v) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [((*path, i), v) for i, v in enumerate(value)]
    return out


def _copy(value: Any) -> Any:
    try:
        return copy.deepcopy(value)
    except RecursionError:  # deeply nested by an earlier mutation: share it
        return value


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return doc


def _pick(doc: Any, rng: random.Random, want: Callable[[Any], bool] = lambda v: True
          ) -> tuple[tuple[Any, ...], Any] | None:
    nodes = [n for n in _nodes(doc) if want(n[1])]
    return rng.choice(nodes) if nodes else None


def type_swap(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: True)
    assert node is not None
    return _set(doc, node[0], copy.deepcopy(rng.choice(ODD_VALUES)))


def huge_number(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, int | float) and not isinstance(v, bool))
    if node is None:
        return type_swap(doc, rng)
    return _set(doc, node[0], rng.choice(HUGE))


def deep_nest(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng)
    assert node is not None
    value = node[1]
    for _ in range(rng.choice([30, 500, 3000])):
        value = [value] if rng.random() < 0.7 else {"x": value}
    return _set(doc, node[0], value)


def drop_key(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, dict) and bool(v))
    if node is None:
        return doc
    del node[1][rng.choice(list(node[1]))]
    return doc


def add_key(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, dict))
    if node is None:
        return doc
    key = rng.choice(["extra", "Players", "hands ", "__class__", "version", "über", "", *KEYS])
    node[1][key] = _copy(rng.choice(ODD_VALUES + HUGE))
    return doc


def list_edit(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, list) and bool(v))
    if node is None:
        return doc
    items = node[1]
    how = rng.randrange(4)
    if how == 0:
        items.insert(rng.randrange(len(items) + 1), _copy(rng.choice(items)))
    elif how == 1:
        del items[rng.randrange(len(items))]
    elif how == 2:
        rng.shuffle(items)
    else:
        items.append(copy.deepcopy(rng.choice(ODD_VALUES)))
    return doc


def string_leaf(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, str))
    if node is None:
        return type_swap(doc, rng)
    name = rng.choice(sorted(TEXT_MUTATORS))
    return _set(doc, node[0], TEXT_MUTATORS[name](node[1], rng))


def number_leaf(doc: Any, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, int) and not isinstance(v, bool))
    if node is None:
        return type_swap(doc, rng)
    return _set(doc, node[0], node[1] + rng.choice([-2, -1, 1, 2, 6, 54]))


JSON_MUTATORS: dict[str, Callable[[Any, random.Random], Any]] = {
    "type_swap": type_swap, "huge_number": huge_number, "deep_nest": deep_nest, "drop_key": drop_key,
    "add_key": add_key, "list_edit": list_edit, "string_leaf": string_leaf, "number_leaf": number_leaf,
}

# ---- real inputs -----------------------------------------------------------------------------------------


@cache
def corpus() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]


@cache
def positions() -> list[Any]:
    """Real positions: the corpus scenarios, then positions of a few bot games (every 7th ply)."""
    out = [GAME.scenario(row["scenario"]) for row in corpus()[::5]]
    for seed in range(4):
        state = GAME.new_game(players=2 + seed % 4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.ply % 7 == 0:
                out.append(state)
            actions = GAME.legal_actions(state)
            state, _ = GAME.apply(state, actions[rng.randrange(len(actions))])
        out.append(state)
    return out


@cache
def parse_seeds() -> list[tuple[dict[str, Any], Any, str]]:
    """(corpus-like row, its position, text): the corpus lines, and notations of legal actions there."""
    out = []
    for row in corpus():
        state = GAME.scenario(row["scenario"])
        out.append((row, state, str(row["text"])))
    rng = random.Random(1)
    for row in corpus()[::7]:
        state = GAME.scenario(row["scenario"])
        action = rng.choice(GAME.legal_actions(state))
        out.append((row, state, GAME.to_notation(action)))
    return out


@cache
def notation_seeds() -> list[tuple[Any, str]]:
    rng = random.Random(2)
    out = []
    for state in positions():
        if state.is_over:
            continue
        actions = GAME.legal_actions(state)
        for action in rng.sample(actions, min(3, len(actions))):
            out.append((state, GAME.to_notation(action)))
    return out


def spec_of(state: Any) -> dict[str, Any]:
    """A scenario spec with every key the format knows (docs/notation.md), written from a real position."""
    d = GAME.state_to_dict(state)
    return {"players": d["players"], "hands": d["hands"], "center": d["center"], "to_move": d["to_move"],
            "last_played_by": d["last_played_by"], "passes_in_row": d["passes"], "scores": d["scores"],
            "target": "one_hand" if d["target"] == 0 else d["target"], "seed": d["seed"], "deal": d["deal"],
            "ply": d["ply"]}


@cache
def scenario_seeds() -> list[dict[str, Any]]:
    """The corpus scenarios, and full specs of positions in bot games (a centre to beat, hands of 1-9)."""
    specs = [row["scenario"] for row in corpus()]
    specs += [spec_of(s) for s in positions() if not s.is_over and s.center_n
              and all(1 <= h.bit_count() <= 9 for h in s.hands)]
    unique = {json.dumps(s, sort_keys=True): s for s in specs}
    return list(unique.values())


@cache
def state_seeds() -> list[str]:
    return [GAME.state_to_json(s) for s in positions()]


def played_docs(seeds: range = range(3)) -> list[dict[str, Any]]:
    """Export documents of bot games (finished, and one stopped halfway), in `gm export`'s format."""
    docs = []
    for seed in seeds:
        players = 2 + seed % 3
        state = GAME.new_game(players=players, seed=seed, options={"target": 10})
        rng = random.Random(seed)
        actions = []
        stop = None if seed % 2 == 0 else 25
        while not state.is_over and (stop is None or len(actions) < stop):
            seat = state.decision.player
            action = GAME.bots["greedy" if seed % 2 else "random"](state, rng)
            state, _ = GAME.apply(state, action)
            actions.append({"seat": seat, "notation": GAME.to_notation(action), "unit": len(actions)})
        seats = [{"name": n, "kind": "human", "bot": None, "lang": lang}
                 for n, lang in zip(["Ana", "Ben", "Cléo", "Dora"], ["de", None, "fr", "en"], strict=False)]
        docs.append({"format": "viking-gm/game", "version": 1, "game": "odin", "seats": seats[:players],
                     "options": {"target": 10}, "seed": seed, "campaign": "fuzz" if seed == 0 else None,
                     "actions": actions})
    return docs


def export_seeds(store: Any) -> list[dict[str, Any]]:
    """Real exports: the played games imported into `store`, then exported by it (its public API)."""
    out = []
    for doc in played_docs():
        gid = store.import_game(copy.deepcopy(doc))
        try:
            out.append(store.export_game(gid, secrets=True))
        except TypeError:  # an export without the secrets switch
            out.append(store.export_game(gid))
    return out


def store_fingerprint(path: Path) -> list[str]:
    """Everything a SQLite save holds, as SQL text (read through a separate connection)."""
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


# ---- targets -------------------------------------------------------------------------------------------------


REPR = re.compile(r"\{'[^']*': |Illegal\(|\[\[|\(\{")
"""What Python's repr of a dict, an Illegal or nested lists looks like in a message."""


@dataclass
class Outcome:
    kind: str  # action | ambiguous | illegal | no_match | accepted | refused
    detail: str = ""


def mutate_text(text: str, ops: list[tuple[str, int]]) -> str:
    for name, seed in ops:
        text = TEXT_MUTATORS[name](text, random.Random(seed))
    return text


def mutate_doc(doc: Any, ops: list[tuple[str, int]]) -> Any:
    doc = _copy(doc)
    for name, seed in ops:
        rng = random.Random(seed)
        doc = JSON_MUTATORS[name](doc, rng) if name in JSON_MUTATORS else _text_in_doc(doc, name, rng)
    return doc


def _text_in_doc(doc: Any, name: str, rng: random.Random) -> Any:
    node = _pick(doc, rng, lambda v: isinstance(v, str))
    if node is None:
        return doc
    return _set(doc, node[0], TEXT_MUTATORS[name](node[1], rng))


def run_parse(seed: tuple[dict[str, Any], Any, str], text: str, player_shift: int = 0) -> Outcome:
    """The offline parser on a corpus position: a result of one of its four kinds, grounded in the legal
    actions (an action or every candidate is legal), and the position untouched."""
    from gm.parse import parse_move

    row, state, _ = seed
    before = GAME.state_to_json(state)
    player = (row.get("player", state.decision.player) + player_shift) % state.players
    res = parse_move(GAME, state, player, text, lang=row.get("lang") if player_shift % 2 == 0 else None)
    if GAME.state_to_json(state) != before:
        raise Crash("the parser changed the position")
    if res.kind == "action":
        for action in res.plan:
            if GAME.check(state, action) is not None or player != state.decision.player:
                raise Crash(f"parse gave an illegal action {action!r} for {text!r}")
    elif res.kind == "ambiguous":
        if len(res.candidates) < 2 or any(GAME.check(state, a) is not None for a in res.candidates):
            raise Crash(f"bad candidates for {text!r}")
    elif res.kind == "illegal":
        if not isinstance(res.illegal, Illegal):
            raise Crash("illegal without a reason")
    elif res.kind != "no_match":
        raise Crash(f"unknown kind {res.kind!r}")
    json.dumps(res.to_json(GAME))  # the result is plain JSON
    return Outcome(res.kind, res.reason or (res.illegal.code if res.illegal else ""))


def run_notation(state: Any, text: str) -> Outcome:
    """parse_notation and from_notation: an action (read back exactly), or NotationError (with the engine's
    reason when the text was well-formed but illegal)."""
    try:
        action = GAME.parse_notation(text)
    except NotationError:
        parsed = False
    else:
        parsed = True
        again = GAME.parse_notation(GAME.to_notation(action))
        if again != action:
            raise Crash(f"notation does not read back: {text!r}")
    try:
        action = GAME.from_notation(state, text)
    except NotationError as exc:
        if exc.illegal is not None:
            if not parsed:
                raise Crash(f"an illegal reason for text parse_notation refuses: {text!r}") from exc
            if REPR.search(str(exc)):
                raise Crash(f"a Python repr in the message: {exc}") from exc
            return Outcome("illegal", exc.illegal.code)
        return Outcome("refused")
    if not parsed or GAME.check(state, action) is not None:
        raise Crash(f"from_notation accepted what it should not: {text!r}")
    return Outcome("action")


def run_scenario(spec: Any) -> Outcome:
    """game.scenario: a usable position (legal actions, a JSON round trip) or ScenarioError."""
    try:
        state = GAME.scenario(spec)
    except ScenarioError as exc:
        if REPR.search(str(exc)):
            raise Crash(f"a Python repr in the message: {exc}") from exc
        return Outcome("refused")
    GAME.legal_actions(state)
    if GAME.state_from_json(GAME.state_to_json(state)) != state:
        raise Crash("a scenario's state does not survive its JSON")
    return Outcome("accepted")


def run_state(text: str) -> Outcome:
    """game.state_from_json: a usable state (legal actions, the same JSON back) or StateFormatError."""
    try:
        state = GAME.state_from_json(text)
    except StateFormatError:
        return Outcome("refused")
    GAME.legal_actions(state)
    GAME.view(state, None)
    if GAME.state_from_json(GAME.state_to_json(state)) != state:
        raise Crash("a state does not survive its JSON")
    return Outcome("accepted")


@dataclass
class ImportTarget:
    """Store.import_game on a file-backed SQLite save: imported (and then loadable) or SaveError with the
    save unchanged, byte for byte (`check_unchanged`) or by its data version (cheap, for the runner)."""

    path: Path
    check_unchanged: bool = True
    store: Any = None
    seeds: list[dict[str, Any]] = field(default_factory=list)
    _watch: sqlite3.Connection | None = None

    def __post_init__(self) -> None:
        from gm.store import Store

        self.store = Store(f"sqlite:///{self.path}")
        self.seeds = export_seeds(self.store)
        self._watch = sqlite3.connect(self.path)

    def version(self) -> int:
        assert self._watch is not None
        return int(self._watch.execute("PRAGMA data_version").fetchone()[0])

    def run(self, doc: Any) -> Outcome:
        from gm.store import SaveError

        before = store_fingerprint(self.path) if self.check_unchanged else None
        version = self.version()
        try:
            gid = self.store.import_game(doc)
        except SaveError as exc:
            if "Traceback" in str(exc):
                raise Crash(f"a traceback in the message: {exc}") from exc
            if self.version() != version or (before is not None and store_fingerprint(self.path) != before):
                raise Crash(f"a refused import changed the save: {exc}") from exc
            return Outcome("refused", str(exc)[:60])
        self.store.load(gid)  # what was imported opens again, verified
        return Outcome("accepted")


def timed(fn: Callable[[], Outcome], seconds: float) -> tuple[Outcome, float]:
    start = time.perf_counter()
    with bounded(seconds):
        out = fn()
    return out, time.perf_counter() - start
