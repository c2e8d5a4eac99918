"""Playthrough text in the manner of OpenSpiel's integration_tests/playthroughs (pure: returns a string).

For every decision it records the acting seat's view, the legal actions in notation and the action taken,
so a change in any rule shows up as a diff of a readable file.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core import AnyGame, dumps


def playthrough(game: AnyGame, players: int, seed: int, options: dict[str, Any] | None = None,
                choose_seed: int = 0) -> str:
    state = game.new_game(players=players, seed=seed, options=options or {})
    rng = random.Random(choose_seed)
    lines = [f"game: {game.name}", f"players: {players}", f"seed: {seed}", f"options: {dumps(options or {})}",
             f"choose_seed: {choose_seed}", ""]
    step = 0
    while not state.is_over:
        d = state.decision
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        lines.append(f"# step {step}: seat {d.player} decides ({d.kind})")
        lines.append(f"view: {dumps(game.view(state, d.player).to_json())}")
        lines.append(f"legal: {' | '.join(game.to_notation(a) for a in actions)}")
        lines.append(f"action: {game.to_notation(action)}")
        state, events = game.apply(state, action)
        for event in events:
            lines.append(f"event: {dumps(game.event_to_json(event))}")
        lines.append("")
        step += 1
    lines.append(f"final view: {dumps(game.view(state, None).to_json())}")
    lines.append(f"scores: {game.scores(state)}")
    lines.append(f"winners: {game.winners(state)}")
    return "\n".join(lines) + "\n"
