"""Saves as an event log (sqlmodel): campaigns, games, and one row per accepted action.

A game row holds the game's name, seats, options and seed, and a snapshot of the state after the last
action. Each action row holds the action in notation and a hash chained over every earlier row, so an
edited or deleted row is detected. The actions of one utterance ("play R7, then take B3") form a *unit*:
they are appended together with the new snapshot in one transaction, before the game master answers, and
each row records the ply its unit starts at (`unit`), so undo can take the unit back whole. Loading replays
the log from the seed through the engine (`engine.core.replay`, the one way a log becomes a position) and
checks the chain and the snapshot; anything that does not add up is refused with a clear message. Importing
replays the file the same way and writes the game and all its actions in one transaction.

The schema is versioned with alembic (`gm/migrations`); opening a Store brings any database up to date.
SQLite at saves/gm.sqlite3 by default; any SQLAlchemy URL through GM_DATABASE_URL (`gm.settings`).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict

from sqlalchemy import UniqueConstraint, event, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Field, Session, SQLModel, col, create_engine, select

from engine import AnyGame, EngineError, OptionsError, ReplayError, replay
from gm.settings import get_settings, hide_url_password

DEFAULT_DB = Path("saves") / "gm.sqlite3"
EXPORT_FORMAT = "viking-gm/game"
EXPORT_VERSION = 1
log = logging.getLogger(__name__)


class SaveError(Exception):
    """A save that cannot be used: missing, corrupt or from a foreign format. The message says which."""


def now() -> datetime:
    return datetime.now(UTC)


class Campaign(SQLModel, table=True):
    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    game: str
    seats_json: str  # the table: [{"name", "kind", "bot", "lang"}]
    created_at: datetime = Field(default_factory=now)


class GameRow(SQLModel, table=True):
    __tablename__ = "game"
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id", index=True)
    game: str
    seats_json: str
    options_json: str
    seed: int
    status: str = "playing"  # playing | over
    ply: int = 0
    snapshot: str = ""
    result_json: str = ""
    created_at: datetime = Field(default_factory=now)
    updated_at: datetime = Field(default_factory=now)


class ActionRow(SQLModel, table=True):
    __tablename__ = "action"
    __table_args__ = (UniqueConstraint("game_id", "ply", name="uq_action_game_id_ply"),)
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    ply: int
    unit: int  # the ply of the first action of the unit (one utterance) this action belongs to
    seat: int
    notation: str
    chain: str
    created_at: datetime = Field(default_factory=now)


def chain_hash(previous: str, ply: int, seat: int, notation: str) -> str:
    return hashlib.sha256(f"{previous}|{ply}|{seat}|{notation}".encode()).hexdigest()[:32]


GENESIS = "genesis"


@dataclass
class LoadedGame:
    """A game read back from the store, replayed and verified."""

    id: int
    game: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    seed: int
    state: Any
    log: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation) per ply
    campaign: str | None = None
    status: str = "playing"
    chain: str = GENESIS
    units: list[int] = field(default_factory=list)  # per ply (parallel to log): the ply its unit starts at


class StandingRow(TypedDict):
    """One player's line in a campaign: games finished, wins (a shared win counts as a share), points."""

    games: int
    wins: float
    points: int


class Standings(dict[str, StandingRow]):
    """Per player name, a :class:`StandingRow`; `lower_score_wins` says how the campaign's game ranks points."""

    def __init__(self, rows: dict[str, StandingRow] | None = None, lower_score_wins: bool = False) -> None:
        super().__init__(rows or {})
        self.lower_score_wins = lower_score_wins

    def ranked(self) -> list[tuple[str, StandingRow]]:
        """Best first: most wins, then the best points total by the game's order, then by name."""
        sign = 1 if self.lower_score_wins else -1
        return sorted(self.items(), key=lambda item: (-item[1]["wins"], sign * item[1]["points"], item[0]))


def database_url(url: str | None = None) -> str:
    """`url`, else GM_DATABASE_URL (through gm.settings), else SQLite at saves/gm.sqlite3."""
    url = url or get_settings().database_url or ""
    if url:
        return url
    DEFAULT_DB.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DEFAULT_DB}"


def check_units(units: Sequence[int]) -> int | None:
    """The first ply whose unit is impossible (each unit starts at its own ply and runs on), or None."""
    for i, unit in enumerate(units):
        if unit != i and (i == 0 or unit != units[i - 1]):
            return i
    return None


def game_engine(name: str) -> AnyGame:
    """The engine of a registered game (through its kit); OptionsError when the game has none."""
    from gm import games

    try:
        game = games.get(name).engine
    except LookupError as exc:
        raise OptionsError(str(exc)) from exc
    if game is None:
        raise OptionsError(f"{name!r} has no engine yet")
    return game


class Store:
    """All reads and writes of saves."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        if self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(self.url)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        from gm.migrations import MigrationError, upgrade

        try:
            upgraded = upgrade(self.engine, self.url)
        except MigrationError as exc:
            raise SaveError(f"the save at {hide_url_password(self.url)} cannot be used: {exc}") from exc
        log.debug("opened %s%s", hide_url_password(self.url), " (schema upgraded)" if upgraded else "")

    # ---- campaigns -----------------------------------------------------------------------------------

    def campaign(self, name: str) -> Campaign | None:
        with Session(self.engine) as s:
            return s.exec(select(Campaign).where(Campaign.name == name)).first()

    def create_campaign(self, name: str, game: str, seats: list[dict[str, Any]]) -> Campaign:
        with Session(self.engine) as s:
            c = Campaign(name=name, game=game, seats_json=json.dumps(seats))
            s.add(c)
            s.commit()
            s.refresh(c)
            return c

    def campaigns(self) -> list[Campaign]:
        with Session(self.engine) as s:
            return list(s.exec(select(Campaign).order_by(col(Campaign.created_at))))

    def standings(self, campaign_id: int) -> Standings:
        """Per player name: games finished, wins (a shared win counts as a share) and total points; the
        result's `lower_score_wins` comes from the campaign's game (engine GameInfo)."""
        out: dict[str, StandingRow] = {}
        with Session(self.engine) as s:
            c = s.get(Campaign, campaign_id)
            rows = s.exec(select(GameRow).where(GameRow.campaign_id == campaign_id, GameRow.status == "over")
                          .order_by(col(GameRow.id)))
            for g in rows:
                seats = json.loads(g.seats_json)
                result = json.loads(g.result_json or "{}")
                winners = result.get("winners", [])
                scores = result.get("scores", [0] * len(seats))
                for i, seat in enumerate(seats):
                    row = out.setdefault(seat["name"], {"games": 0, "wins": 0.0, "points": 0})
                    row["games"] += 1
                    row["points"] += scores[i] if i < len(scores) else 0
                    if i in winners:
                        row["wins"] += 1 / len(winners)
        return Standings(out, _lower_score_wins(c.game if c else None))

    def standings_sorted(self, campaign_id: int) -> list[tuple[str, StandingRow]]:
        """The campaign's standings, best first: most wins, then the best points by the game's order."""
        return self.standings(campaign_id).ranked()

    # ---- games ---------------------------------------------------------------------------------------

    def create_game(self, game: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: int,
                    state_json: str, campaign_id: int | None = None) -> int:
        with Session(self.engine) as s:
            g = GameRow(game=game, seats_json=json.dumps(seats), options_json=json.dumps(options), seed=seed,
                        snapshot=state_json, campaign_id=campaign_id)
            s.add(g)
            s.commit()
            s.refresh(g)
            assert g.id is not None
            return g.id

    def append(self, game_id: int, ply: int, seat: int, notation: str, previous_chain: str, state_json: str,
               over: bool = False, result: dict[str, Any] | None = None) -> str:
        """Append one accepted action and the new snapshot in one transaction; returns the new chain hash."""
        return self.append_unit(game_id, ply, [(seat, notation)], previous_chain, state_json, over, result)

    def append_unit(self, game_id: int, first_ply: int, steps: Sequence[tuple[int, str]], previous_chain: str,
                    state_json: str, over: bool = False, result: dict[str, Any] | None = None) -> str:
        """Append the actions of one unit ((seat, notation) each, from `first_ply` on) and the snapshot after
        the last of them, all in one transaction; returns the chain hash after the last action."""
        if not steps:
            raise ValueError("a unit holds at least one action")
        chain = previous_chain
        rows = []
        for i, (seat, notation) in enumerate(steps):
            chain = chain_hash(chain, first_ply + i, seat, notation)
            rows.append(ActionRow(game_id=game_id, ply=first_ply + i, unit=first_ply, seat=seat, notation=notation,
                                  chain=chain))
        with Session(self.engine) as s:
            g = s.get(GameRow, game_id)
            if g is None:
                raise SaveError(f"game {game_id} is not in the save")
            if g.ply != first_ply:
                raise SaveError(f"game {game_id} was changed elsewhere (it is at move {g.ply}, not {first_ply})")
            s.add_all(rows)
            g.ply = first_ply + len(steps)
            g.snapshot = state_json
            g.updated_at = now()
            if over:
                g.status = "over"
                g.result_json = json.dumps(result or {})
            s.add(g)
            try:
                s.commit()
            except IntegrityError as exc:  # another writer saved the same ply first
                raise SaveError(f"game {game_id} was changed elsewhere (move {first_ply} was saved by another "
                                f"writer)") from exc
        log.debug("game %d: saved plies %d-%d%s", game_id, first_ply, first_ply + len(steps) - 1,
                  " (game over)" if over else "")
        return chain

    def truncate(self, game_id: int, ply: int, state_json: str) -> None:
        """Drop every action from `ply` on (undo) and store the matching snapshot, in one transaction."""
        with Session(self.engine) as s:
            g = s.get(GameRow, game_id)
            if g is None:
                raise SaveError(f"game {game_id} is not in the save")
            for row in s.exec(select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.ply >= ply)):
                s.delete(row)
            g.ply = ply
            g.snapshot = state_json
            g.status = "playing"
            g.result_json = ""
            g.updated_at = now()
            s.add(g)
            s.commit()
        log.debug("game %d: took back every move from ply %d on", game_id, ply)

    def delete_game(self, game_id: int) -> bool:
        with Session(self.engine) as s:
            g = s.get(GameRow, game_id)
            if g is None:
                return False
            for row in s.exec(select(ActionRow).where(ActionRow.game_id == game_id)):
                s.delete(row)
            s.delete(g)
            s.commit()
            return True

    def delete_campaign(self, name: str) -> bool:
        c = self.campaign(name)
        if c is None:
            return False
        for g in self.games(campaign_id=c.id):
            assert g.id is not None
            self.delete_game(g.id)
        with Session(self.engine) as s:
            row = s.get(Campaign, c.id)
            if row is not None:
                s.delete(row)
                s.commit()
        return True

    def games(self, campaign_id: int | None = None) -> list[GameRow]:
        with Session(self.engine) as s:
            q = select(GameRow)
            if campaign_id is not None:
                q = q.where(GameRow.campaign_id == campaign_id)
            return list(s.exec(q.order_by(col(GameRow.updated_at).desc(), col(GameRow.id).desc())))

    def latest_game(self, campaign_id: int | None = None, playing_only: bool = False) -> GameRow | None:
        for g in self.games(campaign_id):
            if not playing_only or g.status == "playing":
                return g
        return None

    def action_count(self, game_id: int) -> int:
        with Session(self.engine) as s:
            return s.exec(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)).one()

    def campaign_name(self, campaign_id: int | None) -> str | None:
        if campaign_id is None:
            return None
        with Session(self.engine) as s:
            c = s.get(Campaign, campaign_id)
            return c.name if c else None

    def load(self, game_id: int) -> LoadedGame:
        """Read a game, replay its log from the seed through the engine and verify it against the snapshot."""
        with Session(self.engine) as s:
            g = s.get(GameRow, game_id)
            if g is None:
                raise SaveError(f"there is no game {game_id} in the save")
            rows = list(s.exec(select(ActionRow).where(ActionRow.game_id == game_id).order_by(col(ActionRow.ply))))
            campaign = s.get(Campaign, g.campaign_id).name if g.campaign_id else None  # type: ignore[union-attr]
        try:
            seats = json.loads(g.seats_json)
            options = json.loads(g.options_json)
            game = game_engine(g.game)
        except (ValueError, EngineError) as exc:
            raise SaveError(f"game {game_id} is damaged: its header cannot be read ({exc})") from exc
        if g.ply != len(rows):
            raise SaveError(f"game {game_id} is damaged: the snapshot is at move {g.ply} but the log holds "
                            f"{len(rows)} moves (a row was removed or added)")
        chain = GENESIS
        log_: list[tuple[int, str]] = []
        units: list[int] = []
        for i, row in enumerate(rows):
            if row.ply != i:
                raise SaveError(f"game {game_id} is damaged: move {i} is missing from the log")
            expected = chain_hash(chain, row.ply, row.seat, row.notation)
            if row.chain != expected:
                raise SaveError(f"game {game_id} is damaged: move {i} ({row.notation!r}) was edited")
            chain = expected
            log_.append((row.seat, row.notation))
            units.append(row.unit)
        bad = check_units(units)
        if bad is not None:
            raise SaveError(f"game {game_id} is damaged: move {bad} belongs to no unit of moves")
        state = _replay(game, len(seats), g.seed, options, log_, f"game {game_id} is damaged")
        if g.snapshot and game.state_to_json(state) != g.snapshot:
            raise SaveError(f"game {game_id} is damaged: replaying its log does not give the saved position")
        log.debug("game %d: loaded and verified %d moves", game_id, len(rows))
        return LoadedGame(id=game_id, game=g.game, seats=seats, options=options, seed=g.seed, state=state,
                          log=log_, campaign=campaign, status=g.status, chain=chain, units=units)

    # ---- export / import -----------------------------------------------------------------------------

    def export_game(self, game_id: int) -> dict[str, Any]:
        return export_doc(self.load(game_id))

    def import_game(self, doc: Any) -> int:
        """Import an exported game: replayed and checked first, then the game, its actions (and its campaign
        when new) written in one transaction, all or nothing; returns the new game id."""
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise SaveError("this file is not a game exported by `gm export`")
        if doc.get("version") != EXPORT_VERSION:
            raise SaveError(f"export version {doc.get('version')!r} is not supported")
        try:
            game = game_engine(str(doc["game"]))
            seats = list(doc["seats"])
            options = dict(doc["options"])
            seed = int(doc["seed"])
            items = list(doc["actions"])
            moves = [(int(item["seat"]), str(item["notation"])) for item in items]
            units = [int(item.get("unit", i)) for i, item in enumerate(items)]
        except (KeyError, TypeError, ValueError, AttributeError, EngineError) as exc:
            raise SaveError(f"the file cannot be imported: {exc}") from exc
        bad = check_units(units)
        if bad is not None:
            raise SaveError(f"the file cannot be imported: move {bad} belongs to no unit of moves")
        steps: list[tuple[int, str]] = []
        state = _replay(game, len(seats), seed, options, moves, "the file cannot be imported", steps)
        over = bool(state.is_over)
        result = {"scores": game.scores(state), "winners": game.winners(state)} if over else None
        name = str(doc["campaign"]) if doc.get("campaign") else None
        with Session(self.engine) as s:
            campaign_id = None
            if name is not None:
                c = s.exec(select(Campaign).where(Campaign.name == name)).first()
                if c is None:
                    c = Campaign(name=name, game=game.name, seats_json=json.dumps(seats))
                    s.add(c)
                    s.flush()
                campaign_id = c.id
            g = GameRow(game=game.name, seats_json=json.dumps(seats), options_json=json.dumps(options), seed=seed,
                        campaign_id=campaign_id, ply=len(steps), snapshot=game.state_to_json(state),
                        status="over" if over else "playing", result_json=json.dumps(result) if over else "")
            s.add(g)
            s.flush()
            assert g.id is not None
            gid: int = g.id
            chain = GENESIS
            for ply, ((seat, notation), unit) in enumerate(zip(steps, units, strict=True)):
                chain = chain_hash(chain, ply, seat, notation)
                s.add(ActionRow(game_id=gid, ply=ply, unit=unit, seat=seat, notation=notation, chain=chain))
            s.commit()
        log.debug("imported game %d (%d moves)", gid, len(steps))
        return gid


def export_doc(loaded: LoadedGame) -> dict[str, Any]:
    """A verified game as the JSON document `gm export` prints and `gm import` reads."""
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": loaded.game, "seats": loaded.seats,
            "options": loaded.options, "seed": loaded.seed, "campaign": loaded.campaign,
            "actions": [{"seat": seat, "notation": n, "unit": unit}
                        for (seat, n), unit in zip(loaded.log, loaded.units or range(len(loaded.log)), strict=True)]}


def _replay(game: Any, players: int, seed: int, options: dict[str, Any], moves: Sequence[tuple[int, str]],
            what: str, canonical: list[tuple[int, str]] | None = None) -> Any:
    """The position after `moves`, replayed through engine.core.replay; engine failures become SaveError
    ("<what>: move 3 ('pass') is not legal there (...)"). `canonical` collects (seat, canonical notation)."""
    state = None
    ply = 0
    try:
        for step in replay(game, players, seed, options, moves):
            state = step.after
            ply = step.ply + 1
            if canonical is not None:
                canonical.append((moves[step.ply][0], game.to_notation(step.action)))
        if state is None:
            state = game.new_game(players=players, seed=seed, options=options)
    except ReplayError as exc:
        raise SaveError(f"{what}: {exc}") from exc
    except OptionsError as exc:
        raise SaveError(f"{what}: its set-up is invalid ({exc})") from exc
    except EngineError as exc:
        raise SaveError(f"{what}: move {ply} cannot be replayed ({exc})") from exc
    return state


def _lower_score_wins(game: str | None) -> bool:
    if not game:
        return False
    try:
        return bool(game_engine(game).info.lower_score_wins)
    except EngineError:
        log.warning("no engine for game %r: its standings rank higher points first", game)
        return False


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()
