"""Seeded shuffling and dealing: the same seed gives the same deal in CPython and in Pyodide.

`random.Random(int)` is Mersenne Twister seeded the same way on every platform, and we use
only `getrandbits`, whose output is specified bit for bit; `random.shuffle` is avoided
because it is slower than a few 32-bit draws split into mixed-radix digits.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.boundary import echo
from engine.core.limits import SEED_LIMIT
from engine.core.tricks import HAND_SIZE

_ORDERED_DECK = tuple(range(52))


def _digit_groups() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Fisher-Yates steps 51..1 grouped so each group's radix product fits one 32-bit draw.

    Each group takes one `getrandbits(32)`, rejected when it is at or above the largest
    multiple of the product (so every digit is exactly uniform), then split into digits.
    """
    groups = []
    index = 51
    while index > 0:
        steps: list[int] = []
        product = 1
        while index > 0 and product * (index + 1) <= 1 << 29:
            product *= index + 1
            steps.append(index)
            index -= 1
        groups.append((tuple(steps), (1 << 32) - (1 << 32) % product))
    return tuple(groups)


_DIGIT_GROUPS = _digit_groups()


def seeded_rng(seed: int) -> random.Random:
    """The generator of a deal or match seed: an integer 0 <= seed < 2**64.

    Negative seeds are refused: random.Random seeds with abs(), so -s would deal as s.
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed must be an integer 0..2**64-1, got {echo(seed)}")
    return random.Random(seed)


def shuffled_deck(rng: random.Random) -> list[int]:
    """A uniformly shuffled list of the 52 card ints (Fisher-Yates, exactly uniform)."""
    deck = list(_ORDERED_DECK)
    draw = rng.getrandbits
    for steps, limit in _DIGIT_GROUPS:
        entropy = draw(32)
        while entropy >= limit:
            entropy = draw(32)
        for index in steps:
            other = entropy % (index + 1)
            entropy //= index + 1
            deck[index], deck[other] = deck[other], deck[index]
    return deck


def deal_deck(deck: Sequence[int], players: int, dealer: int) -> tuple[list[list[int]], tuple[int, ...]]:
    """Deal one card at a time from the top, starting left of the dealer; the rest is the stock.

    Returns the hands as lists in seat order and the stock, top card first.
    """
    dealt = HAND_SIZE * players
    first = dealer + 1
    # Card i goes to seat (dealer + 1 + i) % players: each seat's cards are one slice of the deck
    # (every seat's entry is replaced below).
    hands: list[list[int]] = [[]] * players
    for offset in range(players):
        hands[(first + offset) % players] = list(deck[offset:dealt:players])
    return hands, tuple(deck[dealt:])
