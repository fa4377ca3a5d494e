"""End-of-deal points on masks (High, Low, Jack, Game, nine) and the match count-out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.core.cards import JACK, NINE, SUIT_MASKS, make_card, mask_value

if TYPE_CHECKING:
    from engine.core.rules import Rules

POINT_NAMES = ("high", "low", "jack", "game", "nine")
HIGH, LOW, JACK_POINT, GAME, NINE_POINT = range(5)

# The jack and the nine of each trump suit, as bits.
_JACK_BITS = tuple(1 << make_card(JACK, suit) for suit in range(4))
_NINE_BITS = tuple(1 << make_card(NINE, suit) for suit in range(4))


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
    rules: Rules, trump: int, dealer: int, won: Sequence[int], played: Sequence[int] | None, jack_turned: bool
) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """Points of a finished deal as (seats, values).

    `won[seat]` is the mask of cards the seat captured, `played[seat]` the cards it played
    (so its holder, for `low: holder`; only read then, so it may be None under `low: capture`).
    `seats` is a 5-tuple in POINT_NAMES order, each a seat or None; `values` is the card-value
    total per seat.
    """
    # The won masks are disjoint, so their sum is their union.
    trumps = sum(won) & SUIT_MASKS[trump]
    # The cards that decide High, Low, Jack and the nine, as bits (0: nobody can hold it). The
    # highest trump cannot lose a trick, so its holder and its capturer coincide.
    high_bit = 1 << trumps.bit_length() >> 1
    low_bit = trumps & -trumps
    jack_bit = 0 if jack_turned else _JACK_BITS[trump]
    nine_bit = _NINE_BITS[trump] if rules.nine_point else 0
    low_masks = won
    if rules.low == "holder":
        if played is None:
            raise ValueError("low: holder needs the cards each seat played")
        low_masks = played
    high = low = jack = nine = None
    # One pass over the seats finds every point card's seat (scoring runs after every play-out).
    for seat, mask in enumerate(won):
        if mask & high_bit:
            high = seat
        if low_masks[seat] & low_bit:
            low = seat
        if mask & jack_bit:
            jack = seat
        if mask & nine_bit:
            nine = seat
    if jack_turned:
        jack = dealer
    values = tuple(map(mask_value, won))
    game = game_seat(values, dealer, rules.game_tie)
    return (high, low, jack, game, nine), values


def count_out_steps(
    seats: Sequence[int | None], scores_before: Sequence[int], target: int, jack_turned: bool
) -> tuple[list[tuple[str, int, tuple[int, ...]]], int | None, tuple[str, ...]]:
    """The count-out point by point: returns (steps, winner, order).

    The order is High, Low, Jack, Game, then the nine; a turned jack was scored before any
    card was played, so it comes first. Each step is (point, seat, scores after it). `winner`
    is the first seat to reach `target`, and the count stops there (RULES.md §1, §6.17): the
    points after it are never added.
    """
    order = (
        (JACK_POINT, HIGH, LOW, GAME, NINE_POINT)
        if jack_turned
        else (HIGH, LOW, JACK_POINT, GAME, NINE_POINT)
    )
    scores = list(scores_before)
    winner = None
    steps = []
    for point in order:
        seat = seats[point]
        if seat is None:
            continue
        scores[seat] += 1
        steps.append((POINT_NAMES[point], seat, tuple(scores)))
        if scores[seat] >= target:
            winner = seat
            break
    return steps, winner, tuple(POINT_NAMES[point] for point in order)


def count_out(
    seats: Sequence[int | None], scores_before: Sequence[int], target: int, jack_turned: bool
) -> tuple[list[int], int | None, tuple[str, ...]]:
    """Add the points in count-out order; returns (scores_after, winner, order): the scores
    where the count stopped (see `count_out_steps`)."""
    steps, winner, order = count_out_steps(seats, scores_before, target, jack_turned)
    scores = list(steps[-1][2]) if steps else list(scores_before)
    return scores, winner, order
