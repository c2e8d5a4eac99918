"""The engine contract (engine.core), checked for every game `engine.games()` finds; a new game package is
picked up with no edit here.

Each game is played out from seeded random positions (every player count, the options' choices in turn);
the checks then run on the positions and the logs of those playouts. Game-specific expectations belong in
that game's own tests (tests/test_<game>_*.py), not here.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import engine
from engine.core import (
    AnyGame,
    Decision,
    Game,
    GameInfo,
    Illegal,
    IllegalAction,
    NotationError,
    OptionsError,
    OptionSpec,
    ReplayError,
    Step,
    Summary,
    View,
    final_state,
    replay,
)

GAMES = engine.games()
MAX_PLIES = 20_000  # a game that is not over after this many decisions does not terminate
SEEDS_PER_PLAYER_COUNT = 3
MASTER_SEED = 20240611
ILLEGAL_SAMPLES = 6  # foreign actions tried per sampled position
SAMPLE_EVERY = 3  # the costlier per-action checks run on every third position
FULL_POOL_POSITIONS = 60  # positions tried against every action seen in the playouts

pytestmark = pytest.mark.parametrize("name", GAMES)


# ---- seeded playouts, shared by every check ---------------------------------------------------------------


@dataclass
class Playout:
    players: int
    seed: int
    options: dict[str, Any]
    log: list[tuple[int | None, str]]  # (seat, notation) per ply
    states: list[Any]  # states[i] is the position before ply i; states[-1] the last one
    events: list[list[Any]]  # events[i] came from ply i
    finished: bool  # reached is_over within MAX_PLIES
    stuck: bool  # a live position offered no legal action


def option_values(spec: OptionSpec) -> list[Any]:
    """The values to cycle through for one option: its choices, both booleans, or just the default."""
    if spec.choices:
        return list(spec.choices)
    if spec.type == "bool":
        return [spec.default, not spec.default]
    return [spec.default]


def options_for(game: AnyGame, i: int) -> dict[str, Any]:
    """The i-th combination of option values (every choice of every option comes up); defaults when the
    combination is refused as a whole."""
    opts = {spec.name: option_values(spec)[(i + k) % len(option_values(spec))]
            for k, spec in enumerate(game.info.options)}
    try:
        game.options(opts)
    except OptionsError:
        return {}
    return opts


def play_out(game: AnyGame, players: int, seed: int, options: dict[str, Any], rng: random.Random) -> Playout:
    state = game.new_game(players=players, seed=seed, options=options)
    out = Playout(players, seed, options, [], [state], [], False, False)
    while len(out.log) < MAX_PLIES:
        if state.is_over:
            out.finished = True
            break
        actions = game.legal_actions(state)
        if not actions:
            out.stuck = True
            break
        action = actions[rng.randrange(len(actions))]
        out.log.append((state.decision.player, game.to_notation(action)))
        state, events = game.apply(state, action)
        out.states.append(state)
        out.events.append(events)
    return out


@cache
def playouts(name: str) -> tuple[Playout, ...]:
    game = engine.load_game(name)
    rng = random.Random(f"{MASTER_SEED}:{name}")
    out = []
    i = 0
    for players in range(game.info.min_players, game.info.max_players + 1):
        for _ in range(SEEDS_PER_PLAYER_COUNT):
            out.append(play_out(game, players, rng.randrange(2**31), options_for(game, i), rng))
            i += 1
    return tuple(out)


def positions(name: str, every: int = 1) -> Iterator[tuple[Playout, int, Any]]:
    """(playout, ply, state) for every `every`-th position of every playout (always with the last one)."""
    for p in playouts(name):
        for i, state in enumerate(p.states):
            if i % every == 0 or i == len(p.states) - 1:
                yield p, i, state


@cache
def action_pool(name: str) -> tuple[tuple[str, Any], ...]:
    """Every action that was legal somewhere in the playouts, as (notation, action), one per notation."""
    game = engine.load_game(name)
    pool: dict[str, Any] = {}
    for _, _, state in positions(name):
        for a in game.legal_actions(state):
            pool.setdefault(game.to_notation(a), a)
    return tuple(sorted(pool.items()))


def nearby_actions(game: AnyGame, p: Playout, i: int) -> list[tuple[str, Any]]:
    """The actions legal in the positions around ply i of the same playout, as (notation, action): mostly
    near misses here (the same seat with much the same holdings a turn earlier or later)."""
    out: list[tuple[str, Any]] = []
    for j in range(max(0, i - 2 * p.players), min(len(p.states), i + 2 * p.players + 1)):
        if j != i:
            out.extend((game.to_notation(a), a) for a in game.legal_actions(p.states[j]))
    return out


def assert_refused(game: AnyGame, state: Any, legal: list[Any], candidates: list[tuple[str, Any]],
                   rng: random.Random, deep: int) -> None:
    """Each candidate (notation, action) is either offered by legal_actions or refused by check with an
    Illegal; `deep` of the refused ones are also tried with apply (IllegalAction, the state unchanged) and
    from_notation (NotationError)."""
    legal_text = {game.to_notation(a) for a in legal}
    refused: dict[str, Any] = {}
    check = game.check
    for text, a in candidates:
        if text in legal_text or text in refused:
            continue
        illegal = check(state, a)
        if not isinstance(illegal, Illegal):
            raise AssertionError(f"check accepts {text!r}, which legal_actions does not offer: "
                                 f"{game.state_to_json(state)}")
        refused[text] = a
    before = game.state_to_json(state)
    for text in rng.sample(sorted(refused), min(deep, len(refused))):
        illegal = check(state, refused[text])
        assert isinstance(illegal, Illegal) and isinstance(illegal.code, str) and illegal.code
        json.dumps(illegal.params)
        with pytest.raises(IllegalAction) as err:
            game.apply(state, refused[text])
        assert isinstance(err.value.illegal, Illegal)
        with pytest.raises(NotationError):
            game.from_notation(state, text)
        assert game.state_to_json(state) == before


def foreign_action(game: AnyGame, name: str, state: Any, rng: random.Random) -> str:
    """The notation of an action legal somewhere in the playouts but refused in `state`."""
    pool = action_pool(name)
    for text, a in rng.sample(pool, len(pool)):
        if game.check(state, a) is not None:
            return text
    raise AssertionError("no foreign action to try")


def strings_in(obj: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like structure: values, dict keys, items of lists and tuples."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            yield from strings_in(v)


def hash_or_none(value: Any) -> int | None:
    try:
        return hash(value)
    except TypeError:
        return None


def best_score(info: GameInfo, scores: list[int]) -> int:
    return min(scores) if info.lower_score_wins else max(scores)


# ---- the descriptor ---------------------------------------------------------------------------------------


def test_game_satisfies_the_protocol_and_info_is_consistent(name: str) -> None:
    game = engine.load_game(name)
    assert isinstance(game, Game)
    for member in ("options", "new_game", "legal_actions", "check", "apply", "to_notation", "parse_notation",
                   "from_notation", "view", "holdings", "reveals", "scores", "winners", "state_to_json",
                   "state_from_json", "scenario", "action_to_json", "action_from_json", "event_to_json"):
        assert callable(getattr(game, member)), member
    info = game.info
    assert isinstance(info, GameInfo)
    assert info.name == name == game.name and engine.load_game(name.upper()) is game
    assert game.title == info.title and info.title
    assert (game.min_players, game.max_players) == (info.min_players, info.max_players)
    assert 1 <= info.min_players <= info.max_players
    assert isinstance(info.lower_score_wins, bool) and isinstance(info.hidden_between_players, bool)
    assert info.bots and info.default_bot in info.bots
    assert set(game.bots) == set(info.bots) and len(set(info.bots)) == len(info.bots)
    assert all(callable(bot) for bot in game.bots.values())
    names = [spec.name for spec in info.options]
    assert len(set(names)) == len(names)
    assert game.options(None) == game.options({}) == info.defaults()
    for spec in info.options:
        assert isinstance(spec, OptionSpec) and spec.type in ("int", "bool", "str", "json_file")
        assert spec.choices == () or spec.default in spec.choices
        assert game.options({spec.name: spec.default})[spec.name] == spec.default
        for choice in spec.choices:
            assert game.options({spec.name: choice})[spec.name] == choice
            assert spec.convert(str(choice).lower() if isinstance(choice, bool) else str(choice)) == choice
    with pytest.raises(OptionsError):
        game.options({"no such option": 1})
    for players in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(OptionsError):
            game.new_game(players=players, seed=1)


def test_bots_choose_legal_actions(name: str) -> None:
    game = engine.load_game(name)
    rng = random.Random(f"{MASTER_SEED}:bots")
    for bot_name, bot in game.bots.items():
        state = game.new_game(players=game.info.min_players, seed=rng.randrange(2**31))
        plies = 0
        while not state.is_over and plies < MAX_PLIES:
            action = bot(state, rng)
            assert game.check(state, action) is None and action in game.legal_actions(state), bot_name
            state, _ = game.apply(state, action)
            plies += 1
        assert state.is_over, bot_name


# ---- decisions and termination ----------------------------------------------------------------------------


def test_playouts_terminate_and_decisions_agree_with_the_state(name: str) -> None:
    game = engine.load_game(name)
    for p in playouts(name):
        assert not p.stuck, f"a live position offered no legal action: {game.state_to_json(p.states[-1])}"
        assert p.finished, f"not over after {MAX_PLIES} decisions (players {p.players}, seed {p.seed})"
    for p, _, state in positions(name):
        d = state.decision
        assert isinstance(d, Decision) and isinstance(d.kind, str) and d.kind
        assert (d.player is None) == state.is_over
        assert d.player is None or 0 <= d.player < p.players
        assert (game.legal_actions(state) == []) == state.is_over
        json.dumps(d.to_json())
        assert all(isinstance(k, str) for k in d.facts)
        json.dumps(dict(d.facts))
        scores = game.scores(state)
        assert len(scores) == p.players and all(isinstance(s, int) for s in scores)
        winners = game.winners(state)
        assert all(0 <= w < p.players for w in winners)
        if not state.is_over:
            assert winners == []
        elif winners:
            assert all(scores[w] == best_score(game.info, scores) for w in winners)


def test_same_seed_same_start(name: str) -> None:
    game = engine.load_game(name)
    for p in playouts(name):
        again = game.new_game(players=p.players, seed=p.seed, options=p.options)
        assert again == p.states[0] and game.state_to_json(again) == game.state_to_json(p.states[0])


# ---- legality -------------------------------------------------------------------------------------------


def test_legal_actions_pass_check_and_foreign_ones_are_refused(name: str) -> None:
    game = engine.load_game(name)
    rng = random.Random(f"{MASTER_SEED}:foreign")
    pool = list(action_pool(name))
    for p, i, state in positions(name, SAMPLE_EVERY):
        legal = game.legal_actions(state)
        for a in legal:
            assert game.check(state, a) is None, (game.to_notation(a), game.state_to_json(state))
        candidates = nearby_actions(game, p, i) + rng.sample(pool, min(len(pool), 4 * ILLEGAL_SAMPLES))
        assert_refused(game, state, legal, candidates, rng, ILLEGAL_SAMPLES)
    # every action seen anywhere, against a few positions: check must not accept one the generator omits
    for _, _, state in rng.sample(list(positions(name)), FULL_POOL_POSITIONS):
        assert_refused(game, state, game.legal_actions(state), pool, rng, 1)


def test_apply_never_mutates_its_input(name: str) -> None:
    game = engine.load_game(name)
    for _, _, state in positions(name, SAMPLE_EVERY):
        if state.is_over:
            continue
        text = game.state_to_json(state)
        twin = copy.deepcopy(state)
        h = hash_or_none(state)
        for a in game.legal_actions(state):
            game.apply(state, a)
            assert game.state_to_json(state) == text, game.to_notation(a)
            assert state == twin and hash_or_none(state) == h, game.to_notation(a)


def test_events_and_actions_serialise(name: str) -> None:
    game = engine.load_game(name)
    for p in playouts(name):
        for events in p.events:
            for e in events:
                data = game.event_to_json(e)
                assert isinstance(data, dict)
                json.dumps(data)
                assert type(game.reveals(e)) is bool
    for _, _, state in positions(name, SAMPLE_EVERY):
        for a in game.legal_actions(state):
            data = game.action_to_json(a)
            assert isinstance(data, dict)
            assert game.action_from_json(data) == a
            assert game.action_from_json(json.loads(json.dumps(data))) == a


# ---- notation ---------------------------------------------------------------------------------------------


def test_notation_round_trips(name: str) -> None:
    game = engine.load_game(name)
    for _, _, state in positions(name, SAMPLE_EVERY):
        legal = game.legal_actions(state)
        texts = [game.to_notation(a) for a in legal]
        assert len(set(texts)) == len(texts), "two legal actions share a notation"
        for a, text in zip(legal, texts, strict=True):
            assert isinstance(text, str) and text == text.strip() and text
            assert game.from_notation(state, text) == a, text
            assert game.parse_notation(text) == a, text


# ---- serialisation and replay --------------------------------------------------------------------------


def test_state_json_round_trips(name: str) -> None:
    game = engine.load_game(name)
    for _, _, state in positions(name):
        text = game.state_to_json(state)
        assert isinstance(text, str)
        json.loads(text)
        again = game.state_from_json(text)
        assert again == state and game.state_to_json(again) == text


def test_replay_is_deterministic(name: str) -> None:
    game = engine.load_game(name)
    for p in playouts(name):
        last = game.state_to_json(p.states[-1])
        assert game.state_to_json(final_state(game, p.players, p.seed, p.options, p.log)) == last
        assert game.state_to_json(final_state(game, p.players, p.seed, p.options,
                                              [(None, text) for _, text in p.log])) == last
        steps = list(replay(game, p.players, p.seed, p.options, p.log))
        assert len(steps) == len(p.log)
        for i, step in enumerate(steps):
            assert isinstance(step, Step) and step.ply == i and step.seat == p.log[i][0]
            assert game.to_notation(step.action) == p.log[i][1]
            assert step.before == p.states[i] and step.after == p.states[i + 1]
            assert [game.event_to_json(e) for e in step.events] == [game.event_to_json(e) for e in p.events[i]]
    p = playouts(name)[0]
    assert final_state(game, p.players, p.seed, p.options, []) == p.states[0]


def test_replay_refuses_a_wrong_seat_or_an_illegal_move(name: str) -> None:
    game = engine.load_game(name)
    rng = random.Random(f"{MASTER_SEED}:replay")
    for p in playouts(name):
        k = rng.randrange(len(p.log))
        seat = p.log[k][0]
        assert seat is not None
        for wrong in {(seat + 1) % p.players, p.players} - {seat}:
            log = p.log[:k] + [(wrong, p.log[k][1])] + p.log[k + 1:]
            with pytest.raises(ReplayError) as err:
                final_state(game, p.players, p.seed, p.options, log)
            assert err.value.ply == k
        log = p.log[:k] + [(seat, foreign_action(game, name, p.states[k], rng))] + p.log[k + 1:]
        with pytest.raises(ReplayError) as err:
            final_state(game, p.players, p.seed, p.options, log)
        assert err.value.ply == k and isinstance(err.value.illegal, Illegal)
        log = p.log[:k] + [(seat, "\u00bfnot a move at all?")]
        with pytest.raises(ReplayError) as err:
            final_state(game, p.players, p.seed, p.options, log)
        assert err.value.ply == k
        with pytest.raises(ReplayError) as err:  # nothing may follow the end of the game
            final_state(game, p.players, p.seed, p.options, p.log + [(None, p.log[-1][1])])
        assert err.value.ply == len(p.log)


# ---- views and privacy ------------------------------------------------------------------------------------


def test_views_summarise_the_game(name: str) -> None:
    game = engine.load_game(name)
    for p, ply, state in positions(name, SAMPLE_EVERY):
        for viewer in [*range(p.players), None]:
            view = game.view(state, viewer)
            assert isinstance(view, View)
            s = view.summary
            assert isinstance(s, Summary)
            assert s.players == p.players and s.viewer == viewer
            assert s.decision == state.decision and s.is_over == state.is_over and s.ply == ply
            assert s.scores == tuple(game.scores(state)) and s.winners == tuple(game.winners(state))
            assert all(isinstance(label, str) and isinstance(text, str) for label, text in s.public)
            data = view.to_json()
            assert isinstance(data, dict)
            json.dumps(data)
            assert game.view(state, viewer).to_json() == data


def test_views_hide_what_other_seats_hold(name: str) -> None:
    game = engine.load_game(name)
    own_seen = 0
    for p, _, state in positions(name):
        held = [game.holdings(state, seat) for seat in range(p.players)]
        assert all(isinstance(h, frozenset) and all(isinstance(x, str) for x in h) for h in held)
        spectator = game.view(state, None).to_json()
        for viewer in [*range(p.players), None]:
            view = game.view(state, viewer)
            seen = set(strings_in(view.to_json())) | set(strings_in(dict(view.summary.decision.facts)))
            for label, text in view.summary.public:
                seen |= {label, text, *text.split()}
            for seat in range(p.players):
                if seat == viewer:
                    own_seen += bool(held[seat] & seen)
                    continue
                leaked = held[seat] & seen
                assert not leaked, f"seat {viewer} sees {sorted(leaked)} held by seat {seat}"
            if viewer is not None:
                data = view.to_json()
                private = set(view.summary.private)
                assert private <= set(data), f"private keys {sorted(private - set(data))} are not in the view"
                assert not private & set(spectator), f"a spectator sees the private keys {sorted(private)}"
                undeclared = set(data) - set(spectator) - private
                assert not undeclared, f"keys only seat {viewer} sees are not declared private: {undeclared}"
    if game.info.hidden_between_players:
        # the check above compares like with like: a seat's holdings are written as its own view writes them
        assert own_seen, "no seat ever sees its own holdings in its view"
