"""In the Name of Odin (NSKN Games): every rule, deterministic, with immutable states.

The state is one NamedTuple of ints and tuples; hands are bit masks over the Action Cards of the card set in
play (a :class:`CardSet`, shared and immutable, stored with the state). Legality lives in one place, the
generator (`legal_actions`); `check` refuses anything it does not offer and explains why with a reason code.

Decisions (kind: who decides):
- ``noo_action``: the active player's Action Phase (any of the ten actions, or ``end``).
- ``noo_exchange``: after refreshing the Action Card Offer, or with swaps left from an extra-exchange ability.
- ``noo_release``: over the Viking limit: choose the Vikings that go back to the Mead Hall.
- ``noo_take_viking``: the Mead Hall ran short while gathering: take one from a player with the most, or stop.
- ``noo_raid_add``: raid step D, each other player clockwise: add one Action Card or pass.
- ``noo_raid_match``: raid step E, the raider matches up to 3 table cards.
- ``noo_raid_take``: raid step H, each player who added a card takes one from the Action Card Offer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
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
    StateFormatError,
    Summary,
    dumps,
    facts,
    shown,
)
from engine.name_of_odin.actions import (
    ACTION_ADAPTER,
    EVENT_ADAPTER,
    REVEALING,
    AddCard,
    AnyAction,
    AnyEvent,
    Build,
    BuildingBuilt,
    BuildingOfferCycled,
    BuyShip,
    CardsExchanged,
    EndTurn,
    Exchange,
    ExchangeDone,
    ExchangeFinished,
    FameReceived,
    GameEnded,
    Gather,
    HeroAbilityUsed,
    HeroLeft,
    HeroRecruited,
    LongshipBought,
    LongshipDamaged,
    LongshipRepaired,
    LongshipReturned,
    Match,
    OfferRefilled,
    OfferRefreshed,
    Pass,
    Raid,
    RaidCardAdded,
    RaidCardsRevealed,
    RaidCardTaken,
    RaidDeclared,
    RaidMatched,
    RaidPassed,
    Recruit,
    Refresh,
    Release,
    Repair,
    ReturnShip,
    Score,
    SeaReplenished,
    StopTaking,
    TakeCard,
    TakeViking,
    TakingStopped,
    Token,
    TokenObtained,
    TurnEnded,
    UseHero,
    VikingsGathered,
    VikingsReleased,
    VikingTaken,
)
from engine.name_of_odin.cards import (
    BUILDING_TYPES,
    REDUCIBLE,
    SYMBOLS,
    TYPE_INDEX,
    TYPES,
    VIKINGS,
    CardsError,
    CardSet,
    card_set,
    default_set,
)

EDITIONS = ("en", "de", "fr")
EN, DE, FR = 0, 1, 2
INFO = GameInfo(
    name="name-of-odin", title="In the Name of Odin", min_players=2, max_players=5, lower_score_wins=False,
    hidden_between_players=True,
    options=(
        OptionSpec("edition", "str", "en", EDITIONS,
                   "the rulebook followed where editions differ: en (English), de (German), fr (French)"),
        OptionSpec("cards", "json_file", None, (),
                   "a card file (JSON, see docs/cards-name-of-odin.md; gm cards check FILE); "
                   "default: the reconstructed set"),
    ),
    bots=("heuristic", "random", "baseline"), default_bot="heuristic")

# phases (the kind of the pending decision)
ACTION, EXCHANGE, RELEASE, TAKE, ADD, MATCH, TAKECARD, OVER = range(8)
KINDS = ("noo_action", "noo_exchange", "noo_release", "noo_take_viking", "noo_raid_add", "noo_raid_match",
         "noo_raid_take", "game_over")
R_, C_, N_ = 0, 1, 2  # action symbols
GATHER_YIELD = (0, 1, 3, 6)
RED = {name: i for i, name in enumerate(REDUCIBLE)}


class NooState(NamedTuple):
    """One position. Treat as immutable; move on with the game object.

    Decks are tuples with the top card last; "under the deck" is the front. `sea` has one entry per raid space
    from the upper zone down (-1 empty); `ztokens` one Viking Token per zone (-1: the zone has none); `spare`
    the tokens beside the board. Per player: `hands` (bit masks), `vikings` (W, T, S), `fame`, `heroes` (-1
    none), `blds` (bit mask of building indices), `ctok` (Construction Tokens), `ships` ((ship, damage,
    away), ...), `done` (completed raids). Turn: `exch` (0 unused, >0 swaps left, -1 used), `sym_used` and
    `abil_used` (bit masks of building indices whose symbol / turn ability was used), `ctx` the pending
    procedure's context.
    """

    cs: CardSet
    edition: int
    players: int
    seed: int
    shuffles: int
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    offer: tuple[int, ...]
    hands: tuple[int, ...]
    table: tuple[int, ...]
    hdeck: tuple[int, ...]
    hoffer: tuple[int, ...]
    bdeck: tuple[int, ...]
    boffer: tuple[int, ...]
    sdeck: tuple[int, ...]
    soffer: tuple[int, ...]
    rdeck: tuple[int, ...]
    sea: tuple[int, ...]
    ztokens: tuple[int, ...]
    spare: tuple[int, ...]
    vikings: tuple[tuple[int, int, int], ...]
    hall: tuple[int, int, int]
    fame: tuple[int, ...]
    heroes: tuple[int, ...]
    blds: tuple[int, ...]
    ctok: tuple[int, ...]
    ships: tuple[tuple[tuple[int, int, bool], ...], ...]
    done: tuple[tuple[int, ...], ...]
    cstock: int
    dstock: int
    active: int
    to_move: int
    phase: int
    exch: int
    sym_used: int
    abil_used: int
    ctx: tuple[Any, ...]
    ply: int
    final: tuple[int, ...]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def decision(self) -> Decision:
        return _decision(self)


# ---- derived per-player figures --------------------------------------------------------------------------


class Profile(NamedTuple):
    """What a village's buildings give (computed once per set of buildings)."""

    types: int  # bit mask of building types built
    nbuild: int
    limit: int
    slots: int
    draw_to: int
    range_bonus: int
    symbol: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # building indices giving R, C, N
    exchange: tuple[tuple[int, int], ...]  # (building, n)
    gather: tuple[tuple[int, int], ...]
    reduce: tuple[tuple[tuple[int, int], ...], ...]  # per REDUCIBLE action: (building, n)
    discount: tuple[tuple[int, int, int], ...]  # (building, viking, n)
    fame: tuple[tuple[int, int], ...]
    wild: tuple[tuple[int, int], ...]
    end_fame: tuple[tuple[int, int], ...]  # (per index, n)
    building_fame: int


_PROFILES: dict[tuple[int, int], Profile] = {}


def _profile(cs: CardSet, mask: int) -> Profile:
    key = (id(cs), mask)
    prof = _PROFILES.get(key)
    if prof is not None:
        return prof
    idx = [i for i in range(len(cs.buildings)) if mask >> i & 1]
    bl = [cs.buildings[i] for i in idx]
    types = 0
    for b in bl:
        types |= 1 << b.type
    prof = Profile(
        types, len(bl), max([cs.limit] + [b.limit for b in bl]), cs.base_slots + sum(b.slots for b in bl),
        max([cs.hand] + [b.draw_to for b in bl]), sum(b.range_bonus for b in bl),
        tuple(tuple(i for i, b in zip(idx, bl, strict=True) if b.symbol == s) for s in range(3)),  # type: ignore[arg-type]
        tuple((i, b.extra_exchange) for i, b in zip(idx, bl, strict=True) if b.extra_exchange),
        tuple((i, b.gather_bonus) for i, b in zip(idx, bl, strict=True) if b.gather_bonus),
        tuple(tuple((i, b.reduction[1]) for i, b in zip(idx, bl, strict=True) if b.reduction[0] == a)
              for a in range(len(REDUCIBLE))),
        tuple((i, b.raid_discount[0], b.raid_discount[1]) for i, b in zip(idx, bl, strict=True)
              if b.raid_discount[0] >= 0),
        tuple((i, b.raid_fame) for i, b in zip(idx, bl, strict=True) if b.raid_fame),
        tuple((i, b.match_wild) for i, b in zip(idx, bl, strict=True) if b.match_wild),
        tuple(b.end_fame for b in bl if b.end_fame[0] >= 0), sum(b.fame for b in bl))
    _PROFILES[key] = prof
    return prof


_COUNTS: dict[int, tuple[int, ...]] = {}


def _counts(cs: CardSet, hand: int) -> tuple[int, ...]:
    """Cards of each of the 9 types in a hand."""
    c = _COUNTS.get(hand)
    if c is None:
        if len(_COUNTS) > 300_000:
            _COUNTS.clear()
        tm = cs.type_mask
        c = _COUNTS[hand] = ((hand & tm[0]).bit_count(), (hand & tm[1]).bit_count(), (hand & tm[2]).bit_count(),
                             (hand & tm[3]).bit_count(), (hand & tm[4]).bit_count(), (hand & tm[5]).bit_count(),
                             (hand & tm[6]).bit_count(), (hand & tm[7]).bit_count(), (hand & tm[8]).bit_count())
    return c


_MULTI: dict[tuple[int, int, int, int, int, int, int], tuple[tuple[str, ...], ...]] = {}


def _multisets(t0: int, t1: int, t2: int, a: int, b: int, c: int, k: int) -> tuple[tuple[str, ...], ...]:
    """Every way to choose k cards from a of type t0, b of t1, c of t2 (as canonical type-code tuples)."""
    key = (t0, t1, t2, min(a, k), min(b, k), min(c, k), k)
    out = _MULTI.get(key)
    if out is None:
        res = []
        for i in range(min(a, k) + 1):
            for j in range(min(b, k - i) + 1):
                m = k - i - j
                if m <= c:
                    res.append(tuple(sorted((TYPES[t0],) * i + (TYPES[t1],) * j + (TYPES[t2],) * m,
                                            key=TYPE_INDEX.__getitem__)))
        out = _MULTI[key] = tuple(res)
    return out


def _symbol_payments(cnt: tuple[int, ...], sym: int, k: int) -> tuple[tuple[str, ...], ...]:
    return _multisets(sym, 3 + sym, 6 + sym, cnt[sym], cnt[3 + sym], cnt[6 + sym], k)


def _ship_range(cs: CardSet, ship: tuple[int, int, bool], prof: Profile) -> int:
    return cs.ships[ship[0]].range - ship[1] + prof.range_bonus


def _total(v: tuple[int, int, int]) -> int:
    return v[0] + v[1] + v[2]


def _rep(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1:]


# ---- drawing --------------------------------------------------------------------------------------------


def _draw(s: NooState, deck: tuple[int, ...], discard: tuple[int, ...], shuffles: int, n: int
          ) -> tuple[list[int], tuple[int, ...], tuple[int, ...], int, bool]:
    """Draw n Action Cards (fewer if deck and discard run out), reshuffling the discard pile when the deck is
    empty. Returns (cards, deck, discard, shuffles, reshuffled)."""
    got: list[int] = []
    reshuffled = False
    while n > 0:
        if not deck:
            if not discard:
                break
            pile = list(discard)
            random.Random(f"name-of-odin:{s.seed}:shuffle:{shuffles}").shuffle(pile)
            deck, discard, shuffles, reshuffled = tuple(pile), (), shuffles + 1, True
        k = min(n, len(deck))
        got.extend(reversed(deck[-k:]))
        deck = deck[:-k]
        n -= k
    return got, deck, discard, shuffles, reshuffled


# ---- options and set-up ---------------------------------------------------------------------------------


def _options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    opts: dict[str, Any] = {"edition": "en", "cards": None}
    for key, value in (options or {}).items():
        if key not in opts:
            raise OptionsError(f"unknown option {shown(key)}; In the Name of Odin knows cards, edition")
        opts[key] = value
    if opts["edition"] not in EDITIONS:
        raise OptionsError(f"edition must be en, de or fr, not {shown(opts['edition'])}")
    if opts["cards"] is not None:
        try:
            card_set(opts["cards"])
        except CardsError as exc:
            raise OptionsError(f"the card set cannot be played: {exc}") from None
        except (TypeError, ValueError, RecursionError) as exc:
            raise OptionsError(f"the card set is not a JSON document: {type(exc).__name__}") from None
    return opts


def _cards_of(opts: Mapping[str, Any]) -> CardSet:
    return default_set() if opts["cards"] is None else card_set(opts["cards"])


@dataclass(frozen=True, slots=True)
class NooView:
    """What one seat may see (None: a spectator): everything but the hands of others and the decks' order."""

    data: dict[str, Any]
    summary_: Summary

    @property
    def summary(self) -> Summary:
        return self.summary_

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = json.loads(json.dumps(self.data))  # a fresh copy each time
        return out


_ACTION_CACHE: dict[Any, Any] = {}
END = EndTurn()
DONE = ExchangeDone()
PASS = Pass()
STOP = StopTaking()
MATCH_NONE = Match(())


def _act(key: tuple[Any, ...], make: Any) -> Any:
    a = _ACTION_CACHE.get(key)
    if a is None:
        a = _ACTION_CACHE[key] = make()
    return a


class NameOfOdinGame:
    """In the Name of Odin's rules behind the shared engine contract (see engine.core.Game)."""

    info = INFO
    name = INFO.name
    title = INFO.title
    min_players = INFO.min_players
    max_players = INFO.max_players
    action_adapter = ACTION_ADAPTER
    event_adapter = EVENT_ADAPTER

    def __init__(self) -> None:
        self._last: tuple[NooState | None, list[Any], set[Any] | None] = (None, [], None)  # see _is_legal

    @property
    def bots(self) -> Mapping[str, Bot]:
        from engine.name_of_odin.bots import BOTS

        return BOTS

    def options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return _options(options)

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> NooState:
        opts = _options(options)
        if type(players) is not int or not 2 <= players <= 5:
            raise OptionsError(f"In the Name of Odin is for 2 to 5 players, not {shown(players)}")
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {shown(seed)}")
        cs = _cards_of(opts)
        rng = random.Random(f"name-of-odin:{seed}:setup")
        raids = list(range(len(cs.raids)))
        rng.shuffle(raids)
        rdeck = raids[:cs.raid_deck[players]]
        tokens = [0, 1, 2]
        rng.shuffle(tokens)
        ztok = []
        for z in range(len(cs.zone_range)):
            ztok.append(tokens.pop() if cs.zone_token[z] else -1)
        heroes = list(range(len(cs.heroes)))
        rng.shuffle(heroes)
        blds = list(range(len(cs.buildings)))
        rng.shuffle(blds)
        ships = list(range(len(cs.ships)))
        rng.shuffle(ships)
        deck = list(range(cs.n_actions))
        rng.shuffle(deck)
        hands = []
        for _ in range(players):
            hand = 0
            for _ in range(cs.hand):
                hand |= 1 << deck.pop()
            hands.append(hand)
        offer = tuple(deck.pop() for _ in range(cs.action_offer))
        hoffer = tuple(heroes.pop() for _ in range(len(cs.hero_costs)))
        boffer = tuple(blds.pop() for _ in range(cs.building_offer))
        soffer = tuple(ships.pop() for _ in range(cs.ship_offer))
        sea = tuple(rdeck.pop() for _ in range(len(cs.space_zone)))
        first = rng.randrange(players)
        n = players
        return NooState(
            cs, EDITIONS.index(opts["edition"]), players, seed, 0, tuple(deck), (), offer, tuple(hands), (),
            tuple(heroes), hoffer, tuple(blds), boffer, tuple(ships), soffer, tuple(rdeck), sea, tuple(ztok),
            tuple(tokens), ((0, 0, 0),) * n, (cs.per_type,) * 3, (0,) * n, (-1,) * n, (0,) * n, (0,) * n,
            ((),) * n, ((),) * n, cs.ctokens, cs.dtokens, first, first, ACTION, 0, 0, 0, (), 0, ())

    # ---- legality -------------------------------------------------------------------------------------

    def legal_actions(self, state: NooState) -> list[Any]:
        last = self._last
        if last[0] is state:
            return list(last[1])
        acts = _legal(state)
        self._last = (state, acts, None)
        return list(acts)

    def _is_legal(self, state: NooState, action: Any) -> bool:
        """Whether the generator offers `action` here; the list of the last state asked about is kept, and an
        action object taken from it is recognised by identity (actions are interned)."""
        last = self._last
        if last[0] is not state:
            self._last = last = (state, _legal(state), None)
        acts = last[1]
        for x in acts:
            if x is action:
                return True
        legal = last[2]
        if legal is None:
            legal = set(acts)
            self._last = (state, acts, legal)
        try:
            return action in legal
        except TypeError:  # unhashable: not an action of this game
            return False

    def check(self, state: NooState, action: Any) -> Illegal | None:
        if self._is_legal(state, action):
            return None
        return _why(state, action)

    # ---- effects --------------------------------------------------------------------------------------

    def apply(self, state: NooState, action: Any) -> tuple[NooState, list[Any]]:
        if not self._is_legal(state, action):
            raise IllegalAction(_why(state, action) or Illegal("not_legal_here", {}))
        ev: list[Any] = []
        new = _apply(state, action, ev)
        return new._replace(ply=state.ply + 1), ev

    # ---- notation -------------------------------------------------------------------------------------

    def to_notation(self, action: Any) -> str:
        return _notation(action)

    def parse_notation(self, text: str) -> Any:
        return _parse(text)

    def from_notation(self, state: NooState, text: str) -> Any:
        action = _parse(text)
        illegal = self.check(state, action)
        if illegal is not None:
            raise NotationError(f"illegal here: {illegal}", illegal)
        return action

    # ---- views and results ----------------------------------------------------------------------------

    def view(self, state: NooState, player: int | None) -> NooView:
        return _view(self, state, player)

    def holdings(self, state: NooState, player: int) -> frozenset[str]:
        """The Action Cards in seat `player`'s hand (the only hidden things a seat holds)."""
        codes = state.cs.act_code
        return frozenset(codes[i] for i in _bits(state.hands[player]))

    def reveals(self, event: Any) -> bool:
        if isinstance(event, HeroAbilityUsed):
            return event.cards_drawn > 0
        return isinstance(event, REVEALING)

    def scores(self, state: NooState) -> list[int]:
        return list(state.final) if state.phase == OVER else list(state.fame)

    def winners(self, state: NooState) -> list[int]:
        """Most Fame; a tie goes to the fewest completed raids; still tied, the tied players share the win."""
        if state.phase != OVER:
            return []
        return _winners(state.final, state.done)

    def final_scores(self, state: NooState) -> list[Score]:
        """The final scoring's breakdown per player (valid at any time: what the score would be now)."""
        return list(_final(state))

    # ---- serialisation --------------------------------------------------------------------------------

    def state_to_json(self, state: NooState) -> str:
        return _state_json(state)

    def state_from_json(self, text: str) -> NooState:
        return _state_from_json(text)

    def scenario(self, spec: Mapping[str, Any]) -> NooState:
        from engine.name_of_odin.scenario import build

        return build(spec)

    def action_from_json(self, data: Any) -> Any:
        return self.action_adapter.validate_python(data)

    def action_to_json(self, action: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.action_adapter.dump_python(action, mode="json")
        return data

    def event_to_json(self, event: Any) -> dict[str, Any]:
        data: dict[str, Any] = self.event_adapter.dump_python(event, mode="json")
        return data

    # ---- helpers for tests, bots and the kit ----------------------------------------------------------

    def raid_terms(self, state: NooState, player: int, raid: str, ship: str) -> dict[str, Any] | None:
        """Steps B-C for `player` raiding `raid` with `ship` as they stand: range needed and available, Vikings
        needed (token included), discounts, payment and whether the player has them. None when the raid or
        ship is not on the board / not the player's."""
        cs = state.cs
        r = cs.raid_index.get(raid)
        sh = cs.ship_index.get(ship)
        if r is None or sh is None or r not in state.sea:
            return None
        slot = next((j for j, x in enumerate(state.ships[player]) if x[0] == sh), -1)
        if slot < 0:
            return None
        space = state.sea.index(r)
        need, disc, pay, _ = _raid_terms(state, player, space, slot)
        prof = _profile(cs, state.blds[player])
        hero = state.heroes[player]
        rng = _ship_range(cs, state.ships[player][slot], prof) + (cs.heroes[hero].range_bonus if hero >= 0 else 0)
        have = state.vikings[player]
        return {"range_needed": cs.space_range[space], "range": rng, "need": need, "discount": disc,
                "pay": pay, "have": have, "enough": all(pay[i] <= have[i] for i in range(3)),
                "away": state.ships[player][slot][2]}

    def token_cost(self, state: NooState, player: int) -> int:
        """Craftsmanship symbols the player's next Construction Token costs (before once-per-turn discounts)."""
        return _profile(state.cs, state.blds[player]).nbuild + state.ctok[player] + 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---- the generator ----------------------------------------------------------------------------------------


def _sym_avail(s: NooState, prof: Profile, sym: int) -> int:
    return sum(1 for b in prof.symbol[sym] if not s.sym_used >> b & 1)


def _unused(abil: int, pairs: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """(bit mask, summed n) of the buildings in `pairs` ((building, n), ...) whose turn ability is unused."""
    mask = total = 0
    for b, n in pairs:
        if not abil >> b & 1:
            mask |= 1 << b
            total += n
    return mask, total


def _reduction(s: NooState, prof: Profile, action: int) -> tuple[int, int]:
    return _unused(s.abil_used, prof.reduce[action])


_KS: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}


def _ks(base: int, red: int, avail: int) -> tuple[int, tuple[int, ...]]:
    key = (base, red, avail)
    got = _KS.get(key)
    if got is None:
        c = max(0, base - red)
        got = _KS[key] = (c, (c,) + tuple(c - j for j in range(1, avail + 1) if c - j >= 1))
    return got


def _pay_counts(s: NooState, prof: Profile, action: int, sym: int, base: int) -> tuple[int, tuple[int, ...]]:
    """(cost after the once-per-turn reduction, the allowed numbers of cards to discard): building symbols
    may replace cards, but never all of them."""
    return _ks(base, _reduction(s, prof, action)[1], _sym_avail(s, prof, sym))


def _raid_terms(s: NooState, p: int, space: int, slot: int
                ) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int], int]:
    """(need, discount, payment, bit mask of the buildings whose discount applies) for raiding `space` with ship
    `slot`."""
    cs = s.cs
    raid = cs.raids[s.sea[space]]
    need = list(raid.need)
    tok = s.ztokens[cs.space_zone[space]]
    if tok >= 0:
        need[tok] += 1
    disc = [0, 0, 0]
    hero = s.heroes[p]
    if hero >= 0:
        h = cs.heroes[hero]
        disc[h.viking] += 1
        if h.discount[0] >= 0:
            disc[h.discount[0]] += h.discount[1]
    ship = cs.ships[s.ships[p][slot][0]]
    if ship.discount[0] >= 0:
        disc[ship.discount[0]] += ship.discount[1]
    used = 0
    if s.edition != DE:
        for b, v, n in _profile(cs, s.blds[p]).discount:
            if not s.abil_used >> b & 1 and need[v] > disc[v]:
                disc[v] += n
                used |= 1 << b
    pay = (max(0, need[0] - disc[0]), max(0, need[1] - disc[1]), max(0, need[2] - disc[2]))
    return (need[0], need[1], need[2]), (disc[0], disc[1], disc[2]), pay, used


def _legal(s: NooState) -> list[Any]:
    ph = s.phase
    if ph == ACTION:
        return _legal_main(s)
    cs = s.cs
    if ph == ADD:
        cnt = _counts(cs, s.hands[s.to_move])
        out: list[Any] = [PASS]
        out.extend(_act(("add", t), lambda t=t: AddCard(TYPES[t])) for t in range(9) if cnt[t])
        return out
    if ph == MATCH:
        return _legal_match(s)
    if ph == TAKECARD:
        types = sorted({cs.act_type[c] for c in s.offer})
        return [_act(("take", t), lambda t=t: TakeCard(TYPES[t])) for t in types]
    if ph == EXCHANGE:
        return [DONE, *_exchanges(s, _counts(cs, s.hands[s.active]))]
    if ph == RELEASE:
        return _legal_release(s)
    if ph == TAKE:
        v = s.ctx[0]
        return [STOP] + [_act(("from", q), lambda q=q: TakeViking(q)) for q in _take_sources(s, v)]
    return []


_MEMO: dict[tuple[Any, ...], list[Any]] = {}


def _memo(key: tuple[Any, ...], make: Any) -> list[Any]:
    """A section of the legal actions, kept by the small key it depends on."""
    got = _MEMO.get(key)
    if got is None:
        if len(_MEMO) > 400_000:
            _MEMO.clear()
        got = _MEMO[key] = make()
    return got


def _offer_types(s: NooState) -> int:
    at = s.cs.act_type
    bits = 0
    for c in s.offer:
        bits |= 1 << at[c]
    return bits


def _exchanges(s: NooState, cnt: tuple[int, ...]) -> list[Any]:
    def make() -> list[Any]:
        out = []
        for g in range(9):
            if cnt[g]:
                for o in range(9):
                    if o != g and bits >> o & 1:
                        out.append(_act(("exch", g, o), lambda g=g, o=o: Exchange(TYPES[g], TYPES[o])))
        return out

    bits = _offer_types(s)
    return _memo(("exch", cnt, bits), make)


def _gathers(cnt: tuple[int, ...]) -> list[Any]:
    def make() -> list[Any]:
        out = []
        for v in range(3):
            a, b, c = cnt[3 * v], cnt[3 * v + 1], cnt[3 * v + 2]
            for k in range(1, min(3, a + b + c) + 1):
                for pay in _multisets(3 * v, 3 * v + 1, 3 * v + 2, a, b, c, k):
                    out.append(_act(("gather", pay), lambda pay=pay: Gather(pay)))
        return out

    return _memo(("gather", cnt), make)


def _paid_actions(tag: str, codes: tuple[str, ...], cnt: tuple[int, ...], sym: int, ks: tuple[int, ...],
                  maker: Any) -> list[Any]:
    """`maker(code, payment)` for every code and every payment of k symbols (k in ks)."""
    trio = (cnt[sym], cnt[3 + sym], cnt[6 + sym])

    def make() -> list[Any]:
        pays = [pay for k in ks for pay in _symbol_payments(cnt, sym, k)]
        return [_act((tag, code, pay), lambda code=code, pay=pay: maker(code, pay)) for code in codes for pay in pays]

    return _memo((tag, codes, trio, ks), make)


def _legal_main(s: NooState) -> list[Any]:
    cs = s.cs
    p = s.active
    hand = s.hands[p]
    cnt = _counts(cs, hand)
    prof = _profile(cs, s.blds[p])
    if s.blds[p]:
        av = (_sym_avail(s, prof, 0), _sym_avail(s, prof, 1), _sym_avail(s, prof, 2))
        red = tuple(_reduction(s, prof, a)[1] for a in range(len(REDUCIBLE)))
    else:
        av, red = (0, 0, 0), (0,) * len(REDUCIBLE)
    out: list[Any] = [END]
    if s.exch == 0 and hand:
        out.extend(_memo(("refresh", cnt), lambda: [_act(("refresh", g), lambda g=g: Refresh(TYPES[g]))
                                                    for g in range(9) if cnt[g]]))
        out.extend(_exchanges(s, cnt))
    # 2. gather
    out.extend(_gathers(cnt))
    # 3. recruit
    out.extend(_memo(("recruits", id(cs), s.hoffer, cnt[R_], cnt[3 + R_], cnt[6 + R_], red[0], av[R_]),
                     lambda: [a for i, h in enumerate(s.hoffer) if h >= 0
                              for a in _paid_actions("recruit", (cs.heroes[h].code,), cnt, R_,
                                                     _ks(cs.hero_costs[i], red[0], av[R_])[1], Recruit)]))
    # 4. hero action ability
    hero = s.heroes[p]
    if hero >= 0 and not cs.heroes[hero].raid:
        code = cs.heroes[hero].code
        out.append(_act(("use", code), lambda code=code: UseHero(code)))
    # 5. build
    if s.ctok[p] >= 1:
        codes = tuple(cs.buildings[b].code for b in s.boffer
                      if b >= 0 and not prof.types >> cs.buildings[b].type & 1)
        if codes:
            _, ks = _ks(3, red[1], av[C_])
            out.extend(_paid_actions("build", codes, cnt, C_, ks, Build))
    # 6. construction token
    if s.ctok[p] + 1 <= len(BUILDING_TYPES) - prof.nbuild and s.cstock > 0:
        _, ks = _ks(prof.nbuild + s.ctok[p] + 1, red[2], av[C_])
        out.extend(_memo(("token", cnt[C_], cnt[3 + C_], cnt[6 + C_], ks), lambda: [
            _act(("token", pay), lambda pay=pay: Token(pay)) for k in ks for pay in _symbol_payments(cnt, C_, k)]))
    # 7-9. longships
    ships = s.ships[p]
    if len(ships) < prof.slots:
        codes = tuple(cs.ships[x].code for x in s.soffer if x >= 0)
        if codes:
            _, ks = _ks(3, red[3], av[N_])
            out.extend(_paid_actions("buy", codes, cnt, N_, ks, BuyShip))
    if ships:
        away = tuple(cs.ships[x[0]].code for x in ships if x[2])
        if away:
            _, ks = _ks(2, red[4], av[N_])
            out.extend(_paid_actions("return", away, cnt, N_, ks, ReturnShip))
        damaged = tuple(cs.ships[x[0]].code for x in ships if x[1])
        if damaged:
            _, ks = _ks(2, red[5], av[N_])
            out.extend(_paid_actions("repair", damaged, cnt, N_, ks, Repair))
        # 10. raid
        if hero >= 0:
            bonus = cs.heroes[hero].range_bonus
            have = s.vikings[p]
            for slot, x in enumerate(ships):
                if x[2]:
                    continue
                rng = _ship_range(cs, x, prof) + bonus
                scode = cs.ships[x[0]].code
                for space, r in enumerate(s.sea):
                    if r < 0 or cs.space_range[space] > rng:
                        continue
                    need, _, owe, _ = _raid_terms(s, p, space, slot)
                    if owe[0] > have[0] or owe[1] > have[1] or owe[2] > have[2]:
                        continue
                    rcode = cs.raids[r].code
                    if owe[0] + owe[1] + owe[2]:
                        out.append(_act(("raid", rcode, scode, None),
                                        lambda rcode=rcode, scode=scode: Raid(rcode, scode, None)))
                    else:
                        for v in range(3):
                            if need[v] and have[v]:
                                out.append(_act(("raid", rcode, scode, v),
                                                lambda rcode=rcode, scode=scode, v=v: Raid(rcode, scode, VIKINGS[v])))
    return out


def _legal_match(s: NooState) -> list[Any]:
    cs = s.cs
    cnt = _counts(cs, s.hands[s.active])
    tcount = [0, 0, 0]
    for c in s.table:
        tcount[cs.act_type[c] % 3] += 1
    per_symbol: list[list[tuple[str, ...]]] = []
    for sym in range(3):
        opts: list[tuple[str, ...]] = []
        have = cnt[sym] + cnt[3 + sym] + cnt[6 + sym]
        for k in range(min(tcount[sym], have, 3) + 1):
            opts.extend(_symbol_payments(cnt, sym, k))
        per_symbol.append(opts)
    out = []
    for x, y, z in product(*per_symbol):
        if len(x) + len(y) + len(z) <= 3:
            cards = tuple(sorted(x + y + z, key=TYPE_INDEX.__getitem__))
            out.append(_act(("match", cards), lambda cards=cards: Match(cards)))
    return out


def _legal_release(s: NooState) -> list[Any]:
    p = s.active
    have = s.vikings[p]
    limit = _profile(s.cs, s.blds[p]).limit
    excess = _total(have) - limit
    v, took = s.ctx
    caps = [have[0], have[1], have[2]]
    if took:
        caps[v] = 0
    out = []
    for w in range(min(caps[0], excess) + 1):
        for t in range(min(caps[1], excess - w) + 1):
            x = excess - w - t
            if x <= caps[2]:
                key = ("release", w, t, x)
                out.append(_act(key, lambda w=w, t=t, x=x: Release(("W",) * w + ("T",) * t + ("S",) * x)))
    return out


def _take_sources(s: NooState, v: int) -> list[int]:
    """The seats the active player may take a Viking of type v from now (most of that type, ties all)."""
    p = s.active
    best = max(s.vikings[q][v] for q in range(s.players) if q != p)
    if best <= 0:
        return []
    have = s.vikings[p]
    excess = _total(have) + 1 - _profile(s.cs, s.blds[p]).limit
    if excess > 0 and excess > _total(have) - have[v]:
        return []  # the excess could not be sent back without returning the gathered type
    return [q for q in range(s.players) if q != p and s.vikings[q][v] == best]


# ---- reasons ------------------------------------------------------------------------------------------------


def _why(s: NooState, a: Any) -> Illegal:
    """A reason code for an action the generator does not offer here (never None)."""
    cs = s.cs
    if s.phase == OVER:
        return Illegal("game_over", {})
    if not isinstance(a, AnyAction):
        return Illegal("unknown_action", {})
    kind = KINDS[s.phase]
    main_only = (Gather, Recruit, UseHero, Build, Token, BuyShip, ReturnShip, Repair, Raid, EndTurn, Refresh)
    if s.phase != ACTION and isinstance(a, main_only):
        return Illegal("wrong_decision", {"decision": kind, "player": s.to_move})
    if isinstance(a, Exchange | ExchangeDone) and s.phase not in (ACTION, EXCHANGE) or isinstance(
            a, Release) and s.phase != RELEASE or isinstance(a, TakeViking | StopTaking) and s.phase != TAKE or \
            isinstance(a, AddCard | Pass) and s.phase != ADD or isinstance(a, Match) and s.phase != MATCH or \
            isinstance(a, TakeCard) and s.phase != TAKECARD:
        return Illegal("wrong_decision", {"decision": kind, "player": s.to_move})
    p = s.to_move
    cnt = _counts(cs, s.hands[p])
    cards: tuple[str, ...] = getattr(a, "cards", ())
    for code in cards:
        if code not in TYPE_INDEX:
            return Illegal("unknown_card_type", {"card": code})
    need: dict[int, int] = {}
    for code in cards:
        need[TYPE_INDEX[code]] = need.get(TYPE_INDEX[code], 0) + 1
    for ti, k in need.items():
        if cnt[ti] < k:
            return Illegal("cards_not_in_hand", {"card": TYPES[ti], "need": k, "have": cnt[ti]})
    prof = _profile(cs, s.blds[p])
    if isinstance(a, Exchange):
        if a.give not in TYPE_INDEX or a.take not in TYPE_INDEX:
            return Illegal("unknown_card_type", {"card": a.give if a.give not in TYPE_INDEX else a.take})
        if s.phase == ACTION and s.exch != 0:
            return Illegal("exchange_used", {})
        if not cnt[TYPE_INDEX[a.give]]:
            return Illegal("cards_not_in_hand", {"card": a.give, "need": 1, "have": 0})
        if a.take not in [TYPES[cs.act_type[c]] for c in s.offer]:
            return Illegal("card_not_in_offer", {"card": a.take, "offer": [TYPES[cs.act_type[c]] for c in s.offer]})
        return Illegal("same_type", {"card": a.give})
    if isinstance(a, Refresh):
        if s.exch != 0:
            return Illegal("exchange_used", {})
        return Illegal("cards_not_in_hand", {"card": a.card, "need": 1, "have": 0})
    if isinstance(a, ExchangeDone):
        return Illegal("no_exchange_open", {})
    if isinstance(a, Gather):
        if not 1 <= len(a.cards) <= 3:
            return Illegal("gather_one_to_three", {"count": len(a.cards)})
        return Illegal("gather_mixed_vikings", {"cards": list(a.cards)})
    if isinstance(a, Recruit):
        h = cs.hero_index.get(a.hero)
        if h is None or h not in s.hoffer:
            return Illegal("hero_not_in_offer", {"hero": a.hero, "offer": [cs.heroes[x].code for x in s.hoffer
                                                                           if x >= 0]})
        space = s.hoffer.index(h)
        return _payment_reason(s, prof, cards, "recruit", R_, cs.hero_costs[space])
    if isinstance(a, UseHero):
        hero = s.heroes[p]
        if hero < 0 or cs.heroes[hero].code != a.hero:
            return Illegal("not_your_hero", {"hero": a.hero})
        return Illegal("raid_ability_only", {"hero": a.hero})
    if isinstance(a, Build):
        b = cs.building_index.get(a.building)
        if b is None or b not in s.boffer:
            return Illegal("building_not_in_offer", {"building": a.building,
                                                     "offer": [cs.buildings[x].code for x in s.boffer if x >= 0]})
        if prof.types >> cs.buildings[b].type & 1:
            return Illegal("building_space_taken", {"type": BUILDING_TYPES[cs.buildings[b].type]})
        if s.ctok[p] < 1:
            return Illegal("no_construction_token", {})
        return _payment_reason(s, prof, cards, "build", C_, 3)
    if isinstance(a, Token):
        if s.ctok[p] + 1 > len(BUILDING_TYPES) - prof.nbuild:
            return Illegal("token_limit", {"tokens": s.ctok[p], "empty_spaces": len(BUILDING_TYPES) - prof.nbuild})
        if s.cstock <= 0:
            return Illegal("no_tokens_in_stock", {})
        return _payment_reason(s, prof, cards, "token", C_, prof.nbuild + s.ctok[p] + 1)
    if isinstance(a, BuyShip):
        sh = cs.ship_index.get(a.ship)
        if sh is None or sh not in s.soffer:
            return Illegal("longship_not_in_offer", {"ship": a.ship,
                                                     "offer": [cs.ships[x].code for x in s.soffer if x >= 0]})
        if len(s.ships[p]) >= prof.slots:
            return Illegal("no_free_shore_space", {"ships": len(s.ships[p]), "spaces": prof.slots})
        return _payment_reason(s, prof, cards, "buy", N_, 3)
    if isinstance(a, ReturnShip | Repair):
        sh = cs.ship_index.get(a.ship)
        mine = [x for x in s.ships[p] if x[0] == sh]
        if not mine:
            return Illegal("not_your_longship", {"ship": a.ship})
        if isinstance(a, ReturnShip) and not mine[0][2]:
            return Illegal("longship_not_away", {"ship": a.ship})
        if isinstance(a, Repair) and not mine[0][1]:
            return Illegal("longship_not_damaged", {"ship": a.ship})
        return _payment_reason(s, prof, cards, "return" if isinstance(a, ReturnShip) else "repair", N_, 2)
    if isinstance(a, Raid):
        return _raid_reason(s, a)
    if isinstance(a, Release):
        return Illegal("release_wrong", {"count": _total(s.vikings[p]) - prof.limit,
                                         "forbidden": VIKINGS[s.ctx[0]] if s.ctx[1] else None})
    if isinstance(a, TakeViking):
        return Illegal("not_most_vikings", {"seat": a.seat, "choices": _take_sources(s, s.ctx[0])})
    if isinstance(a, AddCard):
        if len(s.table) >= 3:
            return Illegal("table_full", {})
        return Illegal("cards_not_in_hand", {"card": a.card, "need": 1, "have": 0})
    if isinstance(a, Match):
        if len(a.cards) > 3:
            return Illegal("match_at_most_three", {"count": len(a.cards)})
        return Illegal("no_matching_symbol", {"table": [TYPES[cs.act_type[c]] for c in s.table]})
    if isinstance(a, TakeCard):
        return Illegal("card_not_in_offer", {"card": a.card, "offer": [TYPES[cs.act_type[c]] for c in s.offer]})
    return Illegal("not_legal_here", {})


def _payment_reason(s: NooState, prof: Profile, cards: tuple[str, ...], action: str, sym: int, base: int
                    ) -> Illegal:
    wrong = [t for t in cards if TYPE_INDEX[t] % 3 != sym]
    if wrong:
        return Illegal("wrong_symbol", {"cards": wrong, "symbol": SYMBOLS[sym]})
    c, ks = _pay_counts(s, prof, RED[action], sym, base)
    return Illegal("wrong_payment", {"symbol": SYMBOLS[sym], "cost": c, "cards": len(cards), "allowed": ks})


def _raid_reason(s: NooState, a: Raid) -> Illegal:
    cs = s.cs
    p = s.active
    r = cs.raid_index.get(a.raid)
    if r is None or r not in s.sea:
        return Illegal("raid_not_in_sea", {"raid": a.raid})
    if s.heroes[p] < 0:
        return Illegal("raid_needs_hero", {})
    sh = cs.ship_index.get(a.ship)
    slot = next((j for j, x in enumerate(s.ships[p]) if x[0] == sh), -1)
    if slot < 0:
        return Illegal("not_your_longship", {"ship": a.ship})
    if s.ships[p][slot][2]:
        return Illegal("longship_away", {"ship": a.ship})
    space = s.sea.index(r)
    prof = _profile(cs, s.blds[p])
    rng = _ship_range(cs, s.ships[p][slot], prof) + cs.heroes[s.heroes[p]].range_bonus
    if rng < cs.space_range[space]:
        return Illegal("raid_out_of_range", {"raid": a.raid, "needs": cs.space_range[space], "range": rng})
    need, disc, pay, _ = _raid_terms(s, p, space, slot)
    have = s.vikings[p]
    if any(pay[i] > have[i] for i in range(3)):
        return Illegal("raid_lacks_vikings", {"raid": a.raid, "need": dict(zip(VIKINGS, need, strict=True)),
                                              "discount": dict(zip(VIKINGS, disc, strict=True)),
                                              "pay": dict(zip(VIKINGS, pay, strict=True)),
                                              "have": dict(zip(VIKINGS, have, strict=True))})
    if sum(pay) == 0:
        return Illegal("raid_pay_one_viking", {"choices": [VIKINGS[v] for v in range(3) if need[v] and have[v]]})
    return Illegal("raid_pay_not_needed", {})


# ---- applying -----------------------------------------------------------------------------------------------


def _spend(s: NooState, hand: int, cards: tuple[str, ...]) -> tuple[int, list[int]]:
    tm = s.cs.type_mask
    paid = []
    for t in cards:
        m = hand & tm[TYPE_INDEX[t]]
        low = m & -m
        hand ^= low
        paid.append(low.bit_length() - 1)
    return hand, paid


def _pay(s: NooState, p: int, cards: tuple[str, ...], action: int, sym: int, base: int
         ) -> tuple[NooState, tuple[str, ...]]:
    """Discard the payment, marking the reduction and the building symbols it used."""
    prof = _profile(s.cs, s.blds[p])
    mask, red = _reduction(s, prof, action)
    c = max(0, base - red)
    abil = s.abil_used | (mask if base > 0 else 0)
    sym_used = s.sym_used
    for _ in range(c - len(cards)):
        for bb in prof.symbol[sym]:
            if not sym_used >> bb & 1:
                sym_used |= 1 << bb
                break
    hand, paid = _spend(s, s.hands[p], cards)
    codes = s.cs.act_code
    return s._replace(hands=_rep(s.hands, p, hand), discard=s.discard + tuple(paid), abil_used=abil,
                      sym_used=sym_used), tuple(codes[c] for c in paid)


def _apply(s: NooState, a: Any, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    if isinstance(a, EndTurn):
        return _end_turn(s, ev)
    if isinstance(a, Gather):
        return _gather(s, a, ev)
    if isinstance(a, Recruit):
        h = cs.hero_index[a.hero]
        space = s.hoffer.index(h)
        s, paid = _pay(s, p, a.cards, RED["recruit"], R_, cs.hero_costs[space])
        old = s.heroes[p]
        hdeck = ((old,) + s.hdeck) if old >= 0 else s.hdeck
        row = (-1,) + s.hoffer[:space] + s.hoffer[space + 1:]
        revealed = None
        if hdeck:
            row = (hdeck[-1],) + row[1:]
            revealed = cs.heroes[hdeck[-1]].code
            hdeck = hdeck[:-1]
        fame = cs.hero_fame[space]
        ev.append(HeroRecruited(p, a.hero, space, cs.hero_costs[space], paid, fame,
                                cs.heroes[old].code if old >= 0 else None, revealed))
        return s._replace(heroes=_rep(s.heroes, p, h), hdeck=hdeck, hoffer=row, fame=_rep(s.fame, p, s.fame[p] + fame))
    if isinstance(a, UseHero):
        return _use_hero(s, ev)
    if isinstance(a, Build):
        b = cs.building_index[a.building]
        s, paid = _pay(s, p, a.cards, RED["build"], C_, 3)
        i = s.boffer.index(b)
        bdeck = s.bdeck
        nb = -1
        if bdeck:
            nb, bdeck = bdeck[-1], bdeck[:-1]
        boffer = _rep(s.boffer, i, nb)
        ev.append(BuildingBuilt(p, a.building, paid, cs.buildings[nb].code if nb >= 0 else None))
        s = s._replace(blds=_rep(s.blds, p, s.blds[p] | 1 << b), ctok=_rep(s.ctok, p, s.ctok[p] - 1),
                       cstock=s.cstock + 1, bdeck=bdeck, boffer=boffer)
        return _no_eligible(s, ev)
    if isinstance(a, Token):
        prof = _profile(cs, s.blds[p])
        base = prof.nbuild + s.ctok[p] + 1
        s, paid = _pay(s, p, a.cards, RED["token"], C_, base)
        ev.append(TokenObtained(p, paid, base, s.ctok[p] + 1))
        return s._replace(ctok=_rep(s.ctok, p, s.ctok[p] + 1), cstock=s.cstock - 1)
    if isinstance(a, BuyShip):
        sh = cs.ship_index[a.ship]
        s, paid = _pay(s, p, a.cards, RED["buy"], N_, 3)
        i = s.soffer.index(sh)
        sdeck = s.sdeck
        ns = -1
        if sdeck:
            ns, sdeck = sdeck[-1], sdeck[:-1]
        ev.append(LongshipBought(p, a.ship, paid, cs.ships[ns].code if ns >= 0 else None))
        return s._replace(ships=_rep(s.ships, p, s.ships[p] + ((sh, 0, False),)), sdeck=sdeck,
                          soffer=_rep(s.soffer, i, ns))
    if isinstance(a, ReturnShip):
        sh = cs.ship_index[a.ship]
        s, paid = _pay(s, p, a.cards, RED["return"], N_, 2)
        ships = tuple((x[0], x[1], False) if x[0] == sh else x for x in s.ships[p])
        ev.append(LongshipReturned(p, a.ship, paid))
        return s._replace(ships=_rep(s.ships, p, ships))
    if isinstance(a, Repair):
        sh = cs.ship_index[a.ship]
        s, paid = _pay(s, p, a.cards, RED["repair"], N_, 2)
        ships = tuple((x[0], x[1] - 1, x[2]) if x[0] == sh else x for x in s.ships[p])
        ev.append(LongshipRepaired(p, a.ship, paid, next(x[1] for x in ships if x[0] == sh)))
        return s._replace(ships=_rep(s.ships, p, ships), dstock=s.dstock + 1)
    if isinstance(a, Raid):
        return _declare(s, a, ev)
    if isinstance(a, Exchange):
        return _exchange(s, a, ev)
    if isinstance(a, Refresh):
        hand, spent = _spend(s, s.hands[p], (a.card,))
        discard = s.discard + tuple(spent) + s.offer
        got, deck, discard, shuffles, re = _draw(s, s.deck, discard, s.shuffles, cs.action_offer)
        codes = cs.act_code
        ev.append(OfferRefreshed(p, codes[spent[0]], tuple(codes[c] for c in s.offer), tuple(codes[c] for c in got),
                                 re))
        swaps = 1 + _extra_exchange(s)
        return s._replace(hands=_rep(s.hands, p, hand), offer=tuple(got), deck=deck, discard=discard,
                          shuffles=shuffles, phase=EXCHANGE, exch=swaps, abil_used=_mark_exchange(s))
    if isinstance(a, ExchangeDone):
        ev.append(ExchangeFinished(p))
        return s._replace(phase=ACTION, exch=-1)
    if isinstance(a, Release):
        n = (a.vikings.count("W"), a.vikings.count("T"), a.vikings.count("S"))
        have = s.vikings[p]
        ev.append(VikingsReleased(p, n))
        return s._replace(vikings=_rep(s.vikings, p, (have[0] - n[0], have[1] - n[1], have[2] - n[2])),
                          hall=(s.hall[0] + n[0], s.hall[1] + n[1], s.hall[2] + n[2]), phase=ACTION, ctx=())
    if isinstance(a, TakeViking):
        v, missing, _ = s.ctx
        q = a.seat
        vik = list(s.vikings)
        vik[q] = _bump(vik[q], v, -1)
        vik[p] = _bump(vik[p], v, 1)
        s = s._replace(vikings=tuple(vik))
        ev.append(VikingTaken(p, VIKINGS[v], q))
        missing -= 1
        if missing > 0 and _take_sources(s, v):
            return s._replace(ctx=(v, missing, True))
        return _after_gain(s, v, True)
    if isinstance(a, StopTaking):
        v, missing, took = s.ctx
        ev.append(TakingStopped(p, VIKINGS[v], missing))
        return _after_gain(s, v, took)
    if isinstance(a, AddCard):
        return _add(s, a, ev)
    if isinstance(a, Pass):
        ev.append(RaidPassed(s.to_move))
        return _next_adder(s, ev)
    if isinstance(a, Match):
        return _match(s, a, ev)
    if isinstance(a, TakeCard):
        return _take_card(s, a, ev)
    raise IllegalAction(Illegal("unknown_action", {}))


def _bump(v: tuple[int, int, int], i: int, d: int) -> tuple[int, int, int]:
    return (v[0] + d, v[1], v[2]) if i == 0 else (v[0], v[1] + d, v[2]) if i == 1 else (v[0], v[1], v[2] + d)


def _extra_exchange(s: NooState) -> int:
    return _unused(s.abil_used, _profile(s.cs, s.blds[s.active]).exchange)[1]


def _mark_exchange(s: NooState) -> int:
    return s.abil_used | _unused(s.abil_used, _profile(s.cs, s.blds[s.active]).exchange)[0]


def _exchange(s: NooState, a: Exchange, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    hand, paid = _spend(s, s.hands[p], (a.give,))
    ti = TYPE_INDEX[a.take]
    pick = min(c for c in s.offer if cs.act_type[c] == ti)
    i = s.offer.index(pick)
    hand |= 1 << pick
    ev.append(CardsExchanged(p, cs.act_code[paid[0]], cs.act_code[pick]))
    s2 = s._replace(hands=_rep(s.hands, p, hand), offer=_rep(s.offer, i, paid[0]))
    if s.phase == ACTION:
        left = _extra_exchange(s)
        abil = _mark_exchange(s)
        if left:
            return s2._replace(phase=EXCHANGE, exch=left, abil_used=abil)
        return s2._replace(exch=-1)
    left = s.exch - 1
    if left > 0:
        return s2._replace(exch=left)
    return s2._replace(phase=ACTION, exch=-1)


def _gather(s: NooState, a: Gather, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    v = TYPE_INDEX[a.cards[0]] // 3
    hand, paid = _spend(s, s.hands[p], a.cards)
    gain = GATHER_YIELD[len(a.cards)]
    mask, bonus = _unused(s.abil_used, _profile(cs, s.blds[p]).gather)
    abil = s.abil_used | mask
    want = gain + bonus
    got = min(want, s.hall[v])
    missing = want - got
    ev.append(VikingsGathered(p, VIKINGS[v], tuple(cs.act_code[c] for c in paid), got, bonus, missing))
    s = s._replace(hands=_rep(s.hands, p, hand), discard=s.discard + tuple(paid), abil_used=abil,
                   vikings=_rep(s.vikings, p, _bump(s.vikings[p], v, got)), hall=_bump(s.hall, v, -got))
    if missing and _take_sources(s, v):
        return s._replace(phase=TAKE, to_move=p, ctx=(v, missing, False))
    return _after_gain(s, v, False)


def _after_gain(s: NooState, v: int, took: bool) -> NooState:
    p = s.active
    if _total(s.vikings[p]) > _profile(s.cs, s.blds[p]).limit:
        return s._replace(phase=RELEASE, to_move=p, ctx=(v, took))
    return s._replace(phase=ACTION, to_move=p, ctx=())


def _use_hero(s: NooState, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    hero = cs.heroes[s.heroes[p]]
    gained = [0, 0, 0]
    drawn = tokens = repaired = fame = 0
    returned: list[str] = []
    reshuffled = False
    prof = _profile(cs, s.blds[p])
    for kind, par in hero.effects:
        if kind == "gain_vikings":
            v = VIKINGS.index(par["viking"])
            got = min(int(par["n"]), s.hall[v])
            gained[v] += got
            s = s._replace(vikings=_rep(s.vikings, p, _bump(s.vikings[p], v, got)), hall=_bump(s.hall, v, -got))
        elif kind == "draw_cards":
            got_cards, deck, discard, shuffles, re = _draw(s, s.deck, s.discard, s.shuffles, int(par["n"]))
            reshuffled |= re
            drawn += len(got_cards)
            hand = s.hands[p]
            for c in got_cards:
                hand |= 1 << c
            s = s._replace(hands=_rep(s.hands, p, hand), deck=deck, discard=discard, shuffles=shuffles)
        elif kind == "gain_token":
            room = len(BUILDING_TYPES) - prof.nbuild - s.ctok[p]
            k = max(0, min(int(par["n"]), room, s.cstock))
            tokens += k
            s = s._replace(ctok=_rep(s.ctok, p, s.ctok[p] + k), cstock=s.cstock - k)
        elif kind == "repair_ships":
            n = int(par["n"])
            ships = []
            for x in s.ships[p]:
                k = min(n, x[1])
                repaired += k
                ships.append((x[0], x[1] - k, x[2]))
            s = s._replace(ships=_rep(s.ships, p, tuple(ships)), dstock=s.dstock + repaired)
        elif kind == "return_ships":
            returned.extend(cs.ships[x[0]].code for x in s.ships[p] if x[2])
            s = s._replace(ships=_rep(s.ships, p, tuple((x[0], x[1], False) for x in s.ships[p])))
        elif kind == "gain_fame":
            fame += int(par["n"])
            s = s._replace(fame=_rep(s.fame, p, s.fame[p] + int(par["n"])))
    ev.append(HeroAbilityUsed(p, hero.code, (gained[0], gained[1], gained[2]), drawn, tokens, repaired,
                              tuple(returned), fame, reshuffled))
    s = s._replace(heroes=_rep(s.heroes, p, -1), hdeck=(cs.hero_index[hero.code],) + s.hdeck)
    v = next((i for i in range(3) if gained[i]), 0)
    return _after_gain(s, v, False)


def _no_eligible(s: NooState, ev: list[Any]) -> NooState:
    """No Eligible Buildings: while every building in the offer is of a type all players have built, the offer
    goes under the deck and is dealt again (only while some card in the deck could be built)."""
    cs = s.cs
    all_built = (1 << len(BUILDING_TYPES)) - 1
    for m in s.blds:
        all_built &= _profile(cs, m).types

    def eligible(b: int) -> bool:
        return b >= 0 and not all_built >> cs.buildings[b].type & 1

    boffer, bdeck = s.boffer, s.bdeck
    tries = 0
    while (any(b >= 0 for b in boffer) and not any(eligible(b) for b in boffer) and any(eligible(b) for b in bdeck)
           and tries <= len(cs.buildings)):
        tries += 1
        moved = tuple(b for b in boffer if b >= 0)
        bdeck = moved + bdeck
        new = []
        for _ in boffer:
            if bdeck:
                new.append(bdeck[-1])
                bdeck = bdeck[:-1]
            else:
                new.append(-1)
        boffer = tuple(new)
        ev.append(BuildingOfferCycled(tuple(cs.buildings[b].code for b in moved),
                                      tuple(cs.buildings[b].code for b in boffer if b >= 0)))
    return s._replace(boffer=boffer, bdeck=bdeck)


def _end_turn(s: NooState, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    target = _profile(cs, s.blds[p]).draw_to
    n = max(0, target - s.hands[p].bit_count())
    got, deck, discard, shuffles, re = _draw(s, s.deck, s.discard, s.shuffles, n)
    hand = s.hands[p]
    for c in got:
        hand |= 1 << c
    nxt = (p + 1) % s.players
    ev.append(TurnEnded(p, len(got), re, nxt))
    return s._replace(hands=_rep(s.hands, p, hand), deck=deck, discard=discard, shuffles=shuffles, active=nxt,
                      to_move=nxt, phase=ACTION, exch=0, sym_used=0, abil_used=0, ctx=())


# ---- the raid ------------------------------------------------------------------------------------------------
# ctx during a raid: (raid, space, ship, deciders left, contributors, bit mask of buildings with a wild match)


def _declare(s: NooState, a: Raid, ev: list[Any]) -> NooState:
    cs = s.cs
    p = s.active
    r = cs.raid_index[a.raid]
    space = s.sea.index(r)
    sh = cs.ship_index[a.ship]
    slot = next(j for j, x in enumerate(s.ships[p]) if x[0] == sh)
    need, disc, pay, used = _raid_terms(s, p, space, slot)
    if sum(pay) == 0:
        v = VIKINGS.index(a.pay or "W")
        pay = _bump((0, 0, 0), v, 1)
    prof = _profile(cs, s.blds[p])
    rng = _ship_range(cs, s.ships[p][slot], prof) + cs.heroes[s.heroes[p]].range_bonus
    have = s.vikings[p]
    abil = s.abil_used | used
    ev.append(RaidDeclared(p, a.raid, space, cs.zone_names[cs.space_zone[space]], a.ship, rng, need, disc, pay))
    wild = _unused(abil, prof.wild)[0] if s.edition != DE else 0  # buildings' wild matches, marked when used
    deciders = tuple((p + k) % s.players for k in range(1, s.players))
    s = s._replace(vikings=_rep(s.vikings, p, (have[0] - pay[0], have[1] - pay[1], have[2] - pay[2])),
                   hall=(s.hall[0] + pay[0], s.hall[1] + pay[1], s.hall[2] + pay[2]), abil_used=abil, table=(),
                   ctx=(r, space, sh, deciders, (), wild))
    return _next_adder(s, ev)


def _next_adder(s: NooState, ev: list[Any]) -> NooState:
    """Step D: hand the decision to the next other player who may add a card; then reveal up to 3."""
    r, space, sh, deciders, contributors, wild = s.ctx
    if s.phase == ADD:
        deciders = deciders[1:]
    while deciders and (len(s.table) >= 3 or not s.hands[deciders[0]]):
        deciders = deciders[1:]
    if deciders:
        return s._replace(phase=ADD, to_move=deciders[0], ctx=(r, space, sh, deciders, contributors, wild))
    need = 3 - len(s.table)
    got, deck, discard, shuffles, re = _draw(s, s.deck, s.discard, s.shuffles, need)
    table = s.table + tuple(got)
    codes = s.cs.act_code
    ev.append(RaidCardsRevealed(tuple(codes[c] for c in got), tuple(codes[c] for c in table), re))
    return s._replace(table=table, deck=deck, discard=discard, shuffles=shuffles, phase=MATCH, to_move=s.active,
                      ctx=(r, space, sh, (), contributors, wild))


def _add(s: NooState, a: AddCard, ev: list[Any]) -> NooState:
    q = s.to_move
    hand, paid = _spend(s, s.hands[q], (a.card,))
    r, space, sh, deciders, contributors, wild = s.ctx
    ev.append(RaidCardAdded(q, s.cs.act_code[paid[0]]))
    s = s._replace(hands=_rep(s.hands, q, hand), table=s.table + (paid[0],),
                   ctx=(r, space, sh, deciders, contributors + (q,), wild))
    return _next_adder(s, ev)


def _match(s: NooState, a: Match, ev: list[Any]) -> NooState:
    """Steps E to H (up to the cards the contributors take)."""
    cs = s.cs
    p = s.active
    r, space, sh, _, contributors, bwild = s.ctx
    hand, played = _spend(s, s.hands[p], a.cards)
    table = list(s.table)
    matched = []
    for c in played:
        sym = cs.act_type[c] % 3
        t = next(x for x in table if cs.act_type[x] % 3 == sym)
        table.remove(t)
        matched.append(t)
    hero = cs.heroes[s.heroes[p]]
    ship = cs.ships[sh]
    wild = hero.match_wild + ship.match_wild
    abil = s.abil_used
    if bwild and len(table) > wild:
        wild += sum(cs.buildings[b].match_wild for b in range(len(cs.buildings)) if bwild >> b & 1)
        abil |= bwild
    unmatched = max(0, len(table) - wild)
    codes = cs.act_code
    ev.append(RaidMatched(p, tuple(codes[c] for c in played), tuple(codes[c] for c in matched),
                          tuple(codes[c] for c in table), min(wild, len(table))))
    # F. fame
    prof = _profile(cs, s.blds[p])
    mask, more = _unused(abil, prof.fame)
    bonus = hero.raid_fame + ship.raid_fame + more
    abil |= mask
    raid = cs.raids[r]
    zone = cs.space_zone[space]
    base = raid.fame + cs.zone_fame[zone] + bonus
    adj = (1, 0, -1, -2)[min(unmatched, 3)]
    fame = max(0, s.fame[p] + base + adj)
    ev.append(FameReceived(p, raid.code, raid.fame, cs.zone_fame[zone], bonus, adj, fame - s.fame[p], fame))
    discard = s.discard + tuple(played) + tuple(matched) + tuple(table)
    done = _rep(s.done, p, s.done[p] + (r,))
    # G. damage
    ships = list(s.ships[p])
    slot = next(j for j, x in enumerate(ships) if x[0] == sh)
    x = ships[slot]
    dstock = s.dstock
    dmg = x[1]
    if not (hero.no_damage or ship.no_damage) and dstock > 0:
        dmg += 1
        dstock -= 1
    destroyed = dmg >= ship.range + prof.range_bonus
    sdeck = s.sdeck
    if destroyed:
        del ships[slot]
        dstock += dmg
        sdeck = (sh,) + sdeck
    else:
        ships[slot] = (sh, dmg, True)
    ev.append(LongshipDamaged(p, ship.code, dmg, ship.range + prof.range_bonus - dmg, destroyed))
    # H. token swap, slide, refill
    ztokens, spare = s.ztokens, s.spare
    old_tok = new_tok = None
    if ztokens[zone] >= 0 and spare:
        old_tok, new_tok = VIKINGS[ztokens[zone]], VIKINGS[spare[0]]
        ztokens, spare = _rep(ztokens, zone, spare[0]), spare[1:] + (ztokens[zone],)
    rdeck = s.rdeck
    refill = -1
    if rdeck:
        refill, rdeck = rdeck[-1], rdeck[:-1]
    sea = s.sea[:space] + s.sea[space + 1:] + (refill,)
    ev.append(SeaReplenished(cs.zone_names[zone], old_tok, new_tok, cs.raids[refill].code if refill >= 0 else None))
    s = s._replace(hands=_rep(s.hands, p, hand), table=(), discard=discard, fame=_rep(s.fame, p, fame), done=done,
                   ships=_rep(s.ships, p, tuple(ships)), dstock=dstock, sdeck=sdeck, ztokens=ztokens, spare=spare,
                   rdeck=rdeck, sea=sea, abil_used=abil)
    if not rdeck and all(x < 0 for x in sea):
        return _game_over(s, ev)
    takers = tuple(q for q in contributors if q != p)
    s = s._replace(ctx=(r, space, sh, takers, (), 0))
    return _next_taker(s, ev)


def _next_taker(s: NooState, ev: list[Any]) -> NooState:
    r, space, sh, takers, _, _ = s.ctx
    if s.phase == TAKECARD:
        takers = takers[1:]
    if takers and s.offer:
        return s._replace(phase=TAKECARD, to_move=takers[0], ctx=(r, space, sh, takers, (), 0))
    # the offer refills, and the hero leaves
    cs = s.cs
    p = s.active
    got, deck, discard, shuffles, re = _draw(s, s.deck, s.discard, s.shuffles, cs.action_offer - len(s.offer))
    if got:
        ev.append(OfferRefilled(tuple(cs.act_code[c] for c in got), re))
    hero = s.heroes[p]
    ev.append(HeroLeft(p, cs.heroes[hero].code))
    return s._replace(offer=s.offer + tuple(got), deck=deck, discard=discard, shuffles=shuffles,
                      heroes=_rep(s.heroes, p, -1), hdeck=(hero,) + s.hdeck, phase=ACTION, to_move=p, ctx=())


def _take_card(s: NooState, a: TakeCard, ev: list[Any]) -> NooState:
    cs = s.cs
    q = s.to_move
    ti = TYPE_INDEX[a.card]
    pick = min(c for c in s.offer if cs.act_type[c] == ti)
    offer = tuple(c for c in s.offer if c != pick)
    ev.append(RaidCardTaken(q, cs.act_code[pick]))
    s = s._replace(hands=_rep(s.hands, q, s.hands[q] | 1 << pick), offer=offer)
    return _next_taker(s, ev)


# ---- the end ------------------------------------------------------------------------------------------------


def _final(s: NooState) -> tuple[Score, ...]:
    cs = s.cs
    out = []
    for p in range(s.players):
        prof = _profile(cs, s.blds[p])
        ships = sum(cs.ships[x[0]].fame for x in s.ships[p])
        w, t, v = s.vikings[p]
        same = w // 3 + t // 3 + v // 3
        mixed = min(w, t, v)
        bonus = 0
        for per, n in prof.end_fame:
            bonus += n * (len(s.done[p]), len(s.ships[p]), prof.nbuild)[per]
        total = s.fame[p] + prof.building_fame + ships + same + mixed + bonus
        out.append(Score(s.fame[p], prof.building_fame, ships, same, mixed, bonus, total, len(s.done[p])))
    return tuple(out)


def _winners(final: tuple[int, ...], done: tuple[tuple[int, ...], ...]) -> list[int]:
    best = max(final)
    tied = [i for i, x in enumerate(final) if x == best]
    fewest = min(len(done[i]) for i in tied)
    return [i for i in tied if len(done[i]) == fewest]


def _game_over(s: NooState, ev: list[Any]) -> NooState:
    scores = _final(s)
    final = tuple(x.total for x in scores)
    ev.append(GameEnded(scores, tuple(_winners(final, s.done))))
    return s._replace(phase=OVER, to_move=-1, final=final, ctx=())


# ---- decisions ------------------------------------------------------------------------------------------------


def _decision(s: NooState) -> Decision:
    ph = s.phase
    cs = s.cs
    if ph == OVER:
        return Decision(None, "game_over")
    if ph == ACTION:
        prof = _profile(cs, s.blds[s.active])
        syms = "".join(SYMBOLS[sym] for sym in range(3) for b in prof.symbol[sym] if not s.sym_used >> b & 1)
        return Decision(s.active, "noo_action", facts(exchange_used=s.exch != 0, building_symbols=syms,
                                                      hand=s.hands[s.active].bit_count()))
    if ph == EXCHANGE:
        return Decision(s.active, "noo_exchange", facts(swaps_left=s.exch))
    if ph == RELEASE:
        v, took = s.ctx
        prof = _profile(cs, s.blds[s.active])
        return Decision(s.active, "noo_release", facts(count=_total(s.vikings[s.active]) - prof.limit,
                                                       limit=prof.limit, forbidden=VIKINGS[v] if took else None))
    if ph == TAKE:
        v, missing, _ = s.ctx
        return Decision(s.active, "noo_take_viking", facts(viking=VIKINGS[v], missing=missing,
                                                           choices=_take_sources(s, v)))
    table = [TYPES[cs.act_type[c]] for c in s.table]
    raid = cs.raids[s.ctx[0]].code
    if ph == ADD:
        return Decision(s.to_move, "noo_raid_add", facts(raider=s.active, raid=raid, table=table,
                                                         room=3 - len(s.table)))
    if ph == MATCH:
        return Decision(s.active, "noo_raid_match", facts(raid=raid, table=table))
    return Decision(s.to_move, "noo_raid_take", facts(raider=s.active, raid=raid,
                                                      offer=[TYPES[cs.act_type[c]] for c in s.offer]))


# ---- notation -------------------------------------------------------------------------------------------------


def _notation(a: Any) -> str:
    if isinstance(a, EndTurn):
        return "end"
    if isinstance(a, Exchange):
        return f"exchange {a.give} {a.take}"
    if isinstance(a, Refresh):
        return f"refresh {a.card}"
    if isinstance(a, ExchangeDone):
        return "done"
    if isinstance(a, Gather):
        return "gather " + " ".join(a.cards)
    if isinstance(a, Recruit):
        return " ".join(("recruit", a.hero) + a.cards)
    if isinstance(a, UseHero):
        return f"use {a.hero}"
    if isinstance(a, Build):
        return " ".join(("build", a.building) + a.cards)
    if isinstance(a, Token):
        return " ".join(("token",) + a.cards)
    if isinstance(a, BuyShip):
        return " ".join(("buy", a.ship) + a.cards)
    if isinstance(a, ReturnShip):
        return " ".join(("return", a.ship) + a.cards)
    if isinstance(a, Repair):
        return " ".join(("repair", a.ship) + a.cards)
    if isinstance(a, Raid):
        return f"raid {a.raid} {a.ship}" + (f" pay {a.pay}" if a.pay else "")
    if isinstance(a, Release):
        return " ".join(("release",) + a.vikings)
    if isinstance(a, TakeViking):
        return f"from {a.seat}"
    if isinstance(a, StopTaking):
        return "stop"
    if isinstance(a, AddCard):
        return f"add {a.card}"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Match):
        return "match " + (" ".join(a.cards) if a.cards else "none")
    if isinstance(a, TakeCard):
        return f"take {a.card}"
    raise TypeError(f"not an In the Name of Odin action: {a!r}")


_GRAMMAR = ("end | exchange <give> <take> | refresh <card> | done | gather <cards> | recruit <hero> [cards] | "
            "use <hero> | build <building> <cards> | token [cards] | buy|return|repair <ship> [cards] | "
            "raid <raid> <ship> [pay W|T|S] | release <W|T|S...> | from <seat> | stop | add <card> | pass | "
            "match <cards>|none | take <card>")


def _parse(text: str) -> Any:
    if not isinstance(text, str):
        raise NotationError("notation is text")
    words = text.strip().split()
    if not words:
        raise NotationError(f"empty; expected one of: {_GRAMMAR}")
    verb = words[0].lower()
    rest = words[1:]

    def types(ws: list[str]) -> tuple[str, ...]:
        out = tuple(w.upper() for w in ws)
        for t in out:
            if t not in TYPE_INDEX:
                raise NotationError(f"{shown(t, 12)} is not a card type: a Viking letter W/T/S and an Action "
                                    "letter R/C/N, e.g. WR")
        return out

    def code(w: str) -> str:
        c = w.lower()
        if not c.isalnum():
            raise NotationError(f"{shown(w, 24)} is not a card name")
        return c

    def arity(n: int, m: int | None = None) -> None:
        if len(rest) < n or (m is not None and len(rest) > m):
            raise NotationError(f"{verb!r} takes {n if m == n else f'{n} or more'} word(s); grammar: {_GRAMMAR}")

    if verb in ("end", "done", "stop", "pass"):
        arity(0, 0)
        return {"end": END, "done": DONE, "stop": STOP, "pass": PASS}[verb]
    if verb == "exchange":
        arity(2, 2)
        g, o = types(rest)
        return Exchange(g, o)
    if verb in ("refresh", "add", "take"):
        arity(1, 1)
        (t,) = types(rest)
        return Refresh(t) if verb == "refresh" else AddCard(t) if verb == "add" else TakeCard(t)
    if verb == "gather":
        arity(1, 3)
        return Gather(types(rest))
    if verb == "token":
        return Token(types(rest))
    if verb == "match":
        arity(1, 3)
        if len(rest) == 1 and rest[0].lower() == "none":
            return MATCH_NONE
        return Match(types(rest))
    if verb in ("recruit", "build", "buy", "return", "repair"):
        arity(1)
        c, cards = code(rest[0]), types(rest[1:])
        maker = {"recruit": Recruit, "build": Build, "buy": BuyShip, "return": ReturnShip, "repair": Repair}[verb]
        return maker(c, cards)
    if verb == "use":
        arity(1, 1)
        return UseHero(code(rest[0]))
    if verb == "raid":
        if len(rest) == 4 and rest[2].lower() == "pay" and rest[3].upper() in tuple(VIKINGS):
            return Raid(code(rest[0]), code(rest[1]), rest[3].upper())
        arity(2, 2)
        return Raid(code(rest[0]), code(rest[1]))
    if verb == "release":
        arity(1)
        vik = tuple(w.upper() for w in rest)
        if any(v not in tuple(VIKINGS) for v in vik):
            raise NotationError("release names Vikings by letter: W, T, S (one letter per Viking)")
        return Release(vik)
    if verb == "from":
        arity(1, 1)
        if not rest[0].isdigit() or len(rest[0]) > 2:
            raise NotationError("from takes a seat number")
        return TakeViking(int(rest[0]))
    raise NotationError(f"unknown action {shown(verb, 20)}; grammar: {_GRAMMAR}")


# ---- views ----------------------------------------------------------------------------------------------------


def _view(game: NameOfOdinGame, s: NooState, player: int | None) -> NooView:
    cs = s.cs
    codes = cs.act_code

    def ships(p: int) -> list[dict[str, Any]]:
        prof = _profile(cs, s.blds[p])
        return [{"ship": cs.ships[x[0]].code, "damage": x[1], "away": x[2],
                 "range": _ship_range(cs, x, prof)} for x in s.ships[p]]

    board = []
    for p in range(s.players):
        prof = _profile(cs, s.blds[p])
        board.append({
            "vikings": dict(zip(VIKINGS, s.vikings[p], strict=True)), "fame": s.fame[p],
            "hero": cs.heroes[s.heroes[p]].code if s.heroes[p] >= 0 else None,
            "buildings": [cs.buildings[i].code for i in _bits(s.blds[p])], "construction_tokens": s.ctok[p],
            "longships": ships(p), "raids": [cs.raids[r].code for r in s.done[p]], "hand_size": s.hands[p].bit_count(),
            "viking_limit": prof.limit, "longship_spaces": prof.slots})
    sea = [{"space": i, "zone": cs.zone_names[cs.space_zone[i]], "range": cs.space_range[i],
            "raid": cs.raids[r].code if r >= 0 else None,
            "token": VIKINGS[s.ztokens[cs.space_zone[i]]] if s.ztokens[cs.space_zone[i]] >= 0 else None,
            "fame": cs.zone_fame[cs.space_zone[i]]} for i, r in enumerate(s.sea)]
    winners = game.winners(s)
    data: dict[str, Any] = {
        "game": "name-of-odin", "edition": EDITIONS[s.edition], "players": s.players, "you": player,
        "active": s.active if s.phase != OVER else None, "ply": s.ply,
        "decision": {"player": s.decision.player, "kind": s.decision.kind},
        "offer": [codes[c] for c in s.offer],
        "hero_offer": [{"hero": cs.heroes[h].code if h >= 0 else None, "cost": cs.hero_costs[i],
                        "fame": cs.hero_fame[i]} for i, h in enumerate(s.hoffer)],
        "building_offer": [cs.buildings[b].code for b in s.boffer if b >= 0],
        "longship_offer": [cs.ships[x].code for x in s.soffer if x >= 0],
        "sea": sea, "spare_tokens": [VIKINGS[t] for t in s.spare], "raid_deck": len(s.rdeck),
        "raid_table": [codes[c] for c in s.table], "deck": len(s.deck), "discard": len(s.discard),
        "hero_deck": len(s.hdeck), "building_deck": len(s.bdeck), "longship_deck": len(s.sdeck),
        "mead_hall": dict(zip(VIKINGS, s.hall, strict=True)), "construction_stock": s.cstock,
        "damage_stock": s.dstock, "villages": board, "exchange_used": s.exch != 0,
        "scores": game.scores(s), "is_over": s.phase == OVER, "winners": winners,
    }
    if player is not None:
        data["hand"] = [codes[c] for c in _bits(s.hands[player])]
    if s.phase == OVER:
        data["final"] = [{"fame": x.fame, "buildings": x.buildings, "longships": x.longships,
                          "same_sets": x.same_sets, "mixed_sets": x.mixed_sets, "bonus": x.bonus,
                          "total": x.total, "raids": x.raids} for x in _final(s)]
    public = (("fame", " ".join(map(str, s.fame))),
              ("sea", " ".join(cs.raids[r].code if r >= 0 else "-" for r in s.sea)),
              ("raids_left", str(len(s.rdeck) + sum(1 for r in s.sea if r >= 0))))
    summary = Summary(s.players, player, s.decision, tuple(game.scores(s)), s.phase == OVER, tuple(winners),
                      public, ("hand",) if player is not None else (), s.ply)
    return NooView(data, summary)


# ---- serialisation ------------------------------------------------------------------------------------------------


def _state_json(s: NooState) -> str:
    cs = s.cs
    ac, hc, bc, sc, rc = cs.act_code, cs.heroes, cs.buildings, cs.ships, cs.raids

    def acts(t: tuple[int, ...]) -> list[str]:
        return [ac[c] for c in t]

    d = {
        "game": "name-of-odin", "version": 1, "edition": EDITIONS[s.edition], "players": s.players,
        "seed": s.seed, "shuffles": s.shuffles, "deck": acts(s.deck), "discard": acts(s.discard),
        "offer": acts(s.offer), "hands": [acts(tuple(_bits(h))) for h in s.hands], "table": acts(s.table),
        "hero_deck": [hc[h].code for h in s.hdeck], "hero_offer": [hc[h].code if h >= 0 else None for h in s.hoffer],
        "building_deck": [bc[b].code for b in s.bdeck],
        "building_offer": [bc[b].code if b >= 0 else None for b in s.boffer],
        "longship_deck": [sc[x].code for x in s.sdeck],
        "longship_offer": [sc[x].code if x >= 0 else None for x in s.soffer],
        "raid_deck": [rc[r].code for r in s.rdeck], "sea": [rc[r].code if r >= 0 else None for r in s.sea],
        "zone_tokens": [VIKINGS[t] if t >= 0 else None for t in s.ztokens], "spare": [VIKINGS[t] for t in s.spare],
        "vikings": [list(v) for v in s.vikings], "mead_hall": list(s.hall), "fame": list(s.fame),
        "heroes": [hc[h].code if h >= 0 else None for h in s.heroes],
        "buildings": [[bc[b].code for b in _bits(m)] for m in s.blds], "construction_tokens": list(s.ctok),
        "longships": [[[sc[x[0]].code, x[1], x[2]] for x in ships] for ships in s.ships],
        "raids_done": [[rc[r].code for r in d] for d in s.done], "construction_stock": s.cstock,
        "damage_stock": s.dstock, "active": s.active, "to_move": s.to_move, "phase": KINDS[s.phase],
        "exchange": s.exch, "symbols_used": s.sym_used, "abilities_used": s.abil_used, "context": _jsonable(s.ctx),
        "ply": s.ply, "final": list(s.final),
    }
    text = dumps(d)
    return text[:-1] + ',"cards":' + cs.key + "}"


def _jsonable(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_jsonable(v) for v in x]
    return x


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(v) for v in x)
    if type(x) is bool or type(x) is int:
        return x
    raise StateFormatError("the context holds something other than numbers")


def _state_from_json(text: str) -> NooState:
    try:
        d = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StateFormatError(f"not a JSON state: {type(exc).__name__}") from exc
    try:
        if not isinstance(d, dict) or d.get("game") != "name-of-odin" or d.get("version") != 1:
            raise StateFormatError("not an In the Name of Odin state of version 1")
        cs = card_set(d["cards"])

        def idx(table: Mapping[str, int], code: Any, what: str) -> int:
            if code is None:
                return -1
            if code not in table:
                raise StateFormatError(f"unknown {what} {shown(code, 24)}")
            return table[code]

        def many(table: Mapping[str, int], codes: Any, what: str) -> tuple[int, ...]:
            if not isinstance(codes, list):
                raise StateFormatError(f"{what}s must be a list")
            return tuple(idx(table, c, what) for c in codes)

        def num(v: Any, low: int, high: int, what: str) -> int:
            if type(v) is not int or not low <= v <= high:
                raise StateFormatError(f"{what} must be an integer from {low} to {high}")
            return v

        players = num(d["players"], 2, 5, "players")
        A = cs.act_index
        hands = []
        for h in d["hands"]:
            m = 0
            for c in many(A, h, "card"):
                m |= 1 << c
            hands.append(m)
        every = [*many(A, d["deck"], "card"), *many(A, d["discard"], "card"), *many(A, d["offer"], "card"),
                 *many(A, d["table"], "card")]
        for h in hands:
            every.extend(_bits(h))
        if sorted(every) != list(range(cs.n_actions)):
            raise StateFormatError("the Action Cards are not each in exactly one place")
        phase = KINDS.index(d["phase"])

        def per(key: str) -> list[Any]:
            v = d[key]
            if not isinstance(v, list) or len(v) != players:
                raise StateFormatError(f"{key} must have one entry per player")
            return v

        vik = tuple((num(v[0], 0, 999, "vikings"), num(v[1], 0, 999, "vikings"), num(v[2], 0, 999, "vikings"))
                    for v in per("vikings"))
        hall = d["mead_hall"]
        ships = tuple(tuple((idx(cs.ship_index, x[0], "longship"), num(x[1], 0, 99, "damage"), bool(x[2]))
                            for x in sh) for sh in per("longships"))
        blds = []
        for b in per("buildings"):
            m = 0
            for i in many(cs.building_index, b, "building"):
                m |= 1 << i
            blds.append(m)
        state = NooState(
            cs, EDITIONS.index(d["edition"]), players, num(d["seed"], -2**63, 2**63, "seed"),
            num(d["shuffles"], 0, 2**31, "shuffles"), many(A, d["deck"], "card"), many(A, d["discard"], "card"),
            many(A, d["offer"], "card"), tuple(hands), many(A, d["table"], "card"),
            many(cs.hero_index, d["hero_deck"], "hero"), many(cs.hero_index, d["hero_offer"], "hero"),
            many(cs.building_index, d["building_deck"], "building"),
            many(cs.building_index, d["building_offer"], "building"),
            many(cs.ship_index, d["longship_deck"], "longship"), many(cs.ship_index, d["longship_offer"], "longship"),
            many(cs.raid_index, d["raid_deck"], "raid"), many(cs.raid_index, d["sea"], "raid"),
            tuple(VIKINGS.index(t) if t is not None else -1 for t in d["zone_tokens"]),
            tuple(VIKINGS.index(t) for t in d["spare"]), vik,
            (num(hall[0], 0, 999, "hall"), num(hall[1], 0, 999, "hall"), num(hall[2], 0, 999, "hall")),
            tuple(num(f, 0, 2**31, "fame") for f in per("fame")),
            tuple(idx(cs.hero_index, h, "hero") for h in per("heroes")), tuple(blds),
            tuple(num(t, 0, 5, "tokens") for t in per("construction_tokens")), ships,
            tuple(many(cs.raid_index, r, "raid") for r in per("raids_done")),
            num(d["construction_stock"], 0, 999, "stock"), num(d["damage_stock"], 0, 999, "stock"),
            num(d["active"], 0, players - 1, "active"), num(d["to_move"], -1, players - 1, "to_move"), phase,
            num(d["exchange"], -1, 20, "exchange"), num(d["symbols_used"], 0, 2**40, "symbols_used"),
            num(d["abilities_used"], 0, 2**40, "abilities_used"), _tupled(d["context"]),
            num(d["ply"], 0, 2**63, "ply"), tuple(num(f, 0, 2**31, "final") for f in d["final"]))
        if len(state.sea) != len(cs.space_zone) or len(state.ztokens) != len(cs.zone_range):
            raise StateFormatError("the sea does not match the card set's board")
        return state
    except StateFormatError:
        raise
    except CardsError as exc:
        raise StateFormatError(f"the state's card set cannot be played: {str(exc)[:200]}") from exc
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
        raise StateFormatError(f"damaged In the Name of Odin state: {type(exc).__name__}: {str(exc)[:200]}") from exc


GAME = NameOfOdinGame()

if TYPE_CHECKING:
    from engine.core import Game

    _CONTRACT: Game[NooState, Any, AnyEvent, NooView] = GAME
