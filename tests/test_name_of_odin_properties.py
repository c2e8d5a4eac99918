"""Property tests: random legal playouts end, conserve every component (Action Cards, Vikings, tokens,
Heroes, Buildings, Longships, Raids), never offer an action `check` refuses, and replay from their notation to
the same state, in every edition and player count."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import load_game
from engine.name_of_odin.game import NooState

G = load_game("name-of-odin")


def conserved(s: NooState, raids: int) -> None:
    cs = s.cs
    cards = [*s.deck, *s.discard, *s.offer, *s.table]
    for h in s.hands:
        cards.extend(i for i in range(cs.n_actions) if h >> i & 1)
    assert sorted(cards) == list(range(cs.n_actions)), "every Action Card is in exactly one place"
    for v in range(3):
        assert s.hall[v] + sum(x[v] for x in s.vikings) == cs.per_type, "Vikings"
        assert s.hall[v] >= 0 and all(x[v] >= 0 for x in s.vikings)
    assert s.cstock + sum(s.ctok) == cs.ctokens and s.cstock >= 0, "Construction Tokens"
    assert s.dstock + sum(x[1] for row in s.ships for x in row) == cs.dtokens and s.dstock >= 0, "Damage Tokens"
    heroes = [*s.hdeck, *(h for h in s.hoffer if h >= 0), *(h for h in s.heroes if h >= 0)]
    assert sorted(heroes) == list(range(len(cs.heroes))), "Heroes"
    blds = [*s.bdeck, *(b for b in s.boffer if b >= 0)]
    for m in s.blds:
        blds.extend(i for i in range(len(cs.buildings)) if m >> i & 1)
    assert sorted(blds) == list(range(len(cs.buildings))), "Buildings"
    ships = [*s.sdeck, *(x for x in s.soffer if x >= 0), *(x[0] for row in s.ships for x in row)]
    assert sorted(ships) == list(range(len(cs.ships))), "Longships"
    in_game = [*s.rdeck, *(r for r in s.sea if r >= 0), *(r for d in s.done for r in d)]
    assert len(in_game) == len(set(in_game)) == raids, "Raids"
    assert sorted([*(t for t in s.ztokens if t >= 0), *s.spare]) == [0, 1, 2], "Viking Tokens"
    assert all(r < 0 for r in s.sea[s.sea.index(-1):]) if -1 in s.sea else True, "raids move up"
    for p in range(s.players):
        limit = max([cs.limit] + [cs.buildings[i].limit for i in range(len(cs.buildings)) if s.blds[p] >> i & 1])
        if s.phase == 0:  # in the Action Phase nobody is over their limit
            assert sum(s.vikings[p]) <= limit
        types = [cs.buildings[i].type for i in range(len(cs.buildings)) if s.blds[p] >> i & 1]
        assert len(types) == len(set(types)) and s.ctok[p] + len(types) <= 5


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), choose=st.integers(0, 2**31),
       edition=st.sampled_from(["en", "de", "fr"]))
def test_random_playouts(players: int, seed: int, choose: int, edition: str) -> None:
    rng = random.Random(choose)
    options = {"edition": edition}
    state = G.new_game(players, seed, options)
    raids = state.cs.raid_deck[players]
    log = []
    steps = 0
    while not state.is_over:
        conserved(state, raids)
        actions = G.legal_actions(state)
        assert actions, "a live game always has a legal action"
        for a in actions:
            assert G.check(state, a) is None
        action = actions[rng.randrange(len(actions))]
        log.append(G.to_notation(action))
        state, events = G.apply(state, action)
        assert events
        steps += 1
        assert steps < 20_000, "the game must end"
    conserved(state, raids)
    assert sum(len(d) for d in state.done) == raids and G.winners(state)
    assert G.scores(state) == [x.total for x in G.final_scores(state)]
    again = G.new_game(players, seed, options)
    for text in log:
        again, _ = G.apply(again, G.from_notation(again, text))
    assert G.state_to_json(again) == G.state_to_json(state)
    assert G.state_from_json(G.state_to_json(state)) == state
