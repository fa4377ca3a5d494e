"""End-of-deal points on masks (High, Low, Jack, Game, nine) and the match count-out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import JACK, NINE, SUIT_MASKS, make_card, mask_value

if TYPE_CHECKING:
    from .rules import Rules

POINT_NAMES = ("high", "low", "jack", "game", "nine")
HIGH, LOW, JACK_POINT, GAME, NINE_POINT = range(5)


def seat_holding(card: int, masks: Sequence[int]) -> int | None:
    bit = 1 << card
    for seat, mask in enumerate(masks):
        if mask & bit:
            return seat
    return None


def game_seat(values: Sequence[int], dealer: int, game_tie: str) -> int | None:
    """Seat with the most card value; on a tie nobody, or under `non_dealer` the first tied seat
    from the dealer's left (the elder hand, generalised to three players)."""
    best = max(values)
    if values.count(best) == 1:
        return values.index(best)
    if game_tie == "non_dealer":
        players = len(values)
        for offset in range(1, players + 1):
            seat = (dealer + offset) % players
            if values[seat] == best:
                return seat
    return None


def deal_points(
    rules: Rules, trump: int, dealer: int, won: Sequence[int], played: Sequence[int], jack_turned: bool
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Points of a finished deal as (seats, values).

    `won[seat]` is the mask of cards the seat captured, `played[seat]` the cards it played
    (so its holder, for `low: holder`). `seats` is a 5-tuple in POINT_NAMES order, each a seat
    or None; `values` is the card-value total per seat.
    """
    trump_mask = SUIT_MASKS[trump]
    # The won masks are disjoint, so their sum is their union.
    trumps = sum(won) & trump_mask
    high = low = None
    if trumps:
        # The highest trump cannot lose a trick, so its holder and its capturer coincide.
        high = seat_holding(trumps.bit_length() - 1, won)
        low = seat_holding((trumps & -trumps).bit_length() - 1, played if rules.low == "holder" else won)
    jack = dealer if jack_turned else seat_holding(make_card(JACK, trump), won)
    values = tuple(map(mask_value, won))
    game = game_seat(values, dealer, rules.game_tie)
    nine = seat_holding(make_card(NINE, trump), won) if rules.nine_point else None
    return (high, low, jack, game, nine), values


def count_out(
    seats: Sequence[int | None], scores_before: Sequence[int], target: int, jack_turned: bool
) -> tuple[list[int], int | None, tuple[str, ...]]:
    """Add the points in count-out order; returns (scores_after, winner, order).

    The order is High, Low, Jack, Game, then the nine; a turned jack was scored before any
    card was played, so it comes first. `winner` is the first seat to reach `target`.
    """
    order = (
        (JACK_POINT, HIGH, LOW, GAME, NINE_POINT)
        if jack_turned
        else (HIGH, LOW, JACK_POINT, GAME, NINE_POINT)
    )
    scores = list(scores_before)
    winner = None
    for point in order:
        seat = seats[point]
        if seat is None:
            continue
        scores[seat] += 1
        if winner is None and scores[seat] >= target:
            winner = seat
    return scores, winner, tuple(POINT_NAMES[point] for point in order)
