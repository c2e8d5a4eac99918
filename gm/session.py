"""One game in play: state, log, seats (human or bot), languages, and the handling of one typed line.

The REPL is a thin shell over `Session.handle`, so tests drive whole games without a terminal. Every
accepted action goes through `Session.commit_unit`, which saves it (one transaction) before anything is said.
What the session knows of the game comes from the game's kit and engine: it names no game.
"""

from __future__ import annotations

import logging
import random
import re
import sqlite3
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from engine import IllegalAction, replay
from gm import games
from gm.i18n import has, join_list, normalise_lang, t
from gm.kit import Kit
from gm.store import (
    MAX_SEED,
    GameGone,
    GameMovedOn,
    LoadedGame,
    SaveError,
    Store,
    chain_hash,
    genesis,
    storage_error_text,
)
from gm.text import LANGS, clean_name, distinct_names, has_undecodable, is_request, looks_like_question, printable

log = logging.getLogger(__name__)

MAX_LINE = 2000
YES = {"y", "yes", "yeah", "yep", "ok", "okay", "sure", "j", "ja", "jawohl", "jo", "genau", "o", "oui", "ouais",
       "d'accord", "dac"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f]")  # controls but ESC: a space each
STORAGE_ERRORS: tuple[type[Exception], ...] = (SaveError, SQLAlchemyError, sqlite3.Error, OSError)
"""What a failing disk or database raises while a move is saved (a full disk, a read-only file, a lost server)."""


@dataclass
class Seat:
    name: str
    kind: str = "human"  # human | bot
    bot: str | None = None
    lang: str | None = None  # None: the table's default, or detected from what the player types

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


@dataclass
class Message:
    text: str
    kind: str = "info"  # narration | refusal | info | answer | candidates | error | result
    streamed: bool = False  # already shown chunk by chunk (model narration)


@dataclass
class Reply:
    messages: list[Message] = field(default_factory=list)
    accepted: bool = False  # the game moved on
    quit: bool = False

    def add(self, text: str, kind: str = "info") -> None:
        self.messages.append(Message(text, kind))

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in self.messages)


def parse_players(spec: str, default_lang: str | None = None, *, game: str) -> list[Seat]:
    """`"Ana:de,Ben,bot:greedy"` -> seats of `game`. A bot is `bot[:KIND[:lang]]`; a human `Name[:lang]`.

    Names lose their control characters and escape sequences and are cut to 24 characters; two humans may
    not share a name (case-insensitively), and a bot never takes a human's or another bot's name: it is
    numbered instead ("Greedy 2"). ValueError (in `default_lang`) for an unknown bot, an empty or a repeated
    name."""
    info = games.get(game).info
    ui = normalise_lang(default_lang)
    seats: list[Seat] = []
    for raw in spec.split(","):
        parts = [clean_name(p) for p in raw.split(":")]
        if not raw.strip():
            continue
        if parts[0].lower() == "bot":
            kind = (parts[1] if len(parts) > 1 and parts[1] else info.default_bot).lower()
            if kind not in info.bots:
                raise ValueError(t("ui.unknown_bot", ui, bot=kind, bots=", ".join(sorted(info.bots))))
            lang = normalise_lang(parts[2]) if len(parts) > 2 and parts[2] else None
            seats.append(Seat(name=kind.capitalize(), kind="bot", bot=kind, lang=lang))
        else:
            if not parts[0]:
                raise ValueError(t("ui.empty_name", ui, spec=ascii(raw.strip())[1:-1][:40]))
            lang = normalise_lang(parts[1]) if len(parts) > 1 and parts[1] else None
            if any(not s.is_bot and s.name.casefold() == parts[0].casefold() for s in seats):
                raise ValueError(t("ui.same_name", ui, name=parts[0]))
            seats.append(Seat(name=parts[0], kind="human", lang=lang))
    names = distinct_names([s.name for s in seats], [s.is_bot for s in seats], lambda i: seats[i].name)
    for seat, name in zip(seats, names, strict=True):
        seat.name = name
    return seats


class Session:
    """Owns one game in play. Create with `Session.new` or `Session.resume`."""

    def __init__(self, store: Store, game_id: int, game_name: str, seats: list[Seat], state: Any,
                 seed: int, options: dict[str, Any], default_lang: str = "en", campaign: str | None = None,
                 chain: str | None = None, log: list[tuple[int, str]] | None = None,
                 units: list[int] | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.kit: Kit = games.get(game_name)
        if self.kit.engine is None:
            raise ValueError(f"{self.kit.title} is not playable yet")
        self.game = self.kit.engine
        self.seats = seats
        self.state = state
        self.seed = seed
        self.options = options
        self.default_lang = normalise_lang(default_lang)
        self.campaign = campaign
        # the chain's first link (a hash of the header) and its last (None: no move yet)
        self.genesis = genesis(game_id, self.game.name, [asdict(s) for s in seats], options, seed)
        self.chain = chain if chain is not None else self.genesis
        self.closed = False  # the game is gone from the store (deleted elsewhere, or unusable): nothing saves
        self.log: list[tuple[int, str]] = list(log or [])
        self.units: list[int] = list(units) if units is not None else list(range(len(self.log)))
        self.pending: list[Any] = []  # candidates of the last ambiguous move: "2" picks the second
        self.llm: Any = None  # gm.llm.LLM when a model is configured; None: everything offline
        self.stream: Callable[[str], None] | None = None  # where model narration is streamed (the REPL)
        self.history: list[str] = []  # the last narrated lines, for the model's bounded context
        self._events: list[list[Any]] | None = None  # the events of each ply (replayed when first needed)
        self.seen: dict[int, int] = {}  # seat -> how many plies that human has been shown
        self.announced = False  # the final result has been told (announce_end tells it once)
        self._names: tuple[str, list[str]] | None = None  # (the language of a fallback name, the names shown)

    # ---- creation ------------------------------------------------------------------------------------

    @classmethod
    def new(cls, store: Store, game_name: str, seats: list[Seat], seed: int, options: dict[str, Any],
            default_lang: str = "en", campaign: str | None = None) -> Session:
        kit = games.get(game_name)
        game = kit.engine
        if game is None or not kit.playable:
            raise ValueError(t("ui.not_playable", default_lang, game=kit.title))
        if not game.min_players <= len(seats) <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                             f"not {len(seats)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise ValueError(t("ui.bad_seed", default_lang, seed=str(seed)[:30], max=MAX_SEED - 1))
        state = game.new_game(players=len(seats), seed=seed, options=options)
        campaign_id = None
        if campaign:
            c = store.campaign(campaign) or store.create_campaign(campaign, game.name, [asdict(s) for s in seats])
            campaign_id = c.id
        gid = store.create_game(game.name, [asdict(s) for s in seats], options, seed, game.state_to_json(state),
                                campaign_id)
        session = cls(store, gid, game.name, seats, state, seed, options, default_lang, campaign)
        session._events = []
        return session

    @classmethod
    def resume(cls, store: Store, game_id: int, default_lang: str = "en") -> Session:
        return cls.from_loaded(store, store.load(game_id), default_lang)

    @classmethod
    def from_loaded(cls, store: Store, loaded: LoadedGame, default_lang: str = "en") -> Session:
        """A session over a game the store has read back and verified."""
        seats = [Seat(**s) for s in loaded.seats]
        return cls(store, loaded.id, loaded.game, seats, loaded.state, loaded.seed, loaded.options, default_lang,
                   loaded.campaign, loaded.chain, loaded.log, loaded.units)

    # ---- who and which language --------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The seats' names as shown: without control characters, never two alike (a saved or imported
        table may hold either)."""
        if self._names is None or self._names[0] != self.default_lang:  # seats' names never change; worked out once
            shown = distinct_names([s.name for s in self.seats], [s.is_bot for s in self.seats],
                                   lambda i: t("player.fallback", self.default_lang, n=i + 1))
            self._names = (self.default_lang, shown)
        return list(self._names[1])

    @property
    def to_move(self) -> int | None:
        player: int | None = self.state.decision.player
        return player

    def lang_of(self, seat: int | None) -> str:
        return (self.seats[seat].lang if seat is not None else None) or self.default_lang

    def human_to_move(self) -> int | None:
        p = self.to_move
        return p if p is not None and not self.seats[p].is_bot else None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def say(self, key: str, lang: str, **params: Any) -> str:
        """The message `key` ("ui.help"), in the game's own wording when its kit has one ("<game>.ui.help")."""
        own = f"{self.kit.name}.{key}"
        return t(own if has(own, lang) or has(own, "en") else key, lang, **params)

    # ---- the one way the game moves on ---------------------------------------------------------------

    def commit(self, action: Any, lang: str, viewer: int | None) -> list[str]:
        """Apply one action the engine accepts, save it, then return its narration."""
        return self.commit_unit([action], lang, viewer)

    def commit_unit(self, actions: Sequence[Any], lang: str, viewer: int | None) -> list[str]:
        """Apply actions the engine accepts, in order, save them as one unit (one transaction, taken back
        whole by /undo), then return their narration. Raises IllegalAction (nothing changed) or SaveError."""
        if not actions:
            return []
        state = self.state
        steps: list[tuple[int, str]] = []
        plies_events: list[list[Any]] = []
        for action in actions:
            seat = state.decision.player
            state, events = self.game.apply(state, action)  # raises IllegalAction; self.state is untouched
            steps.append((seat, self.game.to_notation(action)))
            plies_events.append(events)
        first = len(self.log)
        result = ({"scores": self.game.scores(state), "winners": self.game.winners(state)}
                  if state.is_over else None)
        self.chain = self.store.append_unit(self.game_id, first, steps, self.chain, self.game.state_to_json(state),
                                            state.is_over, result)
        log.debug("game %s: saved plies %d-%d", self.game_id, first, first + len(steps) - 1)
        self.state = state
        self.log.extend(steps)
        self.units.extend([first] * len(steps))
        if self._events is not None:
            self._events.extend(plies_events)
        return self.kit.narrate([e for evs in plies_events for e in evs], lang, self.names, viewer)

    def run_bots(self, lang: str, viewer: int | None) -> list[str]:
        """Bots act until a human must decide or the game is over; returns the narration, then what went
        wrong with saving (the game moved on elsewhere and was reloaded, or it was deleted)."""
        lines, notices = self._bots(lang, viewer)
        return lines + notices

    def _bots(self, lang: str, viewer: int | None) -> tuple[list[str], list[str]]:
        """The bots' moves: (narration, notices). A bot's move that cannot be saved is not played."""
        lines: list[str] = []
        while not self.state.is_over and not self.closed:
            p = self.to_move
            if p is None:
                break
            seat = self.seats[p]
            if not seat.is_bot:
                break
            rng = random.Random(f"bot:{self.seed}:{len(self.log)}")
            action = self.game.bots[seat.bot or self.kit.info.default_bot](self.state, rng)
            try:
                lines += self.commit(action, lang, viewer)
            except (GameMovedOn, GameGone) as exc:
                return lines, [self.save_trouble(exc, lang)]
        return lines, []

    # ---- two sessions on one game ------------------------------------------------------------------------

    def reload(self) -> None:
        """Take the game as the store holds it now (state, log, units, chain), after another session moved
        it on. The seats' languages chosen in this session are kept. Raises SaveError."""
        loaded = self.store.load(self.game_id)
        self.state, self.log, self.units = loaded.state, list(loaded.log), list(loaded.units)
        self.chain, self.genesis = loaded.chain, loaded.genesis
        self._events = None
        self.pending = []
        self.announced = False
        self.seen = {k: min(v, len(self.log)) for k, v in self.seen.items()}
        log.info("game %s: reloaded at move %d (changed elsewhere)", self.game_id, len(self.log))

    def save_trouble(self, exc: GameMovedOn | GameGone, lang: str, undo: bool = False) -> str:
        """The message for a move (or an undo) the store refused because the game moved on elsewhere (the
        session reloads it) or was deleted (the session closes); in `lang`."""
        if isinstance(exc, GameGone):
            self.closed = True
            return t("ui.game_gone", lang, id=self.game_id)
        try:
            self.reload()
        except SaveError as damaged:
            self.closed = True
            return t("ui.corrupt_save", lang, error=str(damaged))
        return t("ui.undo_moved_on" if undo else "ui.moved_on", lang, moves=len(self.log))

    # ---- what happened since a player last looked ------------------------------------------------------

    def events_of(self, ply: int) -> list[Any]:
        """The events of ply `ply` (the log is replayed once when the session did not see them happen)."""
        if self._events is None or len(self._events) < len(self.log):
            self._events = [step.events for step in replay(self.game, len(self.seats), self.seed, self.options,
                                                           self.log)]
        return self._events[ply]

    def recap(self, seat: int, lang: str) -> list[str]:
        """What happened since `seat` last acted or was shown the table, told for that seat, in `lang`.

        Empty when nothing happened since or the seat's own move was the last one."""
        start = self.seen.get(seat)
        if start is None:  # not seen in this sitting: since the seat's own last move, or the last round
            own = [i for i, (s, _) in enumerate(self.log) if s == seat]
            start = own[-1] + 1 if own else max(0, len(self.log) - 2 * len(self.seats))
        self.seen[seat] = len(self.log)
        if start >= len(self.log):
            return []
        events = [e for ply in range(start, len(self.log)) for e in self.events_of(ply)]
        return self.kit.narrate(events, lang, self.names, seat)

    def mark_seen(self, seat: int) -> None:
        self.seen[seat] = len(self.log)

    # ---- one typed line -------------------------------------------------------------------------------

    def handle(self, text: str) -> Reply:
        """Handle one line typed by the human whose turn it is. Never raises for what is typed; a save that
        fails (a full disk, a read-only file) is refused with a message and the game goes on."""
        seat = self.human_to_move()
        lang = self.lang_of(seat)
        before = len(self.log)
        try:
            return self._handle(text, seat, lang)
        except STORAGE_ERRORS as exc:
            log.warning("game %s: the save failed: %s", self.game_id, storage_error_text(exc))
            reply = Reply()
            if len(self.log) != before:  # the player's move is saved; what followed (a bot's) is not
                key = "ui.save_failed_after"
            else:
                key = "ui.save_failed" if not (text or "").lstrip().startswith("/") else "ui.storage_failed"
            reply.add(t(key, self.lang_of(seat), error=storage_error_text(exc)), "error")
            return reply

    def _handle(self, text: str, seat: int | None, lang: str) -> Reply:
        reply = Reply()
        text = text if isinstance(text, str) else ""
        if has_undecodable(text):  # bytes that were not text in the input's encoding (e.g. Latin-1 into UTF-8)
            reply.add(t("ui.not_text", lang), "error")
            return reply
        if len(text) > 4 * MAX_LINE:
            reply.add(t("ui.too_long", lang, limit=MAX_LINE), "error")
            return reply
        text = printable(CONTROL.sub(" ", text))
        if not text:
            return reply
        if len(text) > MAX_LINE:
            reply.add(t("ui.too_long", lang, limit=MAX_LINE), "error")
            return reply
        if text.startswith("/"):
            return self.meta(text, seat, lang)
        if self.state.is_over:
            reply.add(t("ui.over_already", lang), "info")
            return reply
        if seat is None:
            reply.add(t("ui.not_a_human_turn", lang), "error")
            return reply
        pending, self.pending = self.pending, []
        pick = unicodedata.normalize("NFKC", text).rstrip(".)!").strip().lower()  # "²", "٣", "３" are digits too
        if pending and pick.isdecimal() and len(pick) <= 3:
            if 1 <= int(pick) <= len(pending):
                return self.play(pending[int(pick) - 1], seat, lang)
            self.pending = pending  # a number that lists nothing: ask again, never read it as a card
            reply.add(t("ui.pick_range", lang, n=len(pending)), "candidates")
            return reply
        if len(pending) == 1 and pick in YES:
            return self.play(pending[0], seat, lang)
        if looks_like_question(text) and not is_request(text):
            return self.question(text, seat, lang)
        if is_request(text):  # "could you play my two sixes for me?": a move if it names one, else a question
            reply = self.move(text, seat, lang)
            return reply if reply.accepted or self.pending else self.question(text, seat, lang)
        return self.move(text, seat, lang)

    def play(self, plan: Any, seat: int, lang: str) -> Reply:
        """Commit an action (or a list of actions, one unit) for `seat`; the engine judges it. Then the bots
        answer."""
        reply = Reply()
        actions = list(plan) if isinstance(plan, list | tuple) else [plan]
        try:
            lines = self.commit_unit(actions, lang, seat)
        except IllegalAction as exc:  # the parser is grounded, but the engine stays the judge
            reply.add(self.kit.explain(exc.illegal, lang, self.names), "refusal")
            return reply
        except (GameMovedOn, GameGone) as exc:  # another session was first, or the game was deleted
            reply.add(self.save_trouble(exc, lang), "error")
            reply.quit = self.closed
            return reply
        except SaveError as exc:
            reply.add(t("ui.save_failed", lang, error=str(exc)), "error")
            return reply
        reply.accepted = True
        more, notices = self._bots(lang, seat)
        lines += more
        self.mark_seen(seat)
        self.narrate(reply, lines, lang)
        for notice in notices:
            reply.add(notice, "error")
        reply.quit = self.closed
        self.announce_end(reply, lang)
        return reply

    def narrate(self, reply: Reply, lines: list[str], lang: str) -> None:
        """Add the narration of the moves just made: the model's when configured, else the templates. The
        model sees only the template lines (public facts) and the kit's public facts; its text is shown (sent
        to `self.stream` at once) only after the whole of it arrived and passed the checks."""
        codes = self.kit.code_pattern
        if self.llm is not None and lines and codes is not None:
            from gm.llm import LLMError, notice_key
            from gm.narrate.llm import narrate_llm

            try:
                facts = self.kit.public_facts(self.game.view(self.state, None))
                text = narrate_llm(self.llm, lang, lines, facts, self.history, codes, self.stream)
                reply.messages.append(Message(text, "narration", streamed=self.stream is not None))
                self.history = (self.history + lines)[-12:]
                return
            except LLMError as exc:  # nothing of it was shown; the template sentences stand
                key = notice_key(exc)
                if key is not None:
                    reply.add(t(key, lang), "info")
        for line in lines:
            reply.add(line, "narration")
        self.history = (self.history + lines)[-12:]

    def move(self, text: str, seat: int, lang: str) -> Reply:
        from gm.parse.llm import understand

        reply = Reply()
        res, out = understand(self.game, self.state, seat, text, lang, self.llm)
        s = self.seats[seat]
        if res.lang and s.lang is None and res.kind != "no_match" and res.lang != lang:
            s.lang = res.lang  # a player who writes German gets German from now on
            lang = res.lang
        if res.kind == "action":
            return self.play(res.plan, seat, lang)  # the engine judges it again in commit
        if res.kind == "confirm":  # the words fit one move but say much else: a yes plays it
            self.pending = [res.action]
            reply.add(t("ui.did_you_mean", lang, move=self.kit.describe_action(res.action, lang)), "candidates")
            return reply
        if out is not None:
            if out.kind == "confirm":
                self.pending = [out.action]
                reply.add(t("ui.did_you_mean", lang, move=self.kit.describe_action(out.action, lang)),
                          "candidates")
                return reply
            if out.kind == "refused" and out.illegal is not None and out.proposed:
                reply.add(t("ui.model_refused", lang, move=out.proposed,
                            reason=self.kit.explain(out.illegal, lang, self.names)), "refusal")
                return reply
            if out.kind == "clarify" and out.question and res.kind == "no_match":
                reply.add(out.question, "candidates")
                return reply
            if out.kind == "error" and out.notice:
                reply.add(t(out.notice, lang), "info")
        if res.kind == "ambiguous":
            self.pending = list(res.candidates[:12])
            reply.add(t("ui.which_one", lang), "candidates")
            for i, a in enumerate(res.candidates[:12], 1):
                reply.add(f"  {i}. {self.kit.describe_action(a, lang)}", "candidates")
            if len(res.candidates) > 12:
                reply.add(t("ui.more_candidates", lang, n=len(res.candidates) - 12), "candidates")
        elif res.kind == "illegal":
            assert res.illegal is not None
            reply.add(self.kit.explain(res.illegal, lang, self.names), "refusal")
        else:
            reply.add(t("ui.no_match", lang, examples=self.say("ui.move_examples", lang)), "refusal")
        return reply

    def question(self, text: str, seat: int, lang: str) -> Reply:
        from gm.rules import answer

        reply = Reply()
        ans = answer(text, self.game.name, lang=lang, state=self.state, player=seat, names=self.names,
                     llm=self.llm)
        reply.add(ans.render(), "answer")
        return reply

    def announce_end(self, reply: Reply, lang: str) -> None:
        """The final scores and the winner, once per session (the move that ends the game tells them; the
        shell's later call adds nothing). They are for everyone: in the table's language when several
        humans share it."""
        if not self.state.is_over or self.announced:
            return
        self.announced = True
        if len(self.humans) > 1:
            lang = self.default_lang
        winners = self.game.winners(self.state)
        scores = self.game.scores(self.state)
        table = ", ".join(f"{n} {s}" for n, s in zip(self.names, scores, strict=True))
        reply.add(t("ui.final_scores", lang, scores=table), "result")
        for line in self.kit.final_lines(self.state, lang, self.names):
            reply.add(line, "result")  # how each score came about, where the game's scoring has parts
        key = "ui.winners_tie" if len(winners) != 1 else \
            "ui.winner_low" if self.kit.info.lower_score_wins else "ui.winner_high"
        reply.add(t(key, lang, names=join_list([self.names[w] for w in winners], lang)), "result")

    @property
    def persistent(self) -> bool:
        """Whether the game outlives this process (False for an in-memory database: nothing can resume it)."""
        return bool(getattr(self.store, "persistent", True))

    def farewell(self, lang: str) -> str:
        """The line said when the table leaves: how to resume, or (in memory only) that nothing was kept."""
        if not self.persistent:
            return t("ui.bye_unsaved", lang)
        if self.state.is_over:
            return t("ui.game_saved", lang, game=self.game_id)
        return t("ui.bye", lang, ref=self.campaign or self.game_id)

    # ---- meta commands --------------------------------------------------------------------------------

    def meta(self, text: str, seat: int | None, lang: str) -> Reply:
        reply = Reply()
        cmd, _, arg = text.partition(" ")
        cmd = cmd.lower().strip()
        arg = arg.strip()
        viewer = seat
        if cmd in ("/hand", "/h"):
            lines = self.kit.hand_lines(self.game.view(self.state, viewer), lang) if viewer is not None else []
            for line in lines or [t("ui.no_hand", lang)]:
                reply.add(line)
        elif cmd in ("/board", "/b"):
            for line in self.kit.board_lines(self.game.view(self.state, viewer), lang, self.names):
                reply.add(line)
        elif cmd in ("/moves", "/m"):
            acts = self.game.legal_actions(self.state) if viewer is not None else []
            if not acts:
                reply.add(t("ui.no_moves", lang))
            for a in acts:
                reply.add(f"  {self.kit.describe_action(a, lang)}")
        elif cmd in ("/card", "/c", "/karte", "/carte"):
            card = self.kit.card_lines(arg, lang, self.state) if arg else None
            for line in card or [t("ui.no_card", lang, card=arg[:40] or "?")]:
                reply.add(line, "answer" if card else "error")
        elif cmd in ("/undo", "/u"):
            reply = self.undo(seat, lang)
        elif cmd in ("/save", "/s"):
            if self.persistent:
                reply.add(t("ui.saved", lang, game=self.game_id, campaign=self.campaign or self.game_id))
            else:
                reply.add(t("ui.saved_nowhere", lang))
        elif cmd in ("/lang", "/language", "/sprache", "/langue"):
            if arg.lower() not in LANGS:
                reply.add(t("ui.lang_usage", lang), "error")
            else:
                new = normalise_lang(arg)
                if seat is not None:
                    self.seats[seat].lang = new
                else:
                    self.default_lang = new
                reply.add(t("ui.lang_set", new))
        elif cmd in ("/help", "/?", "/hilfe", "/aide"):
            reply.add(self.say("ui.help", lang))
        elif cmd in ("/quit", "/exit", "/q", "/ende", "/quitter"):
            reply.add(self.farewell(lang))
            reply.quit = True
        else:
            reply.add(t("ui.unknown_command", lang, command=cmd[:31]), "error")
        return reply

    def undo(self, seat: int | None, lang: str, previous_human: int | None = None) -> Reply:
        """Take back the requesting player's own last unit (one utterance's actions), if nobody has acted
        since and none of its events revealed hidden information (as the engine declares).

        Board Game Arena's policy: an action can be taken back until the next player acts, and never past
        revealed hidden information.
        """
        reply = Reply()
        who = previous_human if previous_human is not None else seat
        if who is None or not self.log:
            reply.add(t("ui.undo_nothing", lang), "refusal")
            return reply
        first = self.units[-1]
        unit_seats = {s for s, _ in self.log[first:]}
        if unit_seats != {who}:
            if any(s == who for s, _ in self.log):
                reply.add(t("ui.undo_others_played", lang), "refusal")
            else:
                reply.add(t("ui.undo_nothing", lang), "refusal")
            return reply
        state: Any = None
        chain = self.genesis
        revealed = False
        for step in replay(self.game, len(self.seats), self.seed, self.options, self.log):
            if step.ply < first:
                chain = chain_hash(chain, step.ply, self.log[step.ply][0], self.log[step.ply][1])
                state = step.after
            elif any(self.game.reveals(e) for e in step.events):
                revealed = True
        if revealed:
            reply.add(self.say("ui.undo_hidden", lang), "refusal")
            return reply
        if state is None:
            state = self.game.new_game(players=len(self.seats), seed=self.seed, options=self.options)
        try:
            self.store.truncate(self.game_id, first, self.game.state_to_json(state), at=len(self.log),
                                head=self.chain)
        except (GameMovedOn, GameGone) as exc:  # a stale session never takes back moves made elsewhere
            reply.add(self.save_trouble(exc, lang, undo=True), "error")
            reply.quit = self.closed
            return reply
        self.state, self.chain = state, chain
        del self.log[first:]
        del self.units[first:]
        if self._events is not None:
            del self._events[first:]
        self.seen = {k: min(v, first) for k, v in self.seen.items()}
        reply.accepted = True
        reply.add(t("ui.undone", lang, name=self.names[who]), "info")
        return reply
