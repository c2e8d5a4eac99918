"""The kit shape: every game is found from one registration, and generic code names no game.

"Generic code" is everything in gm/ outside gm/games/, the generic locale files and the prompts. For every
registered game, none of it may name the game, its event kinds, its decision kinds or the keys of its view
(the keys a generic summary does not have) — not even in a comment. Names with an underscore and the game's
names are searched as whole words everywhere; single plain words ("played", "hand") only where they would
be read as data: Python string literals and template placeholders.
"""

from __future__ import annotations

import ast
import io
import json
import random
import re
import subprocess
import sys
import tokenize
from dataclasses import fields
from pathlib import Path

import pytest

from engine import Summary
from gm import games
from gm.text import fold

ROOT = Path(__file__).resolve().parent.parent
GM = ROOT / "gm"


def generic_files() -> list[Path]:
    out = [p for p in GM.rglob("*.py") if "games" not in p.relative_to(GM).parts]
    out += sorted((GM / "locales").glob("*.toml")) + sorted((ROOT / "prompts").glob("*.md"))
    return out


def game_words(kit: games.Kit) -> tuple[set[str], set[str]]:
    """(names searched everywhere, plain words searched in literals) of one game."""
    everywhere = {kit.name, kit.name.replace("-", "_"), fold(kit.title), kit.folder.name}
    plain: set[str] = set()
    game = kit.engine
    if game is not None:
        seen: set[str] = set()
        generic = {f.name for f in fields(Summary)} | {"game"}
        rng = random.Random(7)
        for seed in range(3):
            state = game.new_game(players=game.min_players + seed % 2, seed=seed)
            while True:
                seen.add(state.decision.kind)
                for seat in [None, *range(len(game.scores(state)))]:
                    seen |= set(game.view(state, seat).to_json()) - generic
                if state.is_over:
                    break
                actions = game.legal_actions(state)
                state, events = game.apply(state, actions[rng.randrange(len(actions))])
                seen |= {str(game.event_to_json(e)["kind"]) for e in events}
        for word in seen:
            (everywhere if "_" in word or "-" in word else plain).add(word)
    return everywhere, plain


def literals(path: Path) -> list[str]:
    """The string literals of a Python file (docstrings included), or the placeholders and keys of a
    template file."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        out = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING:
                try:
                    value = ast.literal_eval(tok.string)
                except (ValueError, SyntaxError):  # f-strings
                    value = tok.string
                out.append(str(value))
        return out
    return re.findall(r"\{(\w+)", text) + re.findall(r"^(\w+)\s*=", text, re.M)


@pytest.mark.parametrize("name", games.names())
def test_generic_code_names_no_game(name: str) -> None:
    everywhere, plain = game_words(games.get(name))
    found = []
    for path in generic_files():
        text = fold(path.read_text(encoding="utf-8"))
        for word in everywhere:
            if re.search(rf"(?<![\w-]){re.escape(fold(word))}(?![\w-])", text):
                found.append((str(path.relative_to(ROOT)), word))
        for lit in literals(path):
            for word in plain:
                if lit.strip().lower() == word:
                    found.append((str(path.relative_to(ROOT)), repr(word)))
    assert not found, found


def test_the_check_would_catch_a_game_name() -> None:
    everywhere, plain = game_words(games.get(games.playable()[0]))
    assert games.playable()[0] in everywhere and plain  # event kinds and view keys were collected
    kit = games.get(games.playable()[0])
    bad = f'if kind == "{sorted(plain)[0]}":  # {kit.title}\n'
    assert any(lit == sorted(plain)[0] for lit in literals_of_text(bad))


def literals_of_text(text: str) -> list[str]:
    return [str(ast.literal_eval(tok.string)) for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.STRING]


def test_one_registration_finds_everything() -> None:
    for kit in games.kits():
        assert kit.languages == ("en", "de", "fr"), kit.name  # every game has its rules digest
        if kit.engine is None:
            assert not kit.playable
            continue
        info = kit.info
        assert info.name == kit.name and kit.parser is not None and kit.code_pattern is not None
        assert set(kit.engine.bots) == set(info.bots) and info.default_bot in info.bots
        state = kit.engine.new_game(players=info.min_players, seed=1)
        view = kit.engine.view(state, state.decision.player)
        assert kit.board_lines(view, "en", ["A", "B"]) and kit.hand_lines(view, "en")
        assert kit.describe_action(kit.engine.legal_actions(state)[0], "de")
        assert kit.completions(view) and kit.status(view, "fr")
        # the codes of the game's hidden things are matched by the pattern the model's text is checked with
        for held in kit.engine.holdings(state, 0):
            assert kit.code_pattern.fullmatch(held), held
    assert games.playable() == ["odin", "name-of-odin", "jorvik"]


def gm(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gm.cli", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_play_options_come_from_the_game_descriptor() -> None:
    out = gm("play", "odin", "--help").stdout
    assert "--target" in out and "--two-player-remove-suits" in out and "greedy" in out
    assert "one_hand" in out and "default 15" in out
    bad = gm("play", "odin", "--target", "12", "--players", "Ana,bot")
    assert bad.returncode == 2 and "target must be" in bad.stderr


def test_a_kit_without_an_engine_answers_questions_but_is_not_playable(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    # every registered game has an engine now, so a kit of rules alone (ODIN's digest under another name) stands in
    from gm.cli import main
    from gm.kit import Kit

    kit = Kit("rules-only", "Rules Only", Path(games.get("odin").folder))
    games.register(kit)
    try:
        assert not kit.playable and "rules-only" not in games.playable()
        assert main(["--db", f"sqlite:///{tmp_path / 'gm.sqlite3'}", "play", "rules-only", "--players",
                     "Ana,Ben"]) == 2
        out = capsys.readouterr()
        assert "not be played" in out.err + out.out or "cannot be played" in out.err + out.out
        assert main(["ask", "--game", "rules-only", "--json", "how many players?"]) == 0
        assert json.loads(capsys.readouterr().out)["sections"]
    finally:
        games.unregister("rules-only")
