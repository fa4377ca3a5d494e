"""Trick resolution and the drawing order after a trick, for two and three players."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.cards import SUIT_OF


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index (0 = leader) of the card that wins a trick: highest trump, else highest of the led suit."""
    best_index = 0
    best = cards[0]
    best_suit = SUIT_OF[best]
    for index in range(1, len(cards)):
        card = cards[index]
        suit = SUIT_OF[card]
        # Same suit as the current best: the higher int is the higher rank. A first trump beats
        # a led plain suit; any other off-suit card cannot win.
        if suit == best_suit:
            if card > best:
                best_index, best = index, card
        elif suit == trump:
            best_index, best, best_suit = index, card, suit
    return best_index


# DRAW_ORDER[players][winner]: the winner draws first, then the others from the winner's left.
DRAW_ORDER = {
    players: tuple(
        tuple((winner + offset) % players for offset in range(players)) for winner in range(players)
    )
    for players in (2, 3)
}


HAND_SIZE = 6


def stock_size(players: int) -> int:
    return 52 - HAND_SIZE * players


def draw_rounds(players: int) -> int:
    """Rounds of drawing: one per trick while the stock holds at least one card per player."""
    return stock_size(players) // players


def out_of_play(players: int) -> int:
    """Stock cards never drawn (the last card with three players)."""
    return stock_size(players) - draw_rounds(players) * players


def trick_count(players: int) -> int:
    return (52 - out_of_play(players)) // players


_beats_cache: dict[int, tuple[int, ...]] = {}


def beating_masks(trump: int) -> tuple[int, ...]:
    """For each card led, the mask of cards that would win a two-card trick over it.

    Built from `trick_winner` itself (so it is the same rule), for the two-player fast path.
    """
    masks = _beats_cache.get(trump)
    if masks is None:
        masks = tuple(
            sum(1 << other for other in range(52) if other != led and trick_winner((led, other), trump) == 1)
            for led in range(52)
        )
        _beats_cache[trump] = masks
    return masks
