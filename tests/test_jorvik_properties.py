"""Jórvík property tests over seeded random games, Karl and Jarl, 2-5 players: termination, conservation of
goods, cards and Viking figures at every step, coins never below zero, no illegal action offered, and replay
determinism."""

from __future__ import annotations

import random

import pytest

from engine import load_game
from engine.core import final_state
from engine.jorvik.game import ROW_MAX, card_places, goods_total

G = load_game("jorvik")
SEEDS = range(6)


def figures(s, seat: int) -> int:
    own = s.vikings[seat] + sum(r.count(seat) for r in s.rows) + sum(1 for _, f in s.reserved if f == seat)
    return own


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_conserve_everything(mode: str, players: int):
    for seed in SEEDS:
        s = G.new_game(players, seed, {"mode": mode})
        goods0 = goods_total(s)
        cards0 = sorted(card_places(s))
        vikings0 = 4 if mode == "jarl" else 3
        rng = random.Random(seed)
        log = []
        plies = 0
        while not s.is_over:
            acts = G.legal_actions(s)
            assert acts, "a live position offers no action"
            a = acts[rng.randrange(len(acts))]
            assert G.check(s, a) is None
            log.append((s.decision.player, G.to_notation(a)))
            s, _ = G.apply(s, a)
            plies += 1
            assert plies < 5000
            assert goods_total(s) == goods0
            assert sorted(card_places(s)) == cards0
            assert all(figures(s, p) == vikings0 for p in range(players))
            assert min(s.coins) >= 0
            assert all(len(r) <= ROW_MAX for r in s.rows)
            assert len(s.reserved) <= players + 1
        assert s.deck == () and G.winners(s)
        assert G.state_to_json(final_state(G, players, seed, {"mode": mode}, log)) == G.state_to_json(s)


def test_legal_actions_all_pass_check_and_are_distinct():
    rng = random.Random(7)
    for mode in ("karl", "jarl"):
        s = G.new_game(4, 9, {"mode": mode})
        while not s.is_over:
            acts = G.legal_actions(s)
            texts = [G.to_notation(a) for a in acts]
            assert len(set(texts)) == len(texts)
            for a, t in zip(acts, texts, strict=True):
                assert G.check(s, a) is None and G.from_notation(s, t) == a
            s, _ = G.apply(s, acts[rng.randrange(len(acts))])
