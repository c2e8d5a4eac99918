"""Property tests: random legal playouts terminate, conserve the 54 cards, never offer an illegal action,
and replaying the notation log reproduces the same final state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import load_game
from engine.odin.cards import ALL

G = load_game("odin")


def conserved(s) -> bool:
    parts = [*s.hands, s.center, s.discard, s.stock, s.removed]
    return sum(parts) == ALL and all(a & b == 0 for i, a in enumerate(parts) for b in parts[i + 1:])


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31), choose=st.integers(0, 2**31),
       target=st.sampled_from([10, 15, 20, "one_hand"]), remove=st.booleans())
def test_random_playouts(players, seed, choose, target, remove):
    rng = random.Random(choose)
    state = G.new_game(players, seed, {"target": target, "two_player_remove_suits": remove})
    log = []
    steps = 0
    while not state.is_over:
        assert conserved(state)
        actions = G.legal_actions(state)
        assert actions, "a live game always has a legal action"
        for a in actions:
            assert G.check(state, a) is None
        action = actions[rng.randrange(len(actions))]
        log.append(G.to_notation(action))
        state, events = G.apply(state, action)
        assert events
        steps += 1
        assert steps < 20_000, "the game must terminate"
    assert conserved(state)
    assert G.winners(state) and max(G.scores(state)) >= (1 if target == "one_hand" else target) or \
        target == "one_hand"
    replay = G.new_game(players, seed, {"target": target, "two_player_remove_suits": remove})
    for text in log:
        replay, _ = G.apply(replay, G.from_notation(replay, text))
    assert G.state_to_json(replay) == G.state_to_json(state)
    assert G.view(replay, 0) == G.view(state, 0)
    assert G.view(replay, 0).to_json() == G.view(state, 0).to_json()
    assert G.state_from_json(G.state_to_json(state)) == state
