"""ODIN's 54 cards as bit positions, and the tables that make move generation cheap.

A card is an int 0..53: ``suit * 9 + rank - 1`` with suits in the order B R P G K O (blue, red, pink, green,
black, orange). A set of cards (a hand, the centre, the discard pile) is an int bit mask.
"""

from __future__ import annotations

from itertools import combinations

SUITS = "BRPGKO"
SUIT_NAMES = ("blue", "red", "pink", "green", "black", "orange")
RANKS = range(1, 10)
N_CARDS = 54
ALL = (1 << N_CARDS) - 1

CODE: tuple[str, ...] = tuple(f"{SUITS[c // 9]}{c % 9 + 1}" for c in range(N_CARDS))
INDEX: dict[str, int] = {code: i for i, code in enumerate(CODE)}
RANK: tuple[int, ...] = tuple(c % 9 + 1 for c in range(N_CARDS))
SUIT: tuple[int, ...] = tuple(c // 9 for c in range(N_CARDS))
BIT: tuple[int, ...] = tuple(1 << c for c in range(N_CARDS))

SUIT_MASK: tuple[int, ...] = tuple(511 << (9 * s) for s in range(6))
RANK_MASK: tuple[int, ...] = (0,) + tuple(
    sum(1 << (s * 9 + r - 1) for s in range(6)) for r in RANKS
)


def bits(mask: int) -> list[int]:
    """The card indices in `mask`, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_key(card: int) -> tuple[int, int]:
    """Canonical order of cards in a play: rank high to low, then suit order B R P G K O."""
    return (-RANK[card], SUIT[card])


def codes(mask: int) -> list[str]:
    """Card codes of `mask` in canonical order."""
    return [CODE[c] for c in sorted(bits(mask), key=sort_key)]


_CODES_T: dict[int, tuple[str, ...]] = {}
_BITS_T: dict[int, tuple[int, ...]] = {}
_VALUE: dict[int, int] = {}


def codes_t(mask: int) -> tuple[str, ...]:
    """Card codes of `mask` in canonical order, as a tuple (memoised: masks of plays recur)."""
    t = _CODES_T.get(mask)
    if t is None:
        t = _CODES_T[mask] = tuple(codes(mask))
    return t


def bits_t(mask: int) -> tuple[int, ...]:
    """`bits(mask)` as a tuple, memoised for small masks (plays and centres); big masks are not stored."""
    t = _BITS_T.get(mask)
    if t is None:
        t = tuple(bits(mask))
        if len(t) <= 6:
            _BITS_T[mask] = t
    return t


def value_of(mask: int) -> int:
    """The value of a play: its ranks sorted high to low, read as one number (2 and 8 -> 82)."""
    v = _VALUE.get(mask)
    if v is None:
        v = 0
        for r in sorted((RANK[c] for c in bits(mask)), reverse=True):
            v = v * 10 + r
        _VALUE[mask] = v
    return v


def is_group(mask: int) -> bool:
    """True when every card of `mask` shares one suit or one rank (a single card always does)."""
    if mask == 0:
        return False
    if mask & (mask - 1) == 0:
        return True
    return any(mask & ~m == 0 for m in SUIT_MASK) or any(mask & ~m == 0 for m in RANK_MASK[1:])


# ---- generation tables ---------------------------------------------------------------------------------
# SUIT_COMBOS[s][m9][k]: the plays of k cards (k >= 2) drawn from the cards of suit s whose 9-bit pattern
# is m9, as (value, mask54) sorted by value, plus a parallel list of values for bisecting.
# RANK_COMBOS[mask54][k]: the plays of k cards (k >= 2) of one rank drawn from mask54 (cards of one rank).

def _suit_tables() -> tuple[list[list[list[tuple[int, int]]]], list[list[list[int]]]]:
    combos: list[list[list[tuple[int, int]]]] = []
    values: list[list[list[int]]] = []
    for m9 in range(512):
        present = [r for r in range(9) if m9 >> r & 1]
        by_k: list[list[tuple[int, int]]] = [[] for _ in range(10)]
        for k in range(2, len(present) + 1):
            for combo in combinations(present, k):
                sub = sum(1 << r for r in combo)
                v = 0
                for r in sorted(combo, reverse=True):
                    v = v * 10 + r + 1
                by_k[k].append((v, sub))
            by_k[k].sort()
        combos.append(by_k)
        values.append([[v for v, _ in lst] for lst in by_k])
    return combos, values


SUIT_COMBOS9, SUIT_VALUES9 = _suit_tables()


def _rank_tables() -> dict[int, list[tuple[int, ...]]]:
    table: dict[int, list[tuple[int, ...]]] = {}
    for r in RANKS:
        cards = [s * 9 + r - 1 for s in range(6)]
        for n in range(1 << 6):
            present = [cards[s] for s in range(6) if n >> s & 1]
            mask = sum(1 << c for c in present)
            table[mask] = [
                tuple(sum(1 << c for c in combo) for combo in combinations(present, k))
                for k in range(len(present) + 1)
            ]
    return table


RANK_COMBOS = _rank_tables()
REPEAT_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(str(r) * k) if k else 0 for k in range(7)) for r in range(10)
)

# Rank multiplicities of a hand, packed one nibble per rank: the sum of RANK_SPREAD over the six 9-bit suit
# words. Adding COUNT_AT_LEAST[k] sets a nibble's high bit exactly where that rank has k or more cards.
SUIT_SHIFTS: tuple[int, ...] = tuple(9 * s for s in range(6))
RANK_SPREAD: tuple[int, ...] = tuple(sum(1 << (4 * (r + 1)) for r in range(9) if m9 >> r & 1) for m9 in range(512))
NIBBLE_HIGH = sum(8 << (4 * r) for r in range(1, 10))
COUNT_AT_LEAST: tuple[int, ...] = tuple(sum((8 - k) << (4 * r) for r in range(1, 10)) if 1 <= k <= 8 else 0
                                        for k in range(10))
# RANK_ABOVE[v]: every card whose rank is higher than v (v = 0..9).
RANK_ABOVE: tuple[int, ...] = tuple(sum(RANK_MASK[r] for r in range(v + 1, 10)) for v in range(10))
