"""Jórvík bots. A bot is a function (state, rng) -> action that only chooses among `legal_actions`.

- `random`: any legal action, uniformly.
- `baseline`: "always bid on the cheapest card": its Viking goes to the shortest demand row, it buys whatever
  it can afford, puts goods on crafts, else sells, else stores.
- `heuristic`: values each card for itself in VP (defence against the attacks still to come, the goods of a
  ship by their best use, a craft by its chance of completion, feasts and skalds by what they add, ...), goes
  first in rows of valuable cards, queues behind rivals to raise their price, buys when the value beats the
  price, withdraws when its own Viking is next in the row, and assigns goods greedily by value.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.jorvik.actions import (
    ActionT,
    Buy,
    Craft,
    Demand,
    Done,
    Double,
    Give,
    Pay,
    Pick,
    Reserve,
    Sacrifice,
    Sell,
    Skip,
    Store,
    Swap,
    Take,
    UseCard,
    Withdraw,
)
from engine.jorvik.cards import GOOD_INDEX
from engine.jorvik.game import GAME, JorvikState, _filled, _fulfilled, defence_of

Bot = Callable[[JorvikState, random.Random], ActionT]
COIN = 0.5  # a coin in VP, roughly (coins only buy cards)
RACE_BEHIND = 0.7  # share of the attacks' VP swing a warrior is worth when it closes the gap
RACE_AHEAD = 0.25  # ... and when we already lead (a margin keeps the lead)
PASS_CHANCE = 0.35  # how likely a rival ahead in a row lets the card go
DENY = 0.5  # weight of what a card is worth to the rival who would get it instead


def random_bot(state: JorvikState, rng: random.Random) -> ActionT:
    actions = GAME.legal_actions(state)
    return actions[rng.randrange(len(actions))]


# ---- baseline: always the cheapest card -----------------------------------------------------------------


def baseline_bot(state: JorvikState, rng: random.Random) -> ActionT:
    actions = GAME.legal_actions(state)
    demands = [a for a in actions if isinstance(a, Demand) and not a.brown]
    if demands:
        return min(demands, key=lambda a: (len(state.rows[a.space - 1]), a.space))
    order: tuple[type, ...] = (Buy, Craft, Sell, Store, Withdraw, Done, Skip)
    for kind in order:
        for a in actions:
            if isinstance(a, kind) and not (isinstance(a, Buy) and a.with_card):
                return a
    return actions[0]


# ---- heuristic ------------------------------------------------------------------------------------------


def _rounds_left(s: JorvikState) -> float:
    per = (s.players + 1) * (2 if s.jarl else 1)
    return len(s.deck) / per


def _attacks_left(s: JorvikState) -> int:
    return sum(1 for c in s.deck if s.cards.picts[c] is not None)


def _attack_vp(s: JorvikState, mine: int, others: list[int]) -> float:
    """The VP the attacks still in the deck bring with defence `mine` against the others' (as they stand)."""
    allv = [mine, *others]
    hi, lo = max(allv), min(allv)
    if hi == lo:
        return 0.0
    total = 0.0
    for c in s.deck:
        p = s.cards.picts[c]
        if p is not None:
            total += p[0] if mine == hi else -p[1] if mine == lo else 0
    return total


def _good_use(s: JorvikState, me: int, g: int, extra_crafts: tuple[int, ...] = ()) -> float:
    """The VP a good of kind `g` is worth to `me` at its best use."""
    t = s.cards
    best = 0.25  # two goods make a coin
    for c in (*s.display[me], *s.loading[me], *extra_crafts):
        needs = t.needs[c]
        if needs is not None and needs[g] > _filled(s, c)[g]:
            missing = t.need_total[c] - sum(_filled(s, c))
            best = max(best, t.craft_vp[c] / t.need_total[c] * (1.6 if missing <= 2 else 1.0))
        tr = t.trade[c]
        if tr is not None and tr[0] == g:
            best = max(best, tr[1] * COIN)
        sa = t.sacrifice[c]
        if sa is not None and sa[0] == g:
            best = max(best, float(sa[1]))
    return best


def card_value(s: JorvikState, me: int, c: int) -> float:
    """What card `c` is worth to seat `me`, in VP."""
    t = s.cards
    e = t.eff[c]
    rounds = _rounds_left(s)
    mine = [*s.display[me], *s.loading[me]]
    kinds = [t.type[k] for k in mine]
    v = 0.0
    if t.defence[c]:
        others = [defence_of(s, p) for p in range(s.players) if p != me]
        now = defence_of(s, me)
        gain = _attack_vp(s, now + t.defence[c], others) - _attack_vp(s, now, others)
        swing = sum(p[0] + p[1] for p in (t.picts[k] for k in s.deck) if p is not None)
        gap = max(others) - now
        race = (swing * min(1.0, t.defence[c] / (gap + 1)) * RACE_BEHIND if gap >= 0
                else swing * RACE_AHEAD * max(0.0, 1 + gap / 4))
        v += max(0.8 * gain, race)
        v += sum(1 for k in mine if t.score_per[k] == ("warrior", 1))
    if t.ship[c]:
        goods = next((g for k, g in s.cargo if k == c), None)
        if goods is not None:
            v += sum(goods[g] * _good_use(s, me, g) for g in range(8))
        v += sum(1 for k in mine if t.score_per[k] == ("ship", 1))
    needs = t.needs[c]
    if needs is not None:
        store = s.storage[me]
        missing = sum(max(0, n - store[g]) for g, n in enumerate(needs))
        chance = max(0.0, min(1.0, rounds / (1.2 * missing + 0.5))) if missing else 1.0
        scarce = sum(1 for g, n in enumerate(needs) if n and g in t.jarl_goods)
        v += t.craft_vp[c] * chance * (0.6 if scarce else 1.0)
        v += sum(1 for k in mine if t.score_per[k] == ("craft", 1))
    if "trade" in e:
        v += t.vp[c] + min(3.0, rounds * 0.5) * e["trade"]["coins"] * COIN
        v += sum(1 for k in mine if t.score_per[k] == ("trader", 1))
    elif "score" in e:
        v += t.vp[c]
        v += sum(1 for k in mine if t.score_per[k] == ("raid", 1))
    if "feast" in e:
        table = e["feast"]["table"]
        n = kinds.count("feast")
        v += table[min(n, len(table) - 1)] - (table[n - 1] if n else 0)
    if t.score_per[c] is not None:
        what, vp = t.score_per[c]  # type: ignore[misc]
        n = s.coins[me] if what == "coin" else kinds.count(what) + 1
        v += vp * n
    if "double_raid" in e:
        v += max([t.vp[k] for k in mine if t.type[k] == "raid"], default=2)
    if t.income[c]:
        v += t.income[c] * rounds * COIN
    if t.storage[c]:
        v += 2.0
    if "sacrifice" in e:
        v += 2.5
    if "gain_coins" in e:
        v += e["gain_coins"]["coins"] * COIN
    if "coin_from_each" in e:
        v += sum(1 for p in range(s.players) if p != me and s.coins[p]) * COIN * 1.5
    for kind, worth in (("brown_vikings", 2.0), ("pay_purchase", 2.5), ("exchange", 1.5),
                        ("reassign_craft_goods", 0.5), ("take_supply_good", 1.5), ("steal_craft_good", 2.0),
                        ("swap_vikings", 0.5), ("double_win", 1.5), ("avoid_loss", 1.5)):
        if kind in e:
            v += worth * (1.0 if rounds >= 1 else 0.3)
    if "double_warrior" in e:
        v += 0.5 * _attacks_left(s) * (1 + max([t.defence[k] for k in mine], default=0))
    return v


def _demand_score(s: JorvikState, me: int, a: Demand | Reserve) -> float:
    sp = a.space - 1
    card = s.spaces[sp]
    value = card_value(s, me, card) + DENY * max(card_value(s, p, card) for p in range(s.players) if p != me)
    if isinstance(a, Reserve):
        return value - COIN * (len(s.reserved) + 1.5)
    row = s.rows[sp]
    owners = [f & 7 for f in row]
    if me in owners:
        return -1.0  # our own Viking is already in this row
    rivals_ahead = [p for p in owners if s.coins[p] >= len(row) + 1 and card_value(s, p, card) > 1.5]
    if not row:
        return value - COIN * 2.0
    if rivals_ahead:
        # the rivals ahead may pass; standing behind them at least raises their price
        chance = PASS_CHANCE ** len(rivals_ahead)
        return max(0.3 + 0.1 * len(row) + 0.05 * value,
                   value * 0.8 * chance - COIN * (len(row) + 1 - len(rivals_ahead)))
    return value * 0.8 - COIN * (len(row) + 1)


def _assign_score(s: JorvikState, me: int, a: ActionT) -> float:
    t = s.cards
    if isinstance(a, Craft):
        c = t.index[a.card]
        missing = t.need_total[c] - sum(_filled(s, c))
        return 3.0 + t.craft_vp[c] / t.need_total[c] + (2.0 if missing == 1 else 0.0)
    if isinstance(a, Sacrifice):
        return 2.0
    if isinstance(a, Sell):
        g = GOOD_INDEX[a.good]
        coins = max(t.trade[c][1] for c in s.display[me] if t.trade[c] is not None and t.trade[c][0] == g)  # type: ignore[index]
        return coins * COIN + 0.05
    if isinstance(a, Store):
        g = GOOD_INDEX[a.good]
        return 0.6 + (0.8 if _good_use(s, me, g) > 1.0 else 0.0)
    if isinstance(a, Give):
        g = GOOD_INDEX[a.good]
        pool = s.pool
        if not pool[g] or sum(pool) < 2 or _good_use(s, me, g) > 0.3:
            return -1.0
        return 0.3
    return -1.0


def heuristic_bot(state: JorvikState, rng: random.Random) -> ActionT:
    s = state
    actions = GAME.legal_actions(s)
    if len(actions) == 1:
        return actions[0]
    d = s.decision
    me = d.player
    assert me is not None
    kind = d.kind
    t = s.cards
    if kind == "jorvik_demand":
        best: ActionT = actions[0]
        score = -1e9
        for a in actions:
            if isinstance(a, Demand | Reserve):
                v = _demand_score(s, me, a) + rng.random() * 0.01
                if v > score:
                    best, score = a, v
            elif isinstance(a, UseCard):
                continue
        if any(isinstance(a, Skip) for a in actions) and score < 0.5:
            return Skip()
        return best
    if kind in ("jorvik_purchase", "jorvik_reserved_purchase"):
        price = d.facts["price"]
        card = t.index[d.facts["card"]]
        if kind == "jorvik_purchase":
            row = s.rows[s.cursor]
            if len(row) > 1 and row[1] & 7 == me:
                return Withdraw()  # our next Viking buys it cheaper
        value = card_value(s, me, card)
        if kind == "jorvik_purchase" and len(s.rows[s.cursor]) > 1:
            value += DENY * card_value(s, s.rows[s.cursor][1] & 7, card)
        rounds = _rounds_left(s)
        coin_worth = COIN if rounds > 1 else 0.3
        if any(isinstance(a, Buy) and a.with_card for a in actions) and value >= 2 * price:
            return Buy(True)
        if any(isinstance(a, Buy) and not a.with_card for a in actions) and value >= price * coin_worth:
            return Buy()
        return Withdraw()
    if kind == "jorvik_picts_double":
        return Double()
    if kind == "jorvik_picts_protect":
        return Pay() if d.facts["lose"] >= 2 else Skip()
    if kind == "jorvik_traitor_swap":
        return _best_swap(s, me, actions)
    if kind == "jorvik_pick":
        picks = [a for a in actions if isinstance(a, Pick | Take)]
        if not picks:
            return Done()
        return max(picks, key=lambda a: _good_use(s, me, GOOD_INDEX[a.good]))
    if kind == "jorvik_exchange":
        return _exchange(s, me, actions)
    if kind == "jorvik_assign":
        for a in actions:
            if isinstance(a, UseCard) and _worth_using(s, me, t.index[a.card]):
                return a
        scored = [(_assign_score(s, me, a), i) for i, a in enumerate(actions) if not isinstance(a, UseCard)]
        v, i = max(scored)
        if v <= 0:
            return Done()
        return actions[i]
    return actions[rng.randrange(len(actions))]


def _worth_using(s: JorvikState, me: int, card: int) -> bool:
    t = s.cards
    e = t.eff[card]
    if "take_supply_good" in e:
        return any(s.supply[g] and _good_use(s, me, g) > 1.0 for g in range(8))
    if "steal_craft_good" in e:
        return any(_good_use(s, me, g) > 1.0 for o in range(s.players) if o != me for c in s.display[o]
                   if t.needs[c] is not None and not _fulfilled(s, c) for g in range(8) if _filled(s, c)[g])
    return False


def _exchange(s: JorvikState, me: int, actions: list[ActionT]) -> ActionT:
    takes = [a for a in actions if isinstance(a, Take) and a.good != "coin"]
    if takes:
        best = max(takes, key=lambda a: _good_use(s, me, GOOD_INDEX[a.good]))
        if _good_use(s, me, GOOD_INDEX[best.good]) > 1.0 or not any(
                isinstance(a, Take) and a.good == "coin" for a in actions):
            return best
    if any(isinstance(a, Take) and a.good == "coin" for a in actions):
        return Take("coin")
    gives = [a for a in actions if isinstance(a, Give)]
    return min(gives, key=lambda a: (_good_use(s, me, GOOD_INDEX[a.good]), a.good))


def _best_swap(s: JorvikState, me: int, actions: list[ActionT]) -> ActionT:
    """Swap our Viking forward into first place of the most valuable row, if that helps."""
    best: ActionT = Skip()
    gain = 1.0
    for a in actions:
        if not isinstance(a, Swap) or "R" in a.a + a.b:
            continue
        (ra, pa), (rb, pb) = (tuple(int(x) - 1 for x in lab.split(".")) for lab in (a.a, a.b))
        fa, fb = s.rows[ra][pa], s.rows[rb][pb]
        for (r, p, f_new) in ((ra, pa, fb), (rb, pb, fa)):
            if p == 0 and f_new & 7 == me and s.rows[r][0] & 7 != me:
                v = card_value(s, me, s.spaces[r])
                if v > gain:
                    best, gain = a, v
    return best


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot, "baseline": baseline_bot}


def play_out(state: JorvikState, seats: list[Bot], rng: random.Random) -> JorvikState:
    """Let the bots in `seats` play `state` to the end."""
    while not state.over:
        seat = state.decision.player
        assert seat is not None
        state, _ = GAME.apply(state, seats[seat](state, rng))
    return state


def match(bots: list[str], games: int, seed: int = 0, mode: str = "karl") -> list[float]:
    """Win shares of each bot over `games` seeded games; seats rotate every game, a shared win splits."""
    n = len(bots)
    wins = [0.0] * n
    rng = random.Random(seed)
    for g in range(games):
        order = [(i + g) % n for i in range(n)]  # seat -> bot index
        state = play_out(GAME.new_game(n, seed=seed * 1_000_003 + g, options={"mode": mode}),
                         [BOTS[bots[b]] for b in order], rng)
        winners = GAME.winners(state)
        for seat in winners:
            wins[order[seat]] += 1 / len(winners)
    return [w / games for w in wins]

