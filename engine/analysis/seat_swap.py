"""Could I have won? The same deal played again with the computer in the reader's seat.

The deal's cards are the same (the same seed or the same hands and stock), the opponents are the
same decision procedures, and each is deterministic from its seed and its own view, so until the
reader's seat plays a different card the two lines are the same card for card; after that the
opponents answer what they see. The answer puts both results side by side with the first play
where the lines part (always a card of the reader's seat: before it the views are the same).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from engine.analysis.luck import nets_of
from engine.analysis.peek import Decide, run_steps
from engine.core.cards import card_code, cards_of
from engine.core.deal import Deal

Json = dict[str, Any]


def _line(deal: Deal) -> Json:
    result = deal.result()
    return {
        "plays": [card_code(card) for card in deal.plays],
        "points": result.points,
        "game_values": list(result.values),
        "nets": list(nets_of(result.seats, deal.players)),
    }


def play_in_seat(deal: Deal, plays: Sequence[int], seat: int, computer: Decide, others: Decide) -> Json:
    """Play `deal` (before any play) again with `computer` deciding for `seat` and `others` for
    every other seat, and compare with the deal as played (`plays`, to its end).

    Returns {"actual", "computer"} (each: plays, points, card values, nets per seat) and
    `parted_at`: the first play index where the lines differ (None if they never do), with the
    card played there in each line. Raises ValueError if `plays` is illegal or unfinished.
    """
    return run_steps(play_in_seat_steps(deal, plays, seat, computer, others))


def play_in_seat_steps(
    deal: Deal, plays: Sequence[int], seat: int, computer: Decide, others: Decide
) -> Generator[int, None, Json]:
    """`play_in_seat` one decision at a time: yields the seat that just decided (a page's worker
    answers other requests between decisions, engine/surfaces/jobs.py) and returns the answer."""
    def fresh() -> Deal:
        hands = [list(cards_of(hand)) for hand in deal.initial_hands]
        return Deal.from_cards(deal.rules, hands, list(deal.stock), deal.dealer)

    actual = fresh()
    for card in plays:
        actual.play(card)
    if not actual.is_over:
        raise ValueError("the deal is not finished: it can be played again only once it is over")
    line = fresh()
    while not line.is_over:
        index = len(line.plays)
        decide = computer if line.to_move == seat else others
        mover = line.to_move
        line.play(decide(line.copy(), index))
        assert mover is not None
        yield mover
    # The same deal has the same number of plays whoever plays it (every card in hand is played).
    pairs = zip(actual.plays, line.plays, strict=True)
    parted = next((index for index, (a, b) in enumerate(pairs) if a != b), None)
    return {
        "seat": seat,
        "actual": _line(actual),
        "computer": _line(line),
        "parted_at": parted,
        "actual_card": None if parted is None else card_code(actual.plays[parted]),
        "computer_card": None if parted is None else card_code(line.plays[parted]),
    }
