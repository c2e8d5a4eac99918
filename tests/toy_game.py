"""A tiny game that lives only in the tests, to prove the generic table works for a game it was not written
for: decisions chained across players (a pick in two steps, then another player's answer), one utterance
answering several decisions, and either nothing hidden between players or a hidden pile per player.

Pebbles: tokens T1..T6 lie in a pool. On a turn the player picks two tokens, one decision each ("pick",
step 1 and 2 of 2), then the next player answers "accept" or "reject" (a rejected turn puts the second token
back). Then the next player's turn begins. The game ends when the pool is empty; the highest total wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from engine.core import (
    Decision,
    GameInfo,
    Illegal,
    IllegalAction,
    NotationError,
    OptionSpec,
    Summary,
    facts,
)
from gm.kit import Kit
from gm.parse.core import GameParser, Hit, Interpretation, Lexicon


class PState(NamedTuple):
    players: int
    pool: tuple[str, ...]
    piles: tuple[tuple[str, ...], ...]
    to_move: int
    picker: int
    step: int  # 1, 2: picking; 3: the next player answers
    ply: int

    @property
    def is_over(self) -> bool:
        return not self.pool and self.step == 1

    @property
    def decision(self) -> Decision:
        if self.is_over:
            return Decision(None, "pebbles_end")
        if self.step == 3:
            return Decision(self.to_move, "pebbles_answer", facts(picker=self.picker))
        return Decision(self.to_move, "pebbles_pick", facts(step=self.step, of=2, left=len(self.pool)))


@dataclass(frozen=True)
class Pick:
    token: str


@dataclass(frozen=True)
class Answer:
    accept: bool


@dataclass(frozen=True)
class Picked:
    player: int
    token: str
    kind: str = "pebble_picked"


@dataclass(frozen=True)
class Answered:
    player: int
    accept: bool
    kind: str = "pebble_answered"


@dataclass(frozen=True)
class PView:
    players: int
    you: int | None
    pool: tuple[str, ...]
    own_pile: tuple[str, ...] | None
    pile_sizes: tuple[int, ...]
    decision: Decision
    totals: tuple[int, ...]
    ply: int
    hidden: bool

    @property
    def summary(self) -> Summary:
        over = self.decision.player is None
        best = max(self.totals)
        winners = tuple(i for i, t in enumerate(self.totals) if t == best) if over else ()
        return Summary(self.players, self.you, self.decision, self.totals, over, winners,
                       (("pool", " ".join(self.pool)),), ("own_pile",) if self.own_pile is not None else (),
                       self.ply)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pool": list(self.pool), "pile_sizes": list(self.pile_sizes)}
        if self.own_pile is not None:
            out["own_pile"] = list(self.own_pile)
        return out


def value(token: str) -> int:
    return int(token[1:])


class Pebbles:
    def __init__(self, name: str, hidden: bool) -> None:
        self.info = GameInfo(name=name, title=name.title(), min_players=2, max_players=3, lower_score_wins=False,
                             hidden_between_players=hidden, options=(OptionSpec("size", "int", 6, (4, 6)),),
                             bots=("first",), default_bot="first")
        self.name, self.title = name, self.info.title
        self.min_players, self.max_players = 2, 3
        self.hidden = hidden

    @property
    def bots(self) -> Mapping[str, Any]:
        return {"first": lambda state, rng: self.legal_actions(state)[0]}

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return {"size": 6, **(options or {})}

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> PState:
        size = self.options(options)["size"]
        pool = [f"T{i}" for i in range(1, size + 1)]
        random.Random(seed).shuffle(pool)
        return PState(players, tuple(pool), ((),) * players, 0, 0, 1, 0)

    def legal_actions(self, state: PState) -> list[Any]:
        if state.is_over:
            return []
        if state.step == 3:
            return [Answer(True), Answer(False)]
        return [Pick(t) for t in sorted(state.pool, key=value)]

    def check(self, state: PState, action: Any) -> Illegal | None:
        if action in self.legal_actions(state):
            return None
        return Illegal("pebbles_not_now", {"action": repr(action)})

    def apply(self, state: PState, action: Any) -> tuple[PState, list[Any]]:
        illegal = self.check(state, action)
        if illegal is not None:
            raise IllegalAction(illegal)
        p, n = state.to_move, state.players
        if isinstance(action, Pick):
            pool = tuple(t for t in state.pool if t != action.token)
            piles = tuple(pile + (action.token,) if i == p else pile for i, pile in enumerate(state.piles))
            if state.step == 1 and pool:
                return state._replace(pool=pool, piles=piles, step=2, ply=state.ply + 1), [Picked(p, action.token)]
            nxt = (p + 1) % n
            return (state._replace(pool=pool, piles=piles, to_move=nxt, picker=p, step=3, ply=state.ply + 1),
                    [Picked(p, action.token)])
        pool, piles = state.pool, state.piles
        if not action.accept:
            last = piles[state.picker][-1]
            pool = pool + (last,)
            piles = tuple(pile[:-1] if i == state.picker else pile for i, pile in enumerate(piles))
        return (state._replace(pool=pool, piles=piles, step=1, ply=state.ply + 1),
                [Answered(p, action.accept)])

    def to_notation(self, action: Any) -> str:
        return f"pick {action.token}" if isinstance(action, Pick) else "accept" if action.accept else "reject"

    def parse_notation(self, text: str) -> Any:
        words = text.strip().lower().split()
        if words in (["accept"], ["reject"]):
            return Answer(words[0] == "accept")
        if len(words) == 2 and words[0] == "pick" and words[1].upper() in {f"T{i}" for i in range(1, 7)}:
            return Pick(words[1].upper())
        raise NotationError(f"not a pebbles move: {text!r}")

    def from_notation(self, state: PState, text: str) -> Any:
        action = self.parse_notation(text)
        illegal = self.check(state, action)
        if illegal is not None:
            raise NotationError("illegal here", illegal)
        return action

    def view(self, state: PState, player: int | None) -> PView:
        own = state.piles[player] if player is not None and self.hidden else None
        return PView(state.players, player, state.pool, own, tuple(len(p) for p in state.piles), state.decision,
                     tuple(self.scores(state)), state.ply, self.hidden)

    def holdings(self, state: PState, player: int) -> frozenset[str]:
        return frozenset(state.piles[player]) if self.hidden else frozenset()

    def reveals(self, event: Any) -> bool:
        return False

    def scores(self, state: PState) -> list[int]:
        return [sum(value(t) for t in pile) for pile in state.piles]

    def winners(self, state: PState) -> list[int]:
        return list(self.view(state, None).summary.winners)

    def state_to_json(self, state: PState) -> str:
        import json

        return json.dumps(state._asdict(), sort_keys=True)

    def state_from_json(self, text: str) -> PState:
        import json

        d = json.loads(text)
        return PState(d["players"], tuple(d["pool"]), tuple(tuple(p) for p in d["piles"]), d["to_move"],
                      d["picker"], d["step"], d["ply"])

    def scenario(self, spec: Mapping[str, Any]) -> PState:
        raise NotImplementedError

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return {"notation": self.to_notation(action)}

    def action_from_json(self, data: Any) -> Any:
        return self.parse_notation(data["notation"])

    def event_to_json(self, event: Any) -> dict[str, Any]:
        return dict(event.__dict__)


class PebblesParser(GameParser):
    """Reads notation, and "pick T3 and T5" / "pick T3; pick T5" as one utterance answering two decisions."""

    game_name = "pebbles"
    lexicon = Lexicon()

    def read(self, hits: list[Hit], game: Any, state: Any, player: int) -> Interpretation:
        return Interpretation([], "no_move_words")

    def digest(self, action: Any) -> Any:
        return None

    def exact(self, game: Any, state: Any, text: str) -> Any:
        words = text.replace(";", " ").replace(",", " ").replace(" and ", " ").split()
        tokens = [w.upper() for w in words if w.upper().startswith("T")]
        if words and words[0].lower() == "pick" and tokens:
            plan = [Pick(t) for t in tokens]
            return plan if len(plan) > 1 else plan[0]
        try:
            return game.parse_notation(text)
        except NotationError:
            return None


class PebblesKit(Kit):
    parser = PebblesParser()

    def __init__(self, game: Pebbles) -> None:
        super().__init__(game.name, game.title, Path(__file__).parent)
        self._game = game

    @property
    def engine(self) -> Any:  # type: ignore[override]
        return self._game

    def narrate(self, events: Sequence[Any], lang: str, names: Sequence[str], viewer: int | None) -> list[str]:
        out = []
        for e in events:
            who = "You" if e.player == viewer else names[e.player]
            if isinstance(e, Picked):
                shown = e.token if not self._game.hidden or e.player == viewer else "a token"
                out.append(f"{who} picked {shown}.")
            else:
                out.append(f"{who} {'accepted' if e.accept else 'rejected'}.")
        return out

    def describe_action(self, action: Any, lang: str) -> str:
        return self._game.to_notation(action)

    def board_lines(self, view: Any, lang: str, names: Sequence[str]) -> list[str]:
        return [f"Pool: {' '.join(view.pool)}"]

    def hand_lines(self, view: Any, lang: str, name: str | None = None) -> list[str]:
        return [f"Your pile: {' '.join(view.own_pile)}"] if view.own_pile is not None else []

    def card_lines(self, query: str, lang: str, state: Any = None) -> list[str] | None:
        token = query.strip().upper()
        if state is None or token not in {*state.pool, *(t for pile in state.piles for t in pile)}:
            return None
        return [f"{token} is worth {value(token)}."]

    def final_lines(self, state: Any, lang: str, names: Sequence[str]) -> list[str]:
        return [f"{n}: {' + '.join(str(value(t)) for t in pile) or '0'}" for n, pile in zip(names, state.piles,
                                                                                             strict=True)]

    def check_cards(self, document: Any) -> list[str] | None:
        tokens = document.get("tokens") if isinstance(document, dict) else None
        if not isinstance(tokens, list):
            return ["the file must hold {\"tokens\": [...]}"]
        return [f"{t!r} is not a token (T and a number)" for t in tokens if not str(t).startswith("T")]


def make(name: str, hidden: bool) -> PebblesKit:
    return PebblesKit(Pebbles(name, hidden))
