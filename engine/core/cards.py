"""Cards as small ints: the encoding, the notation parser and the per-card tables.

A card is ``suit * 13 + rank`` with rank 0 = two .. 12 = ace, so within one suit a
higher int is a higher card, and a hand is a 52-bit mask with bit ``card`` set.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.boundary import echo

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
DECK_SIZE = 52
RANKS_PER_SUIT = 13

TWO, NINE, TEN, JACK, QUEEN, KING, ACE = 0, 7, 8, 9, 10, 11, 12

# Card values for the Game point (RULES.md §1): 10 = 10, A = 4, K = 3, Q = 2, J = 1.
RANK_VALUES = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)

FULL_DECK_MASK = (1 << DECK_SIZE) - 1
SUIT_MASKS = tuple(((1 << RANKS_PER_SUIT) - 1) << (RANKS_PER_SUIT * suit) for suit in range(4))
SUIT_OF = tuple(card // RANKS_PER_SUIT for card in range(DECK_SIZE))
RANK_OF = tuple(card % RANKS_PER_SUIT for card in range(DECK_SIZE))
CARD_VALUE = tuple(RANK_VALUES[rank] for rank in RANK_OF)

# Value of any set of ranks within one suit, so a 52-bit mask is valued in four look-ups.
_SUIT_VALUE = tuple(
    sum(RANK_VALUES[rank] for rank in range(RANKS_PER_SUIT) if ranks >> rank & 1)
    for ranks in range(1 << RANKS_PER_SUIT)
)


def mask_value(mask: int) -> int:
    """Total card value (Game point values) of the cards in ``mask``."""
    return (
        _SUIT_VALUE[mask & 0x1FFF]
        + _SUIT_VALUE[(mask >> 13) & 0x1FFF]
        + _SUIT_VALUE[(mask >> 26) & 0x1FFF]
        + _SUIT_VALUE[mask >> 39]
    )


TOTAL_VALUE = mask_value(FULL_DECK_MASK)

_RANK_ALIASES = {"10": TEN, **{r: i for i, r in enumerate(RANKS)}}
_SUIT_ALIASES = {**{s: i for i, s in enumerate(SUITS)}, **{s: i for i, s in enumerate(SUIT_SYMBOLS)}}
# Text-style variation selectors (U+FE0E/U+FE0F) may follow a suit symbol in pasted text.
_VARIATION_SELECTORS = "\ufe0e\ufe0f"


def make_card(rank: int, suit: int) -> int:
    return suit * RANKS_PER_SUIT + rank


def parse_card(text: str) -> int:
    """Parse 'TH', 'th', '10H', '10♥' and the like into a card int; ValueError names the problem."""
    if isinstance(text, bool) or not isinstance(text, str):
        raise ValueError(f"a card must be a string like 'TH', got {echo(text)}")
    cleaned = text.strip().upper().rstrip(_VARIATION_SELECTORS)
    rank_text, suit_text = cleaned[:-1], cleaned[-1:]
    rank = _RANK_ALIASES.get(rank_text)
    suit = _SUIT_ALIASES.get(suit_text)
    if rank is None or suit is None:
        raise ValueError(
            f"not a card: {echo(text)} (rank one of {RANKS} or 10, suit one of {SUITS} or {SUIT_SYMBOLS})"
        )
    return make_card(rank, suit)


def card_code(card: int) -> str:
    """Canonical code of a card int, e.g. 'TH'."""
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise ValueError(f"not a card int (0..51): {echo(card)}")
    return RANKS[RANK_OF[card]] + SUITS[SUIT_OF[card]]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


# The mask of each card's whole suit, by card: the hot paths look it up per play.
SUIT_MASK_OF = tuple(SUIT_MASKS[SUIT_OF[card]] for card in range(52))


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest int first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cards)


def codes_of(mask: int) -> list[str]:
    return [card_code(card) for card in cards_of(mask)]
