"""One game in play: state, log, seats (human or bot), languages, and the handling of one typed line.

The REPL is a thin shell over `Session.handle`, so tests drive whole games without a terminal. Every
accepted action goes through `Session.commit`, which saves it (one transaction) before anything is said.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from engine import IllegalAction, load_game
from gm.i18n import normalise_lang, t
from gm.store import GENESIS, LoadedGame, SaveError, Store, chain_hash

MAX_LINE = 2000
# Events after which an action can no longer be taken back: they reveal hidden information (a new deal).
REVEALING = {"hand_scored", "dealt", "game_over"}
YES = {"y", "yes", "yeah", "yep", "ok", "okay", "sure", "j", "ja", "jawohl", "jo", "genau", "o", "oui", "ouais",
       "d'accord", "dac"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


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


def parse_players(spec: str, default_lang: str | None = None, game: str = "odin") -> list[Seat]:
    """`"Ana:de,Ben,bot:greedy"` -> seats. A bot is `bot:KIND[:lang]`; a human `Name[:lang]`."""
    bots = load_game(game).bots
    seats: list[Seat] = []
    for raw in spec.split(","):
        item = raw.strip()
        if not item:
            continue
        parts = [p.strip() for p in item.split(":")]
        if parts[0].lower() == "bot":
            kind = (parts[1] if len(parts) > 1 and parts[1] else "greedy").lower()
            if kind not in bots:
                raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(sorted(bots))}")
            lang = normalise_lang(parts[2]) if len(parts) > 2 else None
            same = sum(1 for s in seats if s.bot == kind)
            name = kind.capitalize() + (f" {same + 1}" if same else "")
            seats.append(Seat(name=name, kind="bot", bot=kind, lang=lang))
        else:
            lang = normalise_lang(parts[1]) if len(parts) > 1 and parts[1] else None
            if any(s.name.lower() == parts[0].lower() for s in seats):
                raise ValueError(f"two players are called {parts[0]!r}")
            seats.append(Seat(name=parts[0][:24], kind="human", lang=lang))
    return seats


QUESTION_START = re.compile(
    r"^(what|why|how|when|who|which|can|may|must|do|does|is|are|should|wie|was|warum|wieso|weshalb|wann|wer|"
    r"welche[rsnm]?|kann|darf|muss|soll|gibt|combien|pourquoi|comment|quand|qui|quel(le)?s?|est[- ]ce|"
    r"puis[- ]je|peut[- ]on|dois[- ]je|que|quoi)\b", re.IGNORECASE)


def looks_like_question(text: str) -> bool:
    s = text.strip()
    return s.endswith("?") or bool(QUESTION_START.match(s))


class Session:
    """Owns one game in play. Create with `Session.new` or `Session.resume`."""

    def __init__(self, store: Store, game_id: int, game_name: str, seats: list[Seat], state: Any,
                 seed: int, options: dict[str, Any], default_lang: str = "en", campaign: str | None = None,
                 chain: str = GENESIS, log: list[tuple[int, str]] | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.game = load_game(game_name)
        self.seats = seats
        self.state = state
        self.seed = seed
        self.options = options
        self.default_lang = normalise_lang(default_lang)
        self.campaign = campaign
        self.chain = chain
        self.log: list[tuple[int, str]] = list(log or [])
        self.pending: list[Any] = []  # candidates of the last ambiguous move: "2" picks the second
        self.llm: Any = None  # gm.llm.LLM when a model is configured; None: everything offline
        self.stream: Callable[[str], None] | None = None  # where model narration is streamed (the REPL)
        self.history: list[str] = []  # the last narrated lines, for the model's bounded context

    # ---- creation ------------------------------------------------------------------------------------

    @classmethod
    def new(cls, store: Store, game_name: str, seats: list[Seat], seed: int, options: dict[str, Any],
            default_lang: str = "en", campaign: str | None = None) -> Session:
        game = load_game(game_name)
        if not game.min_players <= len(seats) <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players, "
                             f"not {len(seats)}")
        state = game.new_game(players=len(seats), seed=seed, options=options)
        campaign_id = None
        if campaign:
            c = store.campaign(campaign) or store.create_campaign(campaign, game.name, [asdict(s) for s in seats])
            campaign_id = c.id
        gid = store.create_game(game.name, [asdict(s) for s in seats], options, seed, game.state_to_json(state),
                                campaign_id)
        return cls(store, gid, game.name, seats, state, seed, options, default_lang, campaign)

    @classmethod
    def resume(cls, store: Store, game_id: int, default_lang: str = "en") -> Session:
        return cls.from_loaded(store, store.load(game_id), default_lang)

    @classmethod
    def from_loaded(cls, store: Store, loaded: LoadedGame, default_lang: str = "en") -> Session:
        """A session over a game the store has read back and verified."""
        seats = [Seat(**s) for s in loaded.seats]
        return cls(store, loaded.id, loaded.game, seats, loaded.state, loaded.seed, loaded.options, default_lang,
                   loaded.campaign, loaded.chain, loaded.log)

    # ---- who and which language --------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def to_move(self) -> int | None:
        return self.state.decision.player

    def lang_of(self, seat: int | None) -> str:
        return (self.seats[seat].lang if seat is not None else None) or self.default_lang

    def human_to_move(self) -> int | None:
        p = self.to_move
        return p if p is not None and not self.seats[p].is_bot else None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    # ---- the one way the game moves on ---------------------------------------------------------------

    def commit(self, action: Any, lang: str, viewer: int | None) -> list[str]:
        """Apply an action the engine accepts, save it, then return its narration."""
        from gm.narrate import narrate

        seat = self.state.decision.player
        state, events = self.game.apply(self.state, action)  # raises IllegalAction, nothing changed
        notation = self.game.to_notation(action)
        ply = len(self.log)
        result = ({"scores": self.game.scores(state), "winners": self.game.winners(state)}
                  if state.is_over else None)
        self.chain = self.store.append(self.game_id, ply, seat, notation, self.chain, self.game.state_to_json(state),
                                       state.is_over, result)
        self.state = state
        self.log.append((seat, notation))
        return narrate(self.game.name, events, lang, self.names, viewer)

    def run_bots(self, lang: str, viewer: int | None) -> list[str]:
        """Bots act until a human must decide or the game is over; returns the narration."""
        lines: list[str] = []
        while not self.state.is_over:
            p = self.to_move
            assert p is not None
            seat = self.seats[p]
            if not seat.is_bot:
                break
            rng = random.Random(f"bot:{self.seed}:{len(self.log)}")
            action = self.game.bots[seat.bot or "greedy"](self.state, rng)
            lines += self.commit(action, lang, viewer)
        return lines

    # ---- one typed line -------------------------------------------------------------------------------

    def handle(self, text: str) -> Reply:
        """Handle one line typed by the human whose turn it is."""
        reply = Reply()
        seat = self.human_to_move()
        lang = self.lang_of(seat)
        text = CONTROL.sub(" ", text or "").strip()
        if not text:
            return reply
        if len(text) > MAX_LINE:
            reply.add(t("ui.too_long", lang, limit=MAX_LINE), "error")
            return reply
        if text.startswith("/"):
            return self.meta(text, seat, lang)
        if self.state.is_over:
            reply.add(t("ui.game_over_already", lang), "info")
            return reply
        if seat is None:
            reply.add(t("ui.not_a_human_turn", lang), "error")
            return reply
        pending, self.pending = self.pending, []
        pick = text.rstrip(".)!").strip().lower()
        if pending and pick.isdigit() and 1 <= int(pick) <= len(pending):
            return self.play(pending[int(pick) - 1], seat, lang)
        if len(pending) == 1 and pick in YES:
            return self.play(pending[0], seat, lang)
        if looks_like_question(text):
            return self.question(text, seat, lang)
        return self.move(text, seat, lang)

    def play(self, action: Any, seat: int, lang: str) -> Reply:
        """Commit an action for `seat` (the engine judges it), then let the bots answer."""
        from gm.narrate import explain

        reply = Reply()
        try:
            lines = self.commit(action, lang, seat)
        except IllegalAction as exc:  # the parser is grounded, but the engine stays the judge
            reply.add(explain(self.game.name, exc.illegal, lang, self.names), "refusal")
            return reply
        except SaveError as exc:
            reply.add(t("ui.save_failed", lang, error=str(exc)), "error")
            return reply
        reply.accepted = True
        lines += self.run_bots(lang, seat)
        self.narrate(reply, lines, lang)
        self.announce_end(reply, lang)
        return reply

    def narrate(self, reply: Reply, lines: list[str], lang: str) -> None:
        """Add the narration of the moves just made: the model's (streamed) when configured, else the
        templates. The model sees only the template lines (public facts) and the public view."""
        if self.llm is not None and lines:
            from gm.llm import LLMError
            from gm.narrate.llm import narrate_llm

            streamed: list[str] = []

            def on_chunk(chunk: str) -> None:
                streamed.append(chunk)
                if self.stream is not None:
                    self.stream(chunk)

            try:
                text = narrate_llm(self.llm, lang, lines, self.game.view(self.state, None), self.history, on_chunk)
                reply.messages.append(Message(text, "narration", streamed=self.stream is not None))
                self.history = (self.history + lines)[-12:]
                return
            except LLMError as exc:
                if streamed and self.stream is not None:
                    self.stream("\n")  # end the abandoned line; the template sentences follow
                if "did not answer" in str(exc) or "empty" in str(exc):
                    reply.add(t("ui.model_failed", lang), "info")
        for line in lines:
            reply.add(line, "narration")
        self.history = (self.history + lines)[-12:]

    def move(self, text: str, seat: int, lang: str) -> Reply:
        from gm.narrate import describe_action, explain
        from gm.parse import parse_move

        reply = Reply()
        res = parse_move(self.game, self.state, seat, text, lang=lang)
        s = self.seats[seat]
        if res.lang and s.lang is None and res.kind != "no_match" and res.lang != lang:
            s.lang = res.lang  # a player who writes German gets German from now on
            lang = res.lang
        if res.kind == "action":
            return self.play(res.action, seat, lang)
        if res.kind in ("ambiguous", "no_match") and self.llm is not None:
            from gm.parse.llm import resolve

            out = resolve(self.llm, self.game, self.state, seat, text, lang, res)
            if out.kind == "action":
                return self.play(out.action, seat, lang)  # the engine judges it again in commit
            if out.kind == "confirm":
                self.pending = [out.action]
                reply.add(t("ui.did_you_mean", lang, move=describe_action(self.game.name, out.action, lang)),
                          "candidates")
                return reply
            if out.kind == "refused" and out.illegal is not None:
                reply.add(t("ui.model_refused", lang, move=out.proposed or "?",
                            reason=explain(self.game.name, out.illegal, lang, self.names)), "refusal")
                return reply
            if out.kind == "clarify" and out.question and res.kind == "no_match":
                reply.add(out.question, "candidates")
                return reply
            if out.kind == "error":
                reply.add(t("ui.model_failed", lang), "info")
        if res.kind == "ambiguous":
            self.pending = list(res.candidates[:12])
            reply.add(t("ui.which_one", lang), "candidates")
            for i, a in enumerate(res.candidates[:12], 1):
                reply.add(f"  {i}. {describe_action(self.game.name, a, lang)}", "candidates")
            if len(res.candidates) > 12:
                reply.add(t("ui.more_candidates", lang, n=len(res.candidates) - 12), "candidates")
        elif res.kind == "illegal":
            assert res.illegal is not None
            reply.add(explain(self.game.name, res.illegal, lang, self.names), "refusal")
        else:
            reply.add(t("ui.no_match", lang), "refusal")
        return reply

    def question(self, text: str, seat: int, lang: str) -> Reply:
        from gm.rules import answer

        reply = Reply()
        ans = answer(text, self.game.name, lang=lang, state=self.state, player=seat, names=self.names,
                     llm=self.llm)
        reply.add(ans.render(), "answer")
        return reply

    def announce_end(self, reply: Reply, lang: str) -> None:
        if not self.state.is_over:
            return
        winners = self.game.winners(self.state)
        scores = self.game.scores(self.state)
        table = ", ".join(f"{n} {s}" for n, s in zip(self.names, scores, strict=True))
        reply.add(t("ui.final_scores", lang, scores=table), "result")
        key = "ui.winner" if len(winners) == 1 else "ui.winners_tie"
        reply.add(t(key, lang, names=_join([self.names[w] for w in winners], lang)), "result")

    # ---- meta commands --------------------------------------------------------------------------------

    def meta(self, text: str, seat: int | None, lang: str) -> Reply:
        from gm.narrate import board_lines, describe_action, hand_line

        reply = Reply()
        cmd, _, arg = text[1:].partition(" ")
        cmd = cmd.lower().strip()
        arg = arg.strip()
        viewer = seat
        if cmd in ("hand", "h"):
            if viewer is None:
                reply.add(t("ui.no_hand", lang))
            else:
                reply.add(hand_line(self.game.name, self.game.view(self.state, viewer), lang))
        elif cmd in ("board", "b"):
            for line in board_lines(self.game.name, self.game.view(self.state, viewer), lang, self.names):
                reply.add(line)
        elif cmd in ("moves", "m"):
            acts = self.game.legal_actions(self.state) if viewer is not None else []
            if not acts:
                reply.add(t("ui.no_moves", lang))
            for a in acts:
                reply.add(f"  {describe_action(self.game.name, a, lang)}")
        elif cmd in ("undo", "u"):
            reply = self.undo(seat, lang)
        elif cmd in ("save", "s"):
            reply.add(t("ui.saved", lang, game=self.game_id, campaign=self.campaign or self.game_id))
        elif cmd in ("lang", "language", "sprache", "langue"):
            if arg.lower() not in ("en", "de", "fr"):
                reply.add(t("ui.lang_usage", lang), "error")
            else:
                new = normalise_lang(arg)
                if seat is not None:
                    self.seats[seat].lang = new
                else:
                    self.default_lang = new
                reply.add(t("ui.lang_set", new))
        elif cmd in ("help", "?", "hilfe", "aide"):
            reply.add(t("ui.help", lang))
        elif cmd in ("quit", "exit", "q", "ende", "quitter"):
            reply.add(t("ui.bye", lang, target=self.campaign or self.game_id))
            reply.quit = True
        else:
            reply.add(t("ui.unknown_command", lang, command="/" + cmd[:30]), "error")
        return reply

    def undo(self, seat: int | None, lang: str, previous_human: int | None = None) -> Reply:
        """Take back the requesting player's own last action, if nobody has acted since and no deal followed.

        Board Game Arena's policy: an action can be taken back until the next player acts, and never past
        revealed hidden information (here: a scoring and a new deal).
        """
        reply = Reply()
        who = previous_human if previous_human is not None else seat
        if who is None or not self.log:
            reply.add(t("ui.undo_nothing", lang), "refusal")
            return reply
        last_seat, _ = self.log[-1]
        if last_seat != who:
            if any(s == who for s, _ in self.log):
                reply.add(t("ui.undo_others_played", lang), "refusal")
            else:
                reply.add(t("ui.undo_nothing", lang), "refusal")
            return reply
        ply = len(self.log) - 1
        state = self.game.new_game(players=len(self.seats), seed=self.seed, options=self.options)
        chain = GENESIS
        for i, (s, n) in enumerate(self.log[:ply]):
            state, _ = self.game.apply(state, self.game.from_notation(state, n))
            chain = chain_hash(chain, i, s, n)
        _, events = self.game.apply(state, self.game.from_notation(state, self.log[-1][1]))
        if any(getattr(e, "kind", "") in REVEALING for e in events):
            reply.add(t("ui.undo_hidden", lang), "refusal")
            return reply
        self.store.truncate(self.game_id, ply, self.game.state_to_json(state))
        self.state, self.chain = state, chain
        self.log.pop()
        reply.accepted = True
        reply.add(t("ui.undone", lang, name=self.names[who]), "info")
        return reply


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {t('and', lang)} " + items[-1]
