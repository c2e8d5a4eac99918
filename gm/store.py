"""Saves as an event log (sqlmodel): campaigns, games, and one row per accepted action.

A game row holds the game's name, seats, options and seed, and a snapshot of the state after the last
action. Each action row holds the action in notation and a hash chained over every earlier row, so an
edited or deleted row is detected. Appending an action and updating the snapshot happen in one
transaction, before the game master answers. Loading replays the log from the seed through the engine and
checks the chain and the snapshot; anything that does not add up is refused with a clear message.

SQLite at saves/gm.sqlite3 by default; any SQLAlchemy URL through GM_DATABASE_URL.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event, func
from sqlmodel import Field, Session, SQLModel, create_engine, select

from engine import EngineError, load_game

DEFAULT_DB = Path("saves") / "gm.sqlite3"
EXPORT_FORMAT = "viking-gm/game"
EXPORT_VERSION = 1


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
    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    ply: int
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


def database_url(url: str | None = None) -> str:
    url = url or os.environ.get("GM_DATABASE_URL") or ""
    if url:
        return url
    DEFAULT_DB.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{DEFAULT_DB}"


class Store:
    """All reads and writes of saves."""

    def __init__(self, url: str | None = None) -> None:
        self.url = database_url(url)
        if self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
            Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(self.url)
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        SQLModel.metadata.create_all(self.engine)

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
            return list(s.exec(select(Campaign).order_by(Campaign.created_at)))

    def standings(self, campaign_id: int) -> dict[str, dict[str, float]]:
        """Per player name: games finished, wins (a shared win counts as a share) and total points."""
        out: dict[str, dict[str, float]] = {}
        with Session(self.engine) as s:
            rows = s.exec(select(GameRow).where(GameRow.campaign_id == campaign_id, GameRow.status == "over"))
            for g in rows:
                seats = json.loads(g.seats_json)
                result = json.loads(g.result_json or "{}")
                winners = result.get("winners", [])
                for i, seat in enumerate(seats):
                    row = out.setdefault(seat["name"], {"games": 0, "wins": 0.0, "points": 0})
                    row["games"] += 1
                    row["points"] += result.get("scores", [0] * len(seats))[i]
                    if i in winners:
                        row["wins"] += 1 / len(winners)
        return out

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
        chain = chain_hash(previous_chain, ply, seat, notation)
        with Session(self.engine) as s:
            g = s.get(GameRow, game_id)
            if g is None:
                raise SaveError(f"game {game_id} is not in the save")
            if g.ply != ply:
                raise SaveError(f"game {game_id} was changed elsewhere (it is at move {g.ply}, not {ply})")
            s.add(ActionRow(game_id=game_id, ply=ply, seat=seat, notation=notation, chain=chain))
            g.ply = ply + 1
            g.snapshot = state_json
            g.updated_at = now()
            if over:
                g.status = "over"
                g.result_json = json.dumps(result or {})
            s.add(g)
            s.commit()
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
            return list(s.exec(q.order_by(GameRow.updated_at.desc(), GameRow.id.desc())))  # type: ignore[union-attr]

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
            rows = list(s.exec(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.ply)))
            campaign = s.get(Campaign, g.campaign_id).name if g.campaign_id else None  # type: ignore[union-attr]
        try:
            seats = json.loads(g.seats_json)
            options = json.loads(g.options_json)
            game = load_game(g.game)
        except (ValueError, EngineError) as exc:
            raise SaveError(f"game {game_id} is damaged: its header cannot be read ({exc})") from exc
        if g.ply != len(rows):
            raise SaveError(f"game {game_id} is damaged: the snapshot is at move {g.ply} but the log holds "
                            f"{len(rows)} moves (a row was removed or added)")
        try:
            state = game.new_game(players=len(seats), seed=g.seed, options=options)
        except EngineError as exc:
            raise SaveError(f"game {game_id} is damaged: its set-up is invalid ({exc})") from exc
        chain = GENESIS
        log: list[tuple[int, str]] = []
        for i, row in enumerate(rows):
            if row.ply != i:
                raise SaveError(f"game {game_id} is damaged: move {i} is missing from the log")
            expected = chain_hash(chain, row.ply, row.seat, row.notation)
            if row.chain != expected:
                raise SaveError(f"game {game_id} is damaged: move {i} ({row.notation!r}) was edited")
            if state.decision.player != row.seat:
                raise SaveError(f"game {game_id} is damaged: move {i} is by the wrong seat")
            try:
                action = game.from_notation(state, row.notation)
            except EngineError as exc:
                raise SaveError(f"game {game_id} is damaged: move {i} ({row.notation!r}) is not legal "
                                f"there ({exc})") from exc
            state, _ = game.apply(state, action)
            chain = expected
            log.append((row.seat, row.notation))
        if g.snapshot and game.state_to_json(state) != g.snapshot:
            raise SaveError(f"game {game_id} is damaged: replaying its log does not give the saved position")
        return LoadedGame(id=game_id, game=g.game, seats=seats, options=options, seed=g.seed, state=state,
                          log=log, campaign=campaign, status=g.status, chain=chain)

    # ---- export / import -----------------------------------------------------------------------------

    def export_game(self, game_id: int) -> dict[str, Any]:
        return export_doc(self.load(game_id))

    def import_game(self, doc: Any) -> int:
        """Import an exported game (replayed and checked first); returns the new game id."""
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise SaveError("this file is not a game exported by `gm export`")
        if doc.get("version") != EXPORT_VERSION:
            raise SaveError(f"export version {doc.get('version')!r} is not supported")
        try:
            game = load_game(str(doc["game"]))
            seats = list(doc["seats"])
            options = dict(doc["options"])
            seed = int(doc["seed"])
            state = game.new_game(players=len(seats), seed=seed, options=options)
            steps = []
            for i, item in enumerate(doc["actions"]):
                if state.decision.player != item["seat"]:
                    raise SaveError(f"move {i} is by the wrong seat")
                action = game.from_notation(state, str(item["notation"]))
                steps.append((item["seat"], game.to_notation(action)))
                state, _ = game.apply(state, action)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, EngineError) as exc:
            raise SaveError(f"the file cannot be imported: {exc}") from exc
        campaign_id = None
        if doc.get("campaign"):
            c = self.campaign(str(doc["campaign"])) or self.create_campaign(str(doc["campaign"]), game.name, seats)
            campaign_id = c.id
        start = game.new_game(players=len(seats), seed=seed, options=options)
        gid = self.create_game(game.name, seats, options, seed, game.state_to_json(start), campaign_id)
        state = start
        chain = GENESIS
        for ply, (seat, notation) in enumerate(steps):
            state, _ = game.apply(state, game.from_notation(state, notation))
            result = {"scores": game.scores(state), "winners": game.winners(state)} if state.is_over else None
            chain = self.append(gid, ply, seat, notation, chain, game.state_to_json(state), state.is_over, result)
        return gid


def export_doc(loaded: LoadedGame) -> dict[str, Any]:
    """A verified game as the JSON document `gm export` prints and `gm import` reads."""
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": loaded.game, "seats": loaded.seats,
            "options": loaded.options, "seed": loaded.seed, "campaign": loaded.campaign,
            "actions": [{"seat": seat, "notation": n} for seat, n in loaded.log]}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()
