"""ODIN bots. A bot is a function (state, rng) -> action that only chooses among `legal_actions`.

- `random`: any legal action, uniformly.
- `greedy`: sheds as many cards as it can now, keeps its strong groups, and takes the card that best joins
  what it holds. It beats `random` clearly (see tests/test_odin_bots.py and the note in docs/architecture.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.odin.actions import Pass, Play
from engine.odin.cards import INDEX, RANK, SUIT, bits
from engine.odin.game import GAME, OdinState

Bot = Callable[[OdinState, random.Random], Pass | Play]


def random_bot(state: OdinState, rng: random.Random) -> Pass | Play:
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


def _fit(card: int, hand: list[int]) -> int:
    """How many cards of `hand` share a suit or a rank with `card`."""
    return sum(1 for c in hand if SUIT[c] == SUIT[card] or RANK[c] == RANK[card])


def greedy_bot(state: OdinState, rng: random.Random) -> Pass | Play:
    actions = GAME.legal_actions(state)
    hand = bits(state.hands[state.to_move])
    best: tuple[float, ...] | None = None
    choice: Pass | Play = actions[0]
    for action in actions:
        if isinstance(action, Pass):
            continue
        played = [INDEX[c] for c in action.cards]
        rest = [c for c in hand if c not in played]
        if not rest:
            return action  # emptying the hand ends the deal with 0 points for us
        took = INDEX[action.take] if action.take else None
        kept = rest + ([took] if took is not None else [])
        net = len(played) - (1 if took is not None else 0)
        # Prefer: shedding more cards; then keeping cards that form groups; then spending low cards.
        cohesion = sum(_fit(c, kept) for c in kept)
        key = (net, cohesion, -sum(RANK[c] for c in played), rng.random())
        if best is None or key > best:
            best, choice = key, action
    if best is None:
        return choice  # only passing is legal
    return choice


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def play_out(state: OdinState, seats: list[Bot], rng: random.Random) -> OdinState:
    """Let the bots in `seats` play `state` to the end."""
    while not state.over:
        state, _ = GAME.apply(state, seats[state.to_move](state, rng))
    return state


def match(bots: list[str], games: int, seed: int = 0) -> list[float]:
    """Win shares of each bot over `games` seeded games; seats rotate every game, a shared win splits."""
    n = len(bots)
    wins = [0.0] * n
    rng = random.Random(seed)
    for g in range(games):
        order = [(i + g) % n for i in range(n)]  # seat -> bot index
        state = play_out(GAME.new_game(n, seed=seed * 1_000_003 + g), [BOTS[bots[b]] for b in order], rng)
        winners = GAME.winners(state)
        for seat in winners:
            wins[order[seat]] += 1 / len(winners)
    return [w / games for w in wins]
