"""ODIN (Helvetiq): every rule, deterministic, with immutable states.

States are NamedTuples of ints and tuples (hands and piles are 54-bit masks), so copying a state is one
tuple construction and legal-move generation is a handful of table look-ups.
"""

from __future__ import annotations

import json
import random
from bisect import bisect_right
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core import (
    Bot,
    Decision,
    GameInfo,
    Illegal,
    IllegalAction,
    NotationError,
    OptionsError,
    OptionSpec,
    ScenarioError,
    StateFormatError,
    Summary,
    dumps,
    facts,
    shown,
)
from engine.odin.actions import (
    ACTION_ADAPTER,
    EVENT_ADAPTER,
    Dealt,
    Event,
    GameOver,
    HandScored,
    Pass,
    Passed,
    Play,
    Played,
    TrickEnded,
)
from engine.odin.cards import (
    ALL,
    BIT,
    CODE,
    COUNT_AT_LEAST,
    INDEX,
    NIBBLE_HIGH,
    RANK_ABOVE,
    RANK_COMBOS,
    RANK_MASK,
    RANK_SPREAD,
    REPEAT_VALUE,
    SUIT_COMBOS9,
    SUIT_MASK,
    SUIT_SHIFTS,
    SUIT_VALUES9,
    SUITS,
    bits_t,
    codes,
    codes_t,
    is_group,
    value_of,
)

HAND_SIZE = 9
TARGETS = (10, 15, 20)
INFO = GameInfo(
    name="odin", title="ODIN", min_players=2, max_players=6, lower_score_wins=True,
    hidden_between_players=True,
    options=(
        OptionSpec("target", "int", 15, (10, 15, 20, "one_hand"),
                   "points that end the game (10, 15, 20), or one_hand: end after the first scoring"),
        OptionSpec("two_player_remove_suits", "bool", False, (True, False),
                   "with two players, remove two colours at random before the deal"),
    ),
    bots=("greedy", "random"), default_bot="greedy")
OPTION_DEFAULTS: dict[str, Any] = INFO.defaults()


class OdinState(NamedTuple):
    """One ODIN position. Treat as immutable; use the game object to move on.

    `to_move` is -1 and `over` True once the game has ended. `target` 0 means "end after the first scoring".
    `last_actor` is the seat that acted last (it leads after a scoring).
    """

    players: int
    hands: tuple[int, ...]
    center: int
    center_n: int
    center_value: int
    discard: int
    stock: int
    removed: int
    to_move: int
    last_played_by: int
    passes: int
    scores: tuple[int, ...]
    target: int
    seed: int
    deal: int
    ply: int
    over: bool

    @property
    def decision(self) -> Decision:
        """`lead` (the centre is empty) or `play_or_pass` with the centre and its value as facts."""
        if self.over:
            return Decision(None, "game_over")
        if self.center_n == 0:
            return Decision(self.to_move, "lead", facts(whole_hand=is_group(self.hands[self.to_move])
                                                        and self.hands[self.to_move].bit_count() > 1))
        return Decision(self.to_move, "play_or_pass", facts(center=codes(self.center), value=self.center_value,
                                                            count=self.center_n))

    @property
    def is_over(self) -> bool:
        return self.over


@dataclass(frozen=True, slots=True)
class OdinView:
    """What one seat sees: its own hand, the centre, hand sizes, scores. `hand` is None for a spectator."""

    players: int
    you: int | None
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    center: tuple[str, ...]
    center_value: int
    discard_count: int
    decision: Decision
    last_played_by: int | None
    passes_in_row: int
    scores: tuple[int, ...]
    target: int | str
    deal: int
    ply: int
    removed_suits: tuple[str, ...]
    is_over: bool
    winners: tuple[int, ...]

    @property
    def summary(self) -> Summary:
        public = (("center", " ".join(self.center) + (f" ({self.center_value})" if self.center else "")),
                  ("hand_sizes", " ".join(map(str, self.hand_sizes))), ("target", str(self.target)))
        return Summary(self.players, self.you, self.decision, self.scores, self.is_over, self.winners, public,
                       ("hand",) if self.hand is not None else (), self.ply)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "odin", "players": self.players, "you": self.you, "hand_sizes": list(self.hand_sizes),
            "center": list(self.center), "center_value": self.center_value, "discard_count": self.discard_count,
            "decision": {"player": self.decision.player, "kind": self.decision.kind},
            "last_played_by": self.last_played_by, "passes_in_row": self.passes_in_row,
            "scores": list(self.scores), "target": self.target, "deal": self.deal, "ply": self.ply,
            "removed_suits": list(self.removed_suits), "is_over": self.is_over, "winners": list(self.winners),
        }
        if self.hand is not None:
            out["hand"] = list(self.hand)
        return out


PASS = Pass()
_PASSED = tuple(Passed(p) for p in range(6))  # events are immutable values: one per seat is enough
_PLAY_CACHE: dict[int, Play] = {}
# cards tuple of a Play -> (mask, number of cards, value, shares a suit or rank); only well-formed tuples.
_CARDS_INFO: dict[tuple[str, ...], tuple[int, int, int, bool]] = {}
_TAKE_SHIFT = 56


def _play(mask: int, take: int) -> Play:
    """The (interned) Play action for a card mask and a taken card index (-1: nothing)."""
    key = mask | (take + 1) << _TAKE_SHIFT
    action = _PLAY_CACHE.get(key)
    if action is None:
        action = Play.canonical(codes_t(mask), CODE[take] if take >= 0 else None)
        _PLAY_CACHE[key] = action
    return action


_LEAD: tuple[Play, ...] = tuple(_play(1 << c, -1) for c in range(54))  # the single-card leads


def _deal(players: int, seed: int, deal: int, removed: int) -> tuple[tuple[int, ...], int, random.Random]:
    rng = random.Random(f"odin:{seed}:{deal}")
    deck = [c for c in range(54) if not removed >> c & 1]
    rng.shuffle(deck)
    hands = tuple(sum(BIT[c] for c in deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(players))
    stock = sum(BIT[c] for c in deck[players * HAND_SIZE:])
    return hands, stock, rng


class OdinGame:
    """ODIN's rules behind the shared engine contract (see engine.core.Game)."""

    info = INFO
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER

    @property
    def bots(self) -> Mapping[str, Bot]:
        """Bot name -> function (state, rng) -> action; see engine/odin/bots.py."""
        from engine.odin.bots import BOTS

        return BOTS

    # ---- set-up ---------------------------------------------------------------------------------------

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults filled in; raises OptionsError with a clear message."""
        opts = dict(OPTION_DEFAULTS)
        for key, value in (options or {}).items():
            if key not in OPTION_DEFAULTS:
                raise OptionsError(f"unknown option {shown(key)}; ODIN knows {', '.join(sorted(OPTION_DEFAULTS))}")
            opts[key] = value
        target = opts["target"]
        if target != "one_hand" and (type(target) is not int or target not in TARGETS):
            raise OptionsError(f"target must be one of 10, 15, 20 or 'one_hand', not {shown(target)}")
        if not isinstance(opts["two_player_remove_suits"], bool):
            raise OptionsError("two_player_remove_suits must be true or false")
        return opts

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> OdinState:
        opts = self.options(options)
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise OptionsError(f"ODIN is for 2 to 6 players, not {shown(players)}")
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {shown(seed)}")
        removed = 0
        if opts["two_player_remove_suits"] and players == 2:
            setup = random.Random(f"odin:{seed}:setup")
            for s in setup.sample(range(6), 2):
                removed |= SUIT_MASK[s]
        hands, stock, rng = _deal(players, seed, 0, removed)
        first = rng.randrange(players)
        target = 0 if opts["target"] == "one_hand" else opts["target"]
        return OdinState(players, hands, 0, 0, 0, 0, stock, removed, first, -1, 0,
                         (0,) * players, target, seed, 0, 0, False)

    # ---- legality -------------------------------------------------------------------------------------

    def legal_actions(self, state: OdinState) -> list[Pass | Play]:
        if state.over:
            return []
        hand = state.hands[state.to_move]
        n = state.center_n
        size = hand.bit_count()
        out: list[Pass | Play] = []
        if n == 0:
            # Lead: one card, or the whole hand when it is all one suit or all one rank.
            out.extend([_LEAD[c] for c in bits_t(hand)])
            if size > 1 and is_group(hand):
                out.append(_play(hand, -1))
            return out
        out.append(PASS)
        value = state.center_value
        takes = bits_t(state.center)
        plays: list[int] = []
        words = (hand & 511, hand >> 9 & 511, hand >> 18 & 511, hand >> 27 & 511, hand >> 36 & 511, hand >> 45 & 511)
        counts = (RANK_SPREAD[words[0]] + RANK_SPREAD[words[1]] + RANK_SPREAD[words[2]] + RANK_SPREAD[words[3]]
                  + RANK_SPREAD[words[4]] + RANK_SPREAD[words[5]])
        for k in (n, n + 1):
            if k > size:
                break
            if k == 1:
                plays.extend([BIT[c] for c in bits_t(hand & RANK_ABOVE[value])])
                continue
            need = value if k == n else 0
            for s in range(6):
                vals = SUIT_VALUES9[words[s]][k]
                if vals:
                    i = bisect_right(vals, need)
                    if i < len(vals):
                        shift = SUIT_SHIFTS[s]
                        plays.extend(sub << shift for _, sub in SUIT_COMBOS9[words[s]][k][i:])
            multi = (counts + COUNT_AT_LEAST[k]) & NIBBLE_HIGH
            while multi:
                low = multi & -multi
                multi ^= low
                r = (low.bit_length() - 1) >> 2
                if REPEAT_VALUE[r][k] > need:
                    plays.extend(RANK_COMBOS[hand & RANK_MASK[r]][k])
        get = _PLAY_CACHE.get
        for p in plays:
            if p == hand:
                out.append(_play(p, -1))
            else:
                for t in takes:
                    a = get(p | (t + 1) << _TAKE_SHIFT)
                    out.append(a if a is not None else _play(p, t))
        return out

    def check(self, state: OdinState, action: Any) -> Illegal | None:
        if state.over:
            return Illegal("game_over", {})
        if isinstance(action, Pass):
            if state.center_n == 0:
                return Illegal("leader_cannot_pass", {})
            return None
        if not isinstance(action, Play):
            return Illegal("unknown_action", {"action": repr(action)})
        return self._check_play(state, action)[0]

    def _check_play(self, state: OdinState, action: Play) -> tuple[Illegal | None, int, int]:
        """(reason or None, card mask, take index) for a Play."""
        info = _CARDS_INFO.get(action.cards)
        if info is None:
            if not action.cards:
                return Illegal("no_cards", {}), 0, -1
            mask = 0
            for code in action.cards:
                c = INDEX.get(code)
                if c is None:
                    return Illegal("unknown_card", {"card": code}), 0, -1
                if mask & BIT[c]:
                    return Illegal("duplicate_card", {"card": code}), 0, -1
                mask |= BIT[c]
            info = _CARDS_INFO[action.cards] = (mask, mask.bit_count(), value_of(mask), is_group(mask))
        mask, k, value, group = info
        hand = state.hands[state.to_move]
        missing = mask & ~hand
        if missing:
            return Illegal("card_not_in_hand", {"card": codes(missing)[0], "cards": codes(missing)}), 0, -1
        n = state.center_n
        if n == 0:
            if k > 1 and not (mask == hand and group):
                return Illegal("lead_one_card", {"count": k, "whole_hand_allowed": is_group(hand)}), 0, -1
        else:
            if k != n and k != n + 1:
                return Illegal("wrong_count", {"count": k, "center_count": n, "allowed": [n, n + 1]}), 0, -1
            if not group:
                return Illegal("mixed_cards", {"cards": codes(mask)}), 0, -1
            if k == n and value <= state.center_value:
                return Illegal("not_higher", {"value": value, "to_beat": state.center_value}), 0, -1
        if n == 0 or mask == hand:
            if action.take is not None:
                why = "center_empty" if n == 0 else "hand_empty"
                return Illegal("take_not_allowed", {"card": action.take, "why": why}), 0, -1
            return None, mask, -1
        t = INDEX.get(action.take) if action.take is not None else None
        if t is None or not state.center >> t & 1:
            choices = codes(state.center)
            if action.take is None:
                return Illegal("take_required", {"choices": choices}), 0, -1
            return Illegal("take_not_in_centre", {"card": action.take, "choices": choices}), 0, -1
        return None, mask, t

    # ---- effects --------------------------------------------------------------------------------------

    def apply(self, state: OdinState, action: Any) -> tuple[OdinState, list[Event]]:
        p = state.to_move
        if isinstance(action, Pass) and not state.over and state.center_n:
            passes = state.passes + 1
            n = state.players
            if passes >= n - 1:
                leader = state.last_played_by
                events: list[Event] = [_PASSED[p], TrickEnded(leader, codes_t(state.center))]
                new = OdinState(n, state.hands, 0, 0, 0, state.discard | state.center, state.stock, state.removed,
                                leader, leader, 0, state.scores, state.target, state.seed, state.deal,
                                state.ply + 1, False)
                return new, events
            new = OdinState(n, state.hands, state.center, state.center_n, state.center_value, state.discard,
                            state.stock, state.removed, (p + 1) % n, state.last_played_by, passes, state.scores,
                            state.target, state.seed, state.deal, state.ply + 1, False)
            return new, [_PASSED[p]]
        if not isinstance(action, Play):
            raise IllegalAction(self.check(state, action) or Illegal("unknown_action", {}))
        illegal, mask, take = self._check_play(state, action) if not state.over else (Illegal("game_over", {}),
                                                                                     0, -1)
        if illegal is not None:
            raise IllegalAction(illegal)
        center = state.center
        hand = state.hands[p] & ~mask
        discarded = center
        if take >= 0:
            hand |= BIT[take]
            discarded &= ~BIT[take]
        hands = state.hands[:p] + (hand,) + state.hands[p + 1:]
        played = Played(p, action.cards, value_of(mask), action.take, codes_t(discarded), state.center_n == 0)
        if hand:
            new = OdinState(state.players, hands, mask, mask.bit_count(), played.value,
                            state.discard | discarded, state.stock, state.removed, (p + 1) % state.players, p, 0,
                            state.scores, state.target, state.seed, state.deal, state.ply + 1, False)
            return new, [played]
        return self._score(state, hands, p, played)

    def _score(self, state: OdinState, hands: tuple[int, ...], ender: int, played: Played
               ) -> tuple[OdinState, list[Event]]:
        points = tuple(h.bit_count() for h in hands)
        totals = tuple(s + q for s, q in zip(state.scores, points, strict=True))
        events: list[Event] = [played, HandScored(ender, points, totals)]
        if state.target == 0 or max(totals) >= state.target:
            best = min(totals)
            winners = tuple(i for i, t in enumerate(totals) if t == best)
            events.append(GameOver(winners, totals))
            discard = ALL & ~state.removed & ~state.stock & ~sum(hands)
            return OdinState(state.players, hands, 0, 0, 0, discard, state.stock, state.removed, -1, -1, 0,
                             totals, state.target, state.seed, state.deal, state.ply + 1, True), events
        deal = state.deal + 1
        new_hands, stock, _ = _deal(state.players, state.seed, deal, state.removed)
        events.append(Dealt(deal, ender))
        return OdinState(state.players, new_hands, 0, 0, 0, 0, stock, state.removed, ender, -1, 0, totals,
                         state.target, state.seed, deal, state.ply + 1, False), events

    # ---- notation -------------------------------------------------------------------------------------

    def to_notation(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Play):
            text = "play " + " ".join(action.cards)
            return text + (f" take {action.take}" if action.take else "")
        raise TypeError(f"not an ODIN action: {action!r}")

    def parse_notation(self, text: str) -> Pass | Play:
        """The action written in `text`, without judging legality (raises NotationError on bad syntax)."""
        words = text.strip().upper().split()
        if words == ["PASS"]:
            return PASS
        if not words or words[0] != "PLAY":
            raise NotationError(f"expected 'play <cards> [take <card>]' or 'pass', got {shown(text.strip())}")
        words = words[1:]
        take = None
        if "TAKE" in words:
            i = words.index("TAKE")
            if len(words) != i + 2:
                raise NotationError("'take' must be followed by exactly one card")
            take = words[i + 1]
            words = words[:i]
        for w in words + ([take] if take else []):
            if w not in INDEX:
                raise NotationError(f"{shown(w)} is not a card: a card is a colour letter (B R P G K O) and 1-9")
        if not words:
            raise NotationError("'play' needs at least one card")
        if len(set(words)) != len(words):
            raise NotationError("a card is named twice")
        return Play(tuple(words), take)

    def from_notation(self, state: OdinState, text: str) -> Pass | Play:
        action = self.parse_notation(text)
        illegal = self.check(state, action)
        if illegal is not None:
            raise NotationError(f"illegal here: {illegal}", illegal)
        return action

    # ---- views and results ----------------------------------------------------------------------------

    def view(self, state: OdinState, player: int | None) -> OdinView:
        """What seat `player` may see (None: a spectator). Other hands show only their sizes."""
        return OdinView(
            players=state.players, you=player,
            hand=codes_t(state.hands[player]) if player is not None else None,
            hand_sizes=tuple(h.bit_count() for h in state.hands), center=codes_t(state.center),
            center_value=state.center_value, discard_count=state.discard.bit_count(), decision=state.decision,
            last_played_by=None if state.last_played_by < 0 else state.last_played_by,
            passes_in_row=state.passes, scores=state.scores,
            target="one_hand" if state.target == 0 else state.target, deal=state.deal, ply=state.ply,
            removed_suits=tuple(SUITS[s] for s in range(6) if state.removed & SUIT_MASK[s]),
            is_over=state.over, winners=tuple(self.winners(state)))

    def holdings(self, state: OdinState, player: int) -> frozenset[str]:
        """The cards seat `player` holds: nobody else may see them."""
        return frozenset(codes(state.hands[player]))

    def reveals(self, event: Event) -> bool:
        """A scoring shows every hand and a new deal draws from the shuffled deck: neither can be undone."""
        return isinstance(event, HandScored | Dealt | GameOver)

    def scores(self, state: OdinState) -> list[int]:
        return list(state.scores)

    def winners(self, state: OdinState) -> list[int]:
        """Seats with the fewest points once the game is over (ties share the win); [] before the end."""
        if not state.over:
            return []
        best = min(state.scores)
        return [i for i, s in enumerate(state.scores) if s == best]

    # ---- serialisation ----------------------------------------------------------------------------------

    def state_to_dict(self, state: OdinState) -> dict[str, Any]:
        return {
            "game": "odin",
            "version": 1,
            "players": state.players,
            "hands": [codes(h) for h in state.hands],
            "center": codes(state.center),
            "discard": codes(state.discard),
            "stock": codes(state.stock),
            "removed": codes(state.removed),
            "to_move": state.to_move,
            "last_played_by": state.last_played_by,
            "passes": state.passes,
            "scores": list(state.scores),
            "target": state.target,
            "seed": state.seed,
            "deal": state.deal,
            "ply": state.ply,
            "over": state.over,
        }

    def state_to_json(self, state: OdinState) -> str:
        return dumps(self.state_to_dict(state))

    def state_from_json(self, text: str) -> OdinState:
        try:
            d = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StateFormatError(f"not a JSON state: {type(exc).__name__}") from exc
        try:
            if d.get("game") != "odin" or d.get("version") != 1:
                raise StateFormatError("not an ODIN state of version 1")

            def mask(cards: list[str]) -> int:
                m = 0
                for c in cards:
                    if m & BIT[INDEX[c]]:
                        raise StateFormatError(f"card {c} appears twice")
                    m |= BIT[INDEX[c]]
                return m

            hands = tuple(mask(h) for h in d["hands"])
            center, discard, stock, removed = (mask(d[k]) for k in ("center", "discard", "stock", "removed"))
            parts = [*hands, center, discard, stock, removed]
            if sum(parts) != ALL or any(a & b for i, a in enumerate(parts) for b in parts[i + 1:]):
                raise StateFormatError("the 54 cards are not each in exactly one place")
            def num(value: Any, low: int, high: int, what: str) -> int:
                if type(value) is not int or not low <= value < high:
                    raise StateFormatError(f"{what} must be an integer from {low} to {high - 1}")
                return value

            players = num(d["players"], 2, 7, "players")
            if len(hands) != players or len(d["scores"]) != players:
                raise StateFormatError("hands or scores do not match the number of players")
            over = d["over"]
            if type(over) is not bool:
                raise StateFormatError("over must be true or false")
            scores = tuple(num(s, 0, 2**31, "a score") for s in d["scores"])
            target = num(d["target"], 0, 21, "target")
            if target not in (0, *TARGETS):
                raise StateFormatError("target must be 0 (one hand), 10, 15 or 20")
            return OdinState(players, hands, center, center.bit_count(), value_of(center) if center else 0,
                             discard, stock, removed, num(d["to_move"], -1 if over else 0, players, "to_move"),
                             num(d["last_played_by"], -1, players, "last_played_by"),
                             num(d["passes"], 0, players, "passes"), scores, target,
                             num(d["seed"], -2**63, 2**63, "seed"), num(d["deal"], 0, 2**63, "deal"),
                             num(d["ply"], 0, 2**63, "ply"), over)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
            raise StateFormatError(f"damaged ODIN state: {type(exc).__name__}: {str(exc)[:200]}") from exc

    # ---- scenarios ------------------------------------------------------------------------------------

    def scenario(self, spec: Mapping[str, Any]) -> OdinState:
        """Build a position from a JSON-able spec (see docs/notation.md); impossible specs are refused.

        Required: players, hands (one list of card codes per seat), center, to_move. Optional:
        last_played_by, passes_in_row, scores, target (10/15/20/"one_hand"), seed, deal, ply.
        Cards not listed lie in the discard pile.
        """
        if not isinstance(spec, dict):
            raise ScenarioError("a scenario is a JSON object")
        known = {"players", "hands", "center", "to_move", "last_played_by", "passes_in_row", "scores",
                 "target", "seed", "deal", "ply"}
        unknown = set(spec) - known
        if unknown:
            raise ScenarioError(f"unknown scenario keys: {sorted(unknown)}")
        for key in ("players", "hands", "center", "to_move"):
            if key not in spec:
                raise ScenarioError(f"scenario needs {key!r}")
        players = spec["players"]
        if type(players) is not int or not 2 <= players <= 6:
            raise ScenarioError(f"players must be 2 to 6, not {shown(players)}")
        hands_spec, center_spec = spec["hands"], spec["center"]
        if not isinstance(hands_spec, list) or len(hands_spec) != players:
            raise ScenarioError(f"hands must list {players} hands, one per seat")
        if not isinstance(center_spec, list):
            raise ScenarioError("center must be a list of cards")
        seen: set[str] = set()

        def mask_of(cards: Any, where: str) -> int:
            if not isinstance(cards, list):
                raise ScenarioError(f"{where} must be a list of cards")
            m = 0
            for raw in cards:
                code = raw.strip().upper() if isinstance(raw, str) else ""
                if code not in INDEX:
                    raise ScenarioError(f"{shown(raw, 20)} in {where} is not a card (B R P G K O and 1-9, e.g. R7)")
                if code in seen:
                    raise ScenarioError(f"card {code} appears twice")
                seen.add(code)
                m |= BIT[INDEX[code]]
            return m

        hands = tuple(mask_of(h, f"hand {i}") for i, h in enumerate(hands_spec))
        for i, h in enumerate(hands):
            if not 1 <= h.bit_count() <= HAND_SIZE:
                raise ScenarioError(f"hand {i} holds {h.bit_count()} cards; a hand in play holds 1 to 9")
        center = mask_of(center_spec, "center")
        if center and not is_group(center):
            raise ScenarioError("the centre's cards must share one colour or one number")
        to_move = spec["to_move"]
        if type(to_move) is not int or not 0 <= to_move < players:
            raise ScenarioError(f"to_move must be a seat from 0 to {players - 1}")
        last = spec.get("last_played_by", (to_move - 1) % players if center else None)
        if center:
            if type(last) is not int or not 0 <= last < players or last == to_move and players > 1:
                raise ScenarioError("last_played_by must be another seat that played the centre")
        else:
            last = -1 if last is None else last
            if type(last) is not int or not -1 <= last < players:
                raise ScenarioError("last_played_by must be a seat")
        passes = spec.get("passes_in_row", (to_move - last) % players - 1 if center else 0)
        if type(passes) is not int or not 0 <= passes < players - 1 or (center and passes !=
                                                                         (to_move - last) % players - 1):
            raise ScenarioError("passes_in_row must count the seats between the last player and to_move")
        scores = spec.get("scores", [0] * players)
        if (not isinstance(scores, list) or len(scores) != players
                or any(type(s) is not int or s < 0 for s in scores)):
            raise ScenarioError(f"scores must be {players} non-negative integers")
        try:
            opts = self.options({"target": spec.get("target", 15)})
        except OptionsError as exc:
            raise ScenarioError(str(exc)) from exc
        target = 0 if opts["target"] == "one_hand" else opts["target"]
        counters = {key: spec.get(key, 0) for key in ("seed", "deal", "ply")}
        for key, value in counters.items():
            if type(value) is not int or not 0 <= value < 2**63:
                raise ScenarioError(f"{key} must be an integer from 0 to 2**63-1")
        if any(s >= 2**31 for s in scores):
            raise ScenarioError("scores must be below 2**31")
        discard = ALL & ~center & ~sum(hands)
        return OdinState(players, hands, center, center.bit_count(), value_of(center) if center else 0,
                         discard, 0, 0, to_move, last, passes, tuple(scores), target, counters["seed"],
                         counters["deal"], counters["ply"], False)

    # ---- boundary helpers -------------------------------------------------------------------------------

    def action_from_json(self, data: Any) -> Pass | Play:
        return self.action_adapter.validate_python(data)

    def action_to_json(self, action: Pass | Play) -> dict[str, Any]:
        data: dict[str, Any] = self.action_adapter.dump_python(action, mode="json")
        return data

    def event_to_json(self, event: Event) -> dict[str, Any]:
        data: dict[str, Any] = self.event_adapter.dump_python(event, mode="json")
        return data


GAME = OdinGame()

if TYPE_CHECKING:  # mypy checks here that ODIN satisfies the contract with its own types
    from engine.core import Game

    _CONTRACT: Game[OdinState, Pass | Play, Event, OdinView] = GAME
