"""Saves as an event log (sqlmodel): campaigns, games, and one row per accepted action.

A game row holds the game's name, seats, options and seed (its *header*), and a snapshot of the state after
the last action. Each action row holds the action in notation and a hash chained over every earlier row,
starting from a *genesis* hash of the header, so an edited, removed or added row, or a header whose seats,
options or seed were changed, is detected. The actions of one utterance ("play R7, then take B3") form a
*unit*: they are appended together with the new snapshot in one transaction, before the game master
answers, and each row records the ply its unit starts at (`unit`), so undo can take the unit back whole.

Two sessions may hold the same game (two windows, two computers on one club database). Appending and
taking back are atomic and exclusive: in one transaction the game row is moved on only if it is still at the
ply the session thinks and its last chain hash is the session's (an optimistic version check; the unique
(game, ply) key backs it), else nothing is written and `GameMovedOn` (or `GameGone` for a deleted game)
tells the session to reload. Game ids are never reused.

Loading replays the log from the seed through the engine (`engine.core.replay`, the one way a log becomes a
position) and checks the header, the chain and the snapshot; anything that does not add up is refused with
a clear message naming the game. A game's status, result and a campaign's standings are derived from that
replay, never read from columns that could have been edited. Importing validates the whole document
(pydantic), replays it the same way and writes the game and all its actions in one transaction.

The schema is versioned with alembic (`gm/migrations`); opening a Store brings any database up to date.
SQLite at saves/gm.sqlite3 by default; any SQLAlchemy URL through GM_DATABASE_URL (`gm.settings`).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypedDict

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    field_validator,
)
from pydantic import Field as Check
from sqlalchemy import Connection, UniqueConstraint, delete, event, text, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, col, create_engine, func, select

from engine import AnyGame, EngineError, OptionsError, ReplayError, replay
from engine.core import shown
from gm.settings import get_settings, hide_url_password
from gm.text import LANGS

DEFAULT_DB = Path("saves") / "gm.sqlite3"
EXPORT_FORMAT = "viking-gm/game"
PUBLIC_FORMAT = "viking-gm/public-record"
EXPORT_VERSION = 1
MAX_SEED = 2**63  # seeds are 0 <= seed < 2**63 (a signed 64-bit column on every database)
MAX_NAME = 24  # a seat's name
MAX_CAMPAIGN = 64  # a campaign's name
MAX_ACTIONS = 100_000  # moves in one imported game
log = logging.getLogger(__name__)


class SaveError(Exception):
    """A save that cannot be used: missing, corrupt or from a foreign format. The message says which."""


class GameMovedOn(SaveError):
    """Another session saved a move in this game, or took one back, first: nothing was written; reload."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"game {game_id} was changed elsewhere ({detail})")
        self.game_id = game_id


class GameGone(SaveError):
    """The game was deleted (by another session or `gm delete`) while this one held it."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} is no longer in the save (it was deleted)")
        self.game_id = game_id


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
    __table_args__ = {"sqlite_autoincrement": True}  # an id is never given to a second game (0003)
    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int | None = Field(default=None, foreign_key="campaign.id", index=True)
    game: str
    seats_json: str
    options_json: str
    seed: int
    status: str = "playing"  # playing | over: written for people reading the database, never read back
    ply: int = 0
    snapshot: str = ""
    result_json: str = ""  # likewise: results are derived from the replayed log
    genesis: str = ""  # the genesis hash of the header when the game was created (0004)
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


GENESIS = "genesis"  # the first link of the chains saved before migration 0004 (now: `genesis(header)`)


def chain_hash(previous: str, ply: int, seat: int, notation: str) -> str:
    return hashlib.sha256(f"{previous}|{ply}|{seat}|{notation}".encode()).hexdigest()[:32]


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def normal_seat(seat: Mapping[str, Any]) -> dict[str, Any]:
    """A seat with all four keys (what `Seat` holds), for hashing and export."""
    return {"name": seat.get("name"), "kind": seat.get("kind", "human"), "bot": seat.get("bot"),
            "lang": seat.get("lang")}


def genesis(game_id: int, game: str, seats: Sequence[Mapping[str, Any]], options: Mapping[str, Any],
            seed: int) -> str:
    """The chain's first link: a hash of the game's header (its id, game, seats, options and seed), so a
    swapped seat or an edited seed breaks the chain. Migration 0004 holds a frozen copy of this function."""
    header = {"id": game_id, "game": game, "seats": [normal_seat(s) for s in seats], "options": dict(options),
              "seed": seed}
    return hashlib.sha256(f"viking-gm/header|{canonical_json(header)}".encode()).hexdigest()[:32]


# ---- the shape of headers and of export files (validated before anything is written or trusted) ---------

def _plain_text(value: str, what: str) -> str:
    if value != value.strip() or any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise ValueError(f"{what} has control characters or surrounding spaces")
    return value


class SeatRecord(BaseModel):
    """One seat as saved and exported: `{"name", "kind", "bot", "lang"}`."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    name: str = Check(min_length=1, max_length=MAX_NAME)
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Check(default=None, min_length=1, max_length=32)
    lang: str | None = None

    @field_validator("lang")
    @classmethod
    def _lang(cls, value: str | None) -> str | None:
        if value is not None and value not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}")
        return value


class ActionRecord(BaseModel):
    """One move of an export: who played it, in the game's notation, and the ply its unit starts at."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    seat: int = Check(ge=0, lt=64)
    notation: str = Check(min_length=1, max_length=500)
    unit: int | None = Check(default=None, ge=0)


OptionValue = StrictBool | StrictInt | StrictStr | None


class GameDoc(BaseModel):
    """`gm export` of a finished game, or `gm export --with-secrets` of one in play: everything needed to
    replay it (the seed and every move)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    format: Literal["viking-gm/game"]
    version: Literal[1]
    game: str = Check(min_length=1, max_length=64)
    seats: list[SeatRecord] = Check(min_length=1, max_length=64)
    options: dict[str, OptionValue] = Check(max_length=64)
    seed: int = Check(ge=0, lt=MAX_SEED)
    campaign: str | None = Check(default=None, min_length=1, max_length=MAX_CAMPAIGN)
    actions: list[ActionRecord] = Check(max_length=MAX_ACTIONS)

    @field_validator("campaign")
    @classmethod
    def _campaign(cls, value: str | None) -> str | None:
        return None if value is None else _plain_text(value, "the campaign's name")

    @field_validator("seats")
    @classmethod
    def _names(cls, seats: list[SeatRecord]) -> list[SeatRecord]:
        for seat in seats:
            _plain_text(seat.name, f"the name {seat.name!r}")
        return seats


SEATS = TypeAdapter(list[SeatRecord])


def describe_invalid(exc: ValidationError) -> str:
    """A pydantic error in one line: where and what (`seats.1.kind: Input should be 'human' or 'bot'`)."""
    errors = exc.errors(include_url=False, include_input=False)
    first = errors[0]
    where = ".".join(str(p) for p in first["loc"]) or "the document"
    more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
    return f"{where}: {first['msg']}{more}"


def check_table(seats: Sequence[SeatRecord], game: AnyGame) -> None:
    """What the header's seats must satisfy for `game` (ValueError otherwise): the number of players, known
    bots, a bot name only for bots, no two seats with one name."""
    if not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, not {len(seats)}")
    seen: set[str] = set()
    for i, seat in enumerate(seats):
        if seat.kind == "bot" and seat.bot not in game.info.bots:
            raise ValueError(f"seat {i} ({seat.name}) is an unknown bot {seat.bot!r}; bots: "
                             f"{', '.join(sorted(game.info.bots))}")
        if seat.kind == "human" and seat.bot is not None:
            raise ValueError(f"seat {i} ({seat.name}) is a human with a bot name")
        if seat.name.casefold() in seen:
            raise ValueError(f"two seats are called {seat.name!r}")
        seen.add(seat.name.casefold())


def _short(exc: BaseException) -> str:
    """An exception as one short line (SQLAlchemy's and pydantic's messages run over several)."""
    if isinstance(exc, ValidationError):
        return describe_invalid(exc)
    lines = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    line = lines[0] if lines else type(exc).__name__
    if "Could not decode to UTF-8" in line:  # the driver quotes the bytes: they may hold hidden cards
        return "a text column is not valid UTF-8"
    return line if len(line) <= 160 else line[:157] + "..."


@dataclass
class LoadedGame:
    """A game read back from the store, replayed and verified. `status` is derived from the replay."""

    id: int
    game: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    seed: int
    state: Any
    log: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation) per ply
    campaign: str | None = None
    status: str = "playing"  # playing | over, from the replayed state
    chain: str = ""  # the chain hash after the last action (the genesis when there is none)
    units: list[int] = field(default_factory=list)  # per ply (parallel to log): the ply its unit starts at
    genesis: str = ""
    updated_at: datetime | None = None


@dataclass
class GameSummary:
    """One line of `gm saves`: from the verified replay, or `status == "damaged"` with the reason."""

    id: int
    game: str
    campaign: str | None
    players: list[tuple[str, bool]]  # (name, is a bot)
    moves: int
    updated_at: datetime | None
    status: str  # playing | over | damaged
    error: str | None = None
    loaded: LoadedGame | None = None


@dataclass(frozen=True)
class CampaignInfo:
    id: int
    name: str
    game: str


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


def storage_error_text(exc: BaseException) -> str:
    """A one-line reason for a failure of the disk or the database: the driver's own message ("database or
    disk is full", "attempt to write a readonly database"), without SQL or links."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror + (f": {exc.filename}" if exc.filename else "")
    orig = getattr(exc, "orig", None)  # sqlalchemy's DBAPIError wraps the driver's exception
    text = str(orig if orig is not None else exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:300]


def check_units(units: Sequence[int]) -> int | None:
    """The first ply whose unit is impossible (each unit starts at its own ply and runs on), or None."""
    for i, unit in enumerate(units):
        if unit != i and (i == 0 or unit != units[i - 1]):
            return i
    return None


def game_engine(name: str) -> AnyGame:
    """The engine of a registered game (through its kit); OptionsError when the game has none."""
    from engine import has_engine, load_game
    from gm import games

    if name in games.names() and has_engine(name):
        return load_game(name)  # the engine alone: listing saves need not build a kit's parser and lexicon
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
        """Open (and bring up to date) the saves at `url`; SaveError with a one-line reason when the folder, the
        URL, the database driver or the database itself cannot be used."""
        from sqlalchemy.exc import ArgumentError, NoSuchModuleError, SQLAlchemyError

        from gm.migrations import MigrationError, is_memory_sqlite, upgrade

        shown = hide_url_password(url or get_settings().database_url or f"sqlite:///{DEFAULT_DB}")
        try:
            self.url = database_url(url)
            if self.url.startswith("sqlite:///") and not self.url.startswith("sqlite:///:memory:"):
                Path(self.url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(self.url)
        except OSError as exc:
            raise SaveError(f"the folder of the saves cannot be used ({storage_error_text(exc)})") from exc
        except (NoSuchModuleError, ImportError) as exc:  # NoSuchModuleError is an ArgumentError: first
            raise SaveError(f"the database driver for {shown.partition(':')[0]} is not installed "
                            f"({storage_error_text(exc)})") from exc
        except ArgumentError as exc:
            raise SaveError(f"{shown!r} is not a database URL (e.g. sqlite:///saves/gm.sqlite3)") from exc
        self.persistent = not is_memory_sqlite(self.url)  # False: nothing outlives this process
        if self.url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
            event.listen(self.engine, "begin", _sqlite_begin)
        self._writer = self.engine.execution_options(gm_write=True)  # see _writing
        try:
            upgraded = upgrade(self.engine, self.url)
        except MigrationError as exc:
            raise SaveError(f"the save at {hide_url_password(self.url)} cannot be used: {exc}") from exc
        except (SQLAlchemyError, OSError) as exc:
            raise SaveError(f"the save at {hide_url_password(self.url)} cannot be opened "
                            f"({storage_error_text(exc)})") from exc
        log.debug("opened %s%s", hide_url_password(self.url), " (schema upgraded)" if upgraded else "")

    # ---- transactions ----------------------------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A session whose transaction writes: on SQLite it starts with BEGIN IMMEDIATE (the write lock is
        taken first, so the checks and the writes of one transaction see no other writer in between; another
        writer waits up to the busy timeout); on PostgreSQL the game row's lock does the same."""
        with Session(self._writer) as s:
            yield s

    @contextmanager
    def _guard(self, what: str) -> Iterator[None]:
        """Turn a failure of the database itself (a damaged file, a lost server) into SaveError naming `what`."""
        try:
            yield
        except SaveError:
            raise
        except (SQLAlchemyError, OSError) as exc:
            raise SaveError(f"{what} cannot be read from the save ({_short(exc)})") from exc

    # ---- campaigns -----------------------------------------------------------------------------------

    def campaign(self, name: str) -> Campaign | None:
        with self._guard(f"campaign {name!r}"), Session(self.engine) as s:
            try:
                return s.exec(select(Campaign).where(Campaign.name == name)).first()
            except (ValueError, TypeError) as exc:  # a damaged row (e.g. a date that is no date)
                raise SaveError(f"campaign {name!r} is damaged ({_short(exc)})") from exc

    def create_campaign(self, name: str, game: str, seats: list[dict[str, Any]]) -> Campaign:
        """The campaign `name`, created now (or the one another session created a moment ago)."""
        with self._writing() as s:
            c = Campaign(name=name, game=game, seats_json=json.dumps(seats))
            s.add(c)
            try:
                s.commit()
            except IntegrityError:
                s.rollback()
                found = self.campaign(name)
                if found is None:
                    raise
                return found
            s.refresh(c)
            return c

    def campaigns(self) -> list[CampaignInfo]:
        """Every campaign (id, name, game), oldest first; only plain columns are read, so a damaged row
        elsewhere in it does not hide the campaign."""
        with self._guard("the list of campaigns"), Session(self.engine) as s:
            rows = s.exec(select(Campaign.id, Campaign.name, Campaign.game)
                          .order_by(col(Campaign.created_at), col(Campaign.id)))
            return [CampaignInfo(int(cid), str(name), str(game)) for cid, name, game in rows if cid is not None]

    def campaign_of_id(self, campaign_id: int) -> CampaignInfo | None:
        return next((c for c in self.campaigns() if c.id == campaign_id), None)

    def standings(self, campaign_id: int, summaries: Sequence[GameSummary] | None = None) -> Standings:
        """Per player name: games finished, wins (a shared win counts as a share) and total points, from the
        replayed logs of the campaign's finished games (a damaged game counts for nothing: `gm saves` marks
        it); `lower_score_wins` comes from the campaign's game (engine GameInfo). `summaries` (of every game,
        as `summaries()` gives them) saves replaying the games again."""
        out: dict[str, StandingRow] = {}
        c = self.campaign_of_id(campaign_id)
        if c is None:
            return Standings(out)
        ours = [x for x in summaries if x.campaign == c.name] if summaries is not None else \
            self.summaries(campaign_id)
        for summary in sorted(ours, key=lambda x: x.id):
            loaded = summary.loaded
            if loaded is None or loaded.status != "over":
                continue
            game = game_engine(loaded.game)
            scores = list(game.scores(loaded.state))
            winners = list(game.winners(loaded.state))
            for i, seat in enumerate(loaded.seats):
                row = out.setdefault(str(seat["name"]), {"games": 0, "wins": 0.0, "points": 0})
                row["games"] += 1
                row["points"] += int(scores[i]) if i < len(scores) else 0
                if i in winners:
                    row["wins"] += 1 / len(winners)
        return Standings(out, _lower_score_wins(c.game))

    def standings_sorted(self, campaign_id: int) -> list[tuple[str, StandingRow]]:
        """The campaign's standings, best first: most wins, then the best points by the game's order."""
        return self.standings(campaign_id).ranked()

    # ---- games ---------------------------------------------------------------------------------------

    def create_game(self, game: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: int,
                    state_json: str, campaign_id: int | None = None) -> int:
        """A new game row (its genesis hash stored with it); returns its id, never one a deleted game had."""
        if not 0 <= seed < MAX_SEED:
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}, not {seed}")
        SEATS.validate_python(seats)
        with self._writing() as s:
            g = GameRow(game=game, seats_json=json.dumps(seats), options_json=json.dumps(options), seed=seed,
                        snapshot=state_json, campaign_id=campaign_id)
            s.add(g)
            s.flush()
            assert g.id is not None
            gid: int = g.id
            g.genesis = genesis(gid, game, seats, options, seed)
            s.add(g)
            s.commit()
            return gid

    def append(self, game_id: int, ply: int, seat: int, notation: str, previous_chain: str, state_json: str,
               over: bool = False, result: dict[str, Any] | None = None) -> str:
        """Append one accepted action and the new snapshot in one transaction; returns the new chain hash."""
        return self.append_unit(game_id, ply, [(seat, notation)], previous_chain, state_json, over, result)

    def append_unit(self, game_id: int, first_ply: int, steps: Sequence[tuple[int, str]], previous_chain: str,
                    state_json: str, over: bool = False, result: dict[str, Any] | None = None) -> str:
        """Append the actions of one unit ((seat, notation) each, from `first_ply` on) and the snapshot after
        the last of them, all in one transaction; returns the chain hash after the last action.

        Atomic and exclusive: the game must still be at `first_ply` with `previous_chain` as its last chain
        hash, checked in the transaction that writes (GameMovedOn otherwise, GameGone for a deleted game;
        nothing is written either way)."""
        if not steps:
            raise ValueError("a unit holds at least one action")
        chain = previous_chain
        rows = []
        for i, (seat, notation) in enumerate(steps):
            chain = chain_hash(chain, first_ply + i, seat, notation)
            rows.append(ActionRow(game_id=game_id, ply=first_ply + i, unit=first_ply, seat=seat, notation=notation,
                                  chain=chain))
        values: dict[str, Any] = {"ply": first_ply + len(steps), "snapshot": state_json, "updated_at": now()}
        if over:
            values.update(status="over", result_json=json.dumps(result or {}))
        with self._guard(f"game {game_id}"), self._writing() as s:
            self._move_on(s, game_id, first_ply, previous_chain, values)
            s.add_all(rows)
            try:
                s.commit()
            except IntegrityError as exc:  # another writer saved the same ply first (the unique key)
                raise GameMovedOn(game_id, f"move {first_ply} was saved by another session") from exc
        log.debug("game %d: saved plies %d-%d%s", game_id, first_ply, first_ply + len(steps) - 1,
                  " (game over)" if over else "")
        return chain

    def _move_on(self, s: Session, game_id: int, at: int, head: str, values: dict[str, Any]) -> None:
        """In the caller's write transaction: update the game row with `values` if it is still at ply `at`
        with `head` as its last chain hash; GameMovedOn or GameGone (and nothing changed) otherwise."""
        moved = s.connection().execute(
            update(GameRow).where(col(GameRow.id) == game_id, col(GameRow.ply) == at).values(**values))
        if moved.rowcount != 1:
            ply = s.exec(select(GameRow.ply).where(GameRow.id == game_id)).first()
            if ply is None:
                raise GameGone(game_id)
            raise GameMovedOn(game_id, f"it is at move {ply}, not {at}")
        if at == 0:
            stored = s.exec(select(GameRow.genesis).where(GameRow.id == game_id)).first()
        else:
            stored = s.exec(select(ActionRow.chain).where(ActionRow.game_id == game_id,
                                                          ActionRow.ply == at - 1)).first()
        if stored != head:
            raise GameMovedOn(game_id, f"its move {at - 1} is not the one this session knows" if at else
                              "its header is not the one this session knows")

    def truncate(self, game_id: int, ply: int, state_json: str, *, at: int, head: str) -> None:
        """Drop every action from `ply` on (undo) and store the matching snapshot, in one transaction, if the
        game is still at ply `at` with `head` as its last chain hash (GameMovedOn / GameGone otherwise: a stale
        session never deletes moves made elsewhere)."""
        if not 0 <= ply <= at:
            raise ValueError(f"cannot take back from move {ply} of a game at move {at}")
        values = {"ply": ply, "snapshot": state_json, "status": "playing", "result_json": "", "updated_at": now()}
        with self._guard(f"game {game_id}"), self._writing() as s:
            self._move_on(s, game_id, at, head, values)
            s.connection().execute(delete(ActionRow).where(col(ActionRow.game_id) == game_id,
                                                           col(ActionRow.ply) >= ply))
            s.commit()
        log.debug("game %d: took back every move from ply %d on", game_id, ply)

    def delete_game(self, game_id: int) -> bool:
        """Delete a game and its moves (one transaction); False when there is no such game."""
        with self._guard(f"game {game_id}"), self._writing() as s:
            con = s.connection()
            con.execute(delete(ActionRow).where(col(ActionRow.game_id) == game_id))
            gone = con.execute(delete(GameRow).where(col(GameRow.id) == game_id)).rowcount
            s.commit()
            return bool(gone)

    def delete_campaign(self, name: str) -> bool:
        """Delete a campaign with all its games (one transaction); False when there is no such campaign."""
        with self._guard(f"campaign {name!r}"), self._writing() as s:
            cid = s.exec(select(Campaign.id).where(Campaign.name == name)).first()
            if cid is None:
                return False
            con = s.connection()
            ids = select(GameRow.id).where(GameRow.campaign_id == cid)
            con.execute(delete(ActionRow).where(col(ActionRow.game_id).in_(ids)))
            con.execute(delete(GameRow).where(col(GameRow.campaign_id) == cid))
            con.execute(delete(Campaign).where(col(Campaign.id) == cid))
            s.commit()
            return True

    def game_ids(self, campaign_id: int | None = None) -> list[int]:
        """The ids of the games (of one campaign), last played first."""
        with self._guard("the list of games"), Session(self.engine) as s:
            q = select(GameRow.id)
            if campaign_id is not None:
                q = q.where(GameRow.campaign_id == campaign_id)
            return [int(i) for i in s.exec(q.order_by(col(GameRow.updated_at).desc(), col(GameRow.id).desc()))
                    if i is not None]

    def has_game(self, game_id: int) -> bool:
        """Whether game `game_id` exists (read by its key alone: a damaged row elsewhere does not matter)."""
        if not 0 < game_id < MAX_SEED:
            return False
        with self._guard(f"game {game_id}"), Session(self.engine) as s:
            return s.exec(select(GameRow.id).where(GameRow.id == game_id)).first() is not None

    def latest_game_id(self, campaign_id: int | None = None, playing_only: bool = False) -> int | None:
        """The last played game (of one campaign); with `playing_only`, the last one still in play by its
        replayed log (damaged games are skipped), else None."""
        for gid in self.game_ids(campaign_id):
            if not playing_only:
                return gid
            try:
                if self.load(gid).status == "playing":
                    return gid
            except SaveError:
                continue
        return None

    def summaries(self, campaign_id: int | None = None) -> list[GameSummary]:
        """What `gm saves` lists, last played first: each game replayed and verified; a damaged one is
        listed with its reason instead of stopping the list."""
        out: list[GameSummary] = []
        for gid in self.game_ids(campaign_id):
            try:
                loaded = self.load(gid)
            except SaveError as exc:
                out.append(self._damaged(gid, str(exc)))
                continue
            players = [(str(s["name"]), s.get("kind") == "bot") for s in loaded.seats]
            out.append(GameSummary(gid, loaded.game, loaded.campaign, players, len(loaded.log), loaded.updated_at,
                                   loaded.status, loaded=loaded))
        return out

    def _damaged(self, game_id: int, error: str) -> GameSummary:
        """A damaged game's line: its game's name and campaign when those can still be read."""
        name, campaign = "?", None
        try:
            with Session(self.engine) as s:
                row = s.connection().execute(text("SELECT game, campaign_id FROM game WHERE id = :id"),
                                             {"id": game_id}).first()
                if row is not None:
                    name = str(row[0])[:16]
                    if row[1] is not None:
                        found = s.connection().execute(text("SELECT name FROM campaign WHERE id = :id"),
                                                       {"id": row[1]}).first()
                        campaign = str(found[0]) if found is not None else None
        except (SQLAlchemyError, OSError, ValueError, TypeError):
            pass
        return GameSummary(game_id, name, campaign, [], 0, None, "damaged", error)

    def action_count(self, game_id: int) -> int:
        with self._guard(f"game {game_id}"), Session(self.engine) as s:
            return s.exec(select(func.count()).select_from(ActionRow).where(ActionRow.game_id == game_id)).one()

    def campaign_name(self, campaign_id: int | None) -> str | None:
        if campaign_id is None:
            return None
        c = self.campaign_of_id(campaign_id)
        return c.name if c else None

    def load(self, game_id: int) -> LoadedGame:
        """Read a game, replay its log from the seed through the engine and verify it: the header against
        its genesis hash, every row against the chain, the units, and the replayed position against the
        snapshot. SaveError naming the game for anything that does not add up, including a row the database
        cannot even return (a bad date, a damaged page) or a campaign that no longer exists."""
        with self._guard(f"game {game_id}"), Session(self.engine) as s:  # one read transaction: one snapshot
            try:
                g = s.get(GameRow, game_id)
                if g is None:
                    raise SaveError(f"there is no game {game_id} in the save")
                rows = list(s.exec(select(ActionRow).where(ActionRow.game_id == game_id)
                                   .order_by(col(ActionRow.ply))))
                campaign = None
                if g.campaign_id is not None:
                    campaign = s.exec(select(Campaign.name).where(Campaign.id == g.campaign_id)).first()
                    if campaign is None:
                        raise SaveError(f"game {game_id} is damaged: its campaign (id {g.campaign_id}) is missing")
            except (ValueError, TypeError, OverflowError) as exc:
                raise SaveError(f"game {game_id} is damaged: its rows cannot be read ({_short(exc)})") from exc
        try:
            game = game_engine(str(g.game))
            records = SEATS.validate_python(json.loads(g.seats_json))
            check_table(records, game)
            options = json.loads(g.options_json)
            if not isinstance(options, dict):
                raise ValueError("the options are not a JSON object")
            if not isinstance(g.seed, int) or not 0 <= g.seed < MAX_SEED:
                raise ValueError(f"the seed {g.seed!r} is not a whole number from 0 to {MAX_SEED - 1}")
        except (ValueError, TypeError, RecursionError, EngineError) as exc:
            raise SaveError(f"game {game_id} is damaged: its header cannot be read ({_short(exc)})") from exc
        seats = [normal_seat(r.model_dump()) for r in records]
        first = genesis(game_id, game.name, seats, options, g.seed)
        if g.genesis != first:
            raise SaveError(f"game {game_id} is damaged: its header (players, options or seed) was changed "
                            f"after it was saved")
        if g.ply != len(rows):
            raise SaveError(f"game {game_id} is damaged: the snapshot is at move {g.ply} but the log holds "
                            f"{len(rows)} moves (a row was removed or added)")
        chain = first
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
        if not g.snapshot:
            raise SaveError(f"game {game_id} is damaged: its saved position is missing")
        if game.state_to_json(state) != g.snapshot:
            raise SaveError(f"game {game_id} is damaged: replaying its log does not give the saved position")
        log.debug("game %d: loaded and verified %d moves", game_id, len(rows))
        return LoadedGame(id=game_id, game=game.name, seats=seats, options=options, seed=g.seed, state=state,
                          log=log_, campaign=campaign, status="over" if state.is_over else "playing", chain=chain,
                          units=units, genesis=first, updated_at=g.updated_at)

    # ---- export / import -----------------------------------------------------------------------------

    def export_game(self, game_id: int, secrets: bool = False) -> dict[str, Any]:
        """The game as `gm export` prints it: everything for a finished game or with `secrets`, else the
        public record (see :func:`export_doc`)."""
        return export_doc(self.load(game_id), secrets)

    def import_game(self, doc: Any) -> int:
        """Import an exported game: the whole document validated (:class:`GameDoc`), replayed and checked
        first, then the game, its actions (and its campaign when new) written in one transaction, all or
        nothing; returns the new game id."""
        if isinstance(doc, dict) and doc.get("format") == PUBLIC_FORMAT:
            raise SaveError("this is the public record of a game in play: it holds no seed and no moves, so it "
                            "cannot be imported (`gm export GAME --with-secrets` makes a copy that can)")
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise SaveError("this file is not a game exported by `gm export`")
        if doc.get("version") != EXPORT_VERSION:
            raise SaveError(f"export version {shown(doc.get('version'))} is not supported")
        try:
            parsed = GameDoc.model_validate(doc)
        except ValidationError as exc:
            raise SaveError(f"the file cannot be imported: {describe_invalid(exc)}") from exc
        try:
            game = game_engine(parsed.game)
            check_table(parsed.seats, game)
        except (ValueError, EngineError) as exc:
            raise SaveError(f"the file cannot be imported: {_short(exc)}") from exc
        seats = [normal_seat(r.model_dump()) for r in parsed.seats]
        options = dict(parsed.options)
        if any(a.seat >= len(seats) for a in parsed.actions):
            bad_seat = next(i for i, a in enumerate(parsed.actions) if a.seat >= len(seats))
            raise SaveError(f"the file cannot be imported: move {bad_seat} is played by seat "
                            f"{parsed.actions[bad_seat].seat}, but there are {len(seats)} seats")
        moves = [(a.seat, a.notation) for a in parsed.actions]
        units = [a.unit if a.unit is not None else i for i, a in enumerate(parsed.actions)]
        bad = check_units(units)
        if bad is not None:
            raise SaveError(f"the file cannot be imported: move {bad} belongs to no unit of moves")
        steps: list[tuple[int, str]] = []
        state = _replay(game, len(seats), parsed.seed, options, moves, "the file cannot be imported", steps)
        over = bool(state.is_over)
        result = {"scores": game.scores(state), "winners": game.winners(state)} if over else None
        name = parsed.campaign
        with self._guard("the imported game"), self._writing() as s:
            campaign_id = None
            if name is not None:
                c = s.exec(select(Campaign).where(Campaign.name == name)).first()
                if c is None:
                    c = Campaign(name=name, game=game.name, seats_json=json.dumps(seats))
                    s.add(c)
                    s.flush()
                elif c.game != game.name:
                    raise SaveError(f"the file cannot be imported: campaign {name!r} is a campaign of {c.game}, "
                                    f"not of {game.name}")
                campaign_id = c.id
            g = GameRow(game=game.name, seats_json=json.dumps(seats), options_json=json.dumps(options),
                        seed=parsed.seed, campaign_id=campaign_id, ply=len(steps), snapshot=game.state_to_json(state),
                        status="over" if over else "playing", result_json=json.dumps(result) if over else "")
            s.add(g)
            s.flush()
            assert g.id is not None
            gid: int = g.id
            g.genesis = chain = genesis(gid, game.name, seats, options, parsed.seed)
            s.add(g)
            for ply, ((seat, notation), unit) in enumerate(zip(steps, units, strict=True)):
                chain = chain_hash(chain, ply, seat, notation)
                s.add(ActionRow(game_id=gid, ply=ply, unit=unit, seat=seat, notation=notation, chain=chain))
            s.commit()
        log.debug("imported game %d (%d moves)", gid, len(steps))
        return gid


def export_doc(loaded: LoadedGame, secrets: bool = False) -> dict[str, Any]:
    """A verified game as the JSON document `gm export` prints and `gm import` reads.

    A finished game, or any game with `secrets`, gives everything needed to replay it: the seed and every
    move (format viking-gm/game). A game in play gives by default only its *public record* (format
    viking-gm/public-record): the header without the seed (the seed fixes every deal, so it would reveal
    every hand), the number of moves, whose turn it is and the public scores; no move is listed, since a
    move's notation may name a card taken from hiding. A public record cannot be imported."""
    seats = [normal_seat(s) for s in loaded.seats]
    if secrets or loaded.status == "over":
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": loaded.game, "seats": seats,
                "options": loaded.options, "seed": loaded.seed, "campaign": loaded.campaign,
                "actions": [{"seat": seat, "notation": n, "unit": unit}
                            for (seat, n), unit in zip(loaded.log, loaded.units or range(len(loaded.log)),
                                                       strict=True)]}
    game = game_engine(loaded.game)
    summary = game.view(loaded.state, None).summary
    to_move = summary.decision.player
    return {"format": PUBLIC_FORMAT, "version": EXPORT_VERSION, "game": loaded.game, "seats": seats,
            "options": loaded.options, "campaign": loaded.campaign, "status": loaded.status,
            "moves": len(loaded.log), "scores": list(summary.scores),
            "to_move": seats[to_move]["name"] if to_move is not None else None}


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
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:  # the engine choked on the input
        raise SaveError(f"{what}: move {ply} cannot be replayed ({_short(exc)})") from exc
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
    """Each SQLite connection: the driver opens no transactions of its own (`_sqlite_begin` does, so a read
    sees one snapshot and a write's checks and writes are one transaction), foreign keys on, WAL."""
    dbapi_connection.isolation_level = None
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA journal_mode=WAL")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("gm_write") else "BEGIN")
