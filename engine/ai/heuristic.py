"""The beginner bot: plays by the seeds' tips, from its own view only.

The tips it follows: fight for a valuable card on the stock (above all a trump), win tricks
that hold a ten cheaply, capture Low by trumping a plain lead with the two of trumps, keep
the two of trumps out of the opponent's reach, never throw a ten away when a blank card will
do, lead a safe winner when one is held, and otherwise lead a low card of a side suit.

The policy is a function of a few ints so the expert's rollouts can call it without views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import (
    ACE,
    CARD_VALUE,
    JACK,
    NINE,
    RANK_OF,
    SUIT_MASK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TEN,
    TWO,
    cards_of,
    make_card,
)
from engine.core.tricks import beating_masks

if TYPE_CHECKING:
    from engine.core.rules import Rules
    from engine.core.view import PlayerView


def prize_tables(trump: int, nine_point: bool) -> tuple[float, ...]:
    """How much winning each card is worth, in rough Game-value units (a point ~ 10)."""
    prize = [float(CARD_VALUE[card]) for card in range(52)]
    for rank in range(13):
        prize[make_card(rank, trump)] += 2.0  # any trump is strength kept away from the opponent
    prize[make_card(JACK, trump)] += 12.0
    prize[make_card(TWO, trump)] += 10.0
    prize[make_card(ACE, trump)] += 2.0
    if nine_point:
        prize[make_card(NINE, trump)] += 10.0
    return tuple(prize)


_PRIZES: dict[tuple[int, bool], tuple[float, ...]] = {}


def prizes(trump: int, nine_point: bool) -> tuple[float, ...]:
    key = (trump, nine_point)
    table = _PRIZES.get(key)
    if table is None:
        table = _PRIZES[key] = prize_tables(trump, nine_point)
    return table


def is_boss(card: int, hand: int, gone: int) -> bool:
    """No card of the suit above `card` is still out of sight (unplayed and not in `hand`)."""
    above = SUIT_MASK_OF[card] & ~((2 << card) - 1)
    return not above & ~(hand | gone)


def heuristic_card(
    hand: int, legal: int, trick: tuple[int, ...] | list[int], trump: int, top: int | None,
    gone: int, nine_point: bool = False, players: int = 2,
) -> int:  # fmt: skip
    """The beginner's card. `gone` holds every card already played (this trick included),
    `top` the visible stock card the trick's winner will take (None if none or unseen)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    prize = prizes(trump, nine_point)
    trump_mask = SUIT_MASKS[trump]
    two = make_card(TWO, trump)
    stake = prize[top] if top is not None else 0.0
    if not trick:
        return _lead(hand, legal, trump, trump_mask, two, gone, prize, stake)
    beats = beating_masks(trump)
    # The card to beat: the best so far (two players: the lead; three: scan the trick).
    best = trick[0]
    for card in trick[1:]:
        if beats[best] >> card & 1:
            best = card
    stake += sum(prize[card] for card in trick)
    winners = legal & beats[best]
    if winners:
        # Cheapest winner: a plain card of the led suit before a trump, low before high.
        def cost(card: int) -> tuple[bool, bool, float, int]:
            trumping = SUIT_OF[card] == trump
            return (trumping, card != two, prize[card] if trumping else -prize[card], RANK_OF[card])

        # The two of trumps wins any plain lead: the safest way to score Low (last in a trick).
        last = len(trick) == players - 1  # the last seat to play is sure to keep the trick
        if last and winners >> two & 1:
            return two
        winner = min(cards_of(winners), key=cost)
        spend = prize[winner] if SUIT_OF[winner] == trump and SUIT_OF[best] != trump else 0.0
        worth_it = SUIT_OF[winner] != trump or stake >= spend + 2.0 or stake >= 10.0
        if worth_it and (last or is_boss(winner, hand, gone)):
            return winner
    # Lose as cheaply as possible: keep tens and the two of trumps, throw a blank card.
    return min(cards_of(legal), key=lambda c: (prize[c], SUIT_OF[c] == trump, RANK_OF[c]))


def _lead(
    hand: int, legal: int, trump: int, trump_mask: int, two: int, gone: int, prize: tuple[float, ...],
    stake: float,
) -> int:  # fmt: skip
    # A sure winner (the highest trump still out) when something worth having is at stake.
    trumps = legal & trump_mask
    if trumps:
        high = trumps.bit_length() - 1
        if is_boss(high, hand, gone) and (stake >= 2.0 or _jack_out(trump, hand, gone)):
            return high
    # Side-suit aces and bosses that are not tens win unless trumped.
    side = legal & ~trump_mask
    if stake >= 2.0:
        for card in sorted(cards_of(side), key=lambda c: -RANK_OF[c]):
            if is_boss(card, hand, gone) and RANK_OF[card] != TEN:
                return card
    if side:
        # A low blank card, from the longest side suit (keeps short suits for trumping later).
        def lead_cost(card: int) -> tuple[float, int, int]:
            length = (hand & SUIT_MASK_OF[card]).bit_count()
            return (prize[card], -length, RANK_OF[card])

        return min(cards_of(side), key=lead_cost)
    # Only trumps: lead the lowest that is not the two.
    others = trumps & ~(1 << two)
    pool = others or trumps
    return min(cards_of(pool), key=lambda c: (prize[c], RANK_OF[c]))


def _jack_out(trump: int, hand: int, gone: int) -> bool:
    """The jack of trumps is still in someone else's hand or the stock (so worth forcing)."""
    return not (hand | gone) >> make_card(JACK, trump) & 1


def view_gone(view: PlayerView) -> int:
    gone = 0
    for trick in view.tricks:
        for card in trick.cards:
            gone |= 1 << card
    for card in view.current_trick:
        gone |= 1 << card
    return gone


def view_top(view: PlayerView) -> int | None:
    """The visible card the trick's winner will take, if any."""
    if view.stock_top is None or view.stock_count < view.rules.players:
        return None
    return view.stock_top


class HeuristicBot:
    """The beginner: `heuristic_card` on its own view. Deterministic (it uses no randomness)."""

    def __init__(self, seed: int = 0, rules: Rules | None = None, **options: object) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> int:
        if not view.legal:
            raise ValueError("no legal play: it is not this seat's turn, or the deal is over")
        return heuristic_card(
            view.hand, view.legal, view.current_trick, view.trump, view_top(view), view_gone(view),
            view.rules.nine_point, view.rules.players,
        )  # fmt: skip
