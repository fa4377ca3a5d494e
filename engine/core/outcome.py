"""The result of a finished deal: the points, each with the reason a UI can explain."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.cards import JACK, NINE, card_code, make_card
from engine.core.history import DealState
from engine.core.scoring import POINT_NAMES, deal_points


@dataclass(frozen=True, slots=True)
class PointReason:
    """Why a point went where it did.

    `card` is the deciding card's code, `trick` the 1-based trick it was played in, `values`
    the card-value totals per seat (Game only). `flags` mark the special cases:
    'holder' (Low by holder), 'turned' (turned jack), 'tie' (Game tied), 'non_dealer'
    (tie given to the elder hand), 'not_in_play' (that card never came into play).
    `key` is the message-catalogue key, e.g. 'reasons.low_holder'.
    """

    point: str
    seat: int | None
    card: str | None
    trick: int | None
    values: tuple[int, ...] | None
    flags: tuple[str, ...]
    key: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "point": self.point,
            "seat": self.seat,
            "card": self.card,
            "trick": self.trick,
            "values": None if self.values is None else list(self.values),
            "flags": list(self.flags),
            "key": self.key,
        }


@dataclass(frozen=True, slots=True)
class DealResult:
    """Points of a finished deal: each of `POINT_NAMES` to a seat or None."""

    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    nine: int | None
    values: tuple[int, ...]
    reasons: tuple[PointReason, ...]
    jack_turned: bool

    @property
    def seats(self) -> tuple[int | None, ...]:
        return (self.high, self.low, self.jack, self.game, self.nine)

    @property
    def points(self) -> dict[str, int | None]:
        return dict(zip(POINT_NAMES, self.seats, strict=True))

    def points_per_seat(self, players: int) -> list[int]:
        totals = [0] * players
        for seat in self.seats:
            if seat is not None:
                totals[seat] += 1
        return totals

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points,
            "game_values": list(self.values),
            "reasons": [reason.to_dict() for reason in self.reasons],
            "jack_turned": self.jack_turned,
        }


# Every message id a point's reason can carry (PointReason.key). The ids with a scorer have
# a reader form and an other-seat form in the catalogues (`<key>_you`, `<key>_other`);
# the ones in NO_SCORER_REASON_KEYS, where no one scored the point, do not.
REASON_KEYS = (
    "reasons.high",
    "reasons.low",
    "reasons.low_holder",
    "reasons.jack",
    "reasons.jack_turned",
    "reasons.jack_not_in_play",
    "reasons.game",
    "reasons.game_tie",
    "reasons.game_tie_non_dealer",
    "reasons.nine",
    "reasons.nine_not_in_play",
)
NO_SCORER_REASON_KEYS = frozenset(
    {"reasons.jack_not_in_play", "reasons.game_tie", "reasons.nine_not_in_play"}
)


def deal_result(deal: DealState) -> DealResult:
    if not deal.is_over:
        raise ValueError("the deal is not over: the result exists only after the last trick")
    rules = deal.rules
    seats, values = deal_points(rules, deal.trump, deal.dealer, deal.won, deal.played, deal.jack_turned)
    high, low, jack, game, nine = seats
    trick_of = {card: number for number, trick in enumerate(deal.tricks, 1) for card in trick.cards}
    in_play = 0
    for mask in deal.won:
        in_play |= mask
    trumps = in_play & (0x1FFF << (13 * deal.trump))

    def card_reason(point: str, seat: int | None, card: int, flags: tuple[str, ...] = ()) -> PointReason:
        if not in_play >> card & 1 and "turned" not in flags:
            return PointReason(
                point, None, card_code(card), None, None, ("not_in_play",), f"reasons.{point}_not_in_play"
            )
        suffix = "_" + flags[0] if flags else ""
        return PointReason(
            point, seat, card_code(card), trick_of.get(card), None, flags, f"reasons.{point}{suffix}"
        )

    reasons = [
        card_reason("high", high, trumps.bit_length() - 1),
        card_reason(
            "low", low, (trumps & -trumps).bit_length() - 1, ("holder",) if rules.low == "holder" else ()
        ),
        card_reason("jack", jack, make_card(JACK, deal.trump), ("turned",) if deal.jack_turned else ()),
    ]
    best = max(values)
    tied = sum(1 for value in values if value == best) > 1
    game_flags = ("tie", "non_dealer") if tied and game is not None else ("tie",) if tied else ()
    game_key = (
        "reasons.game_tie_non_dealer"
        if "non_dealer" in game_flags
        else "reasons.game_tie"
        if tied
        else "reasons.game"
    )
    reasons.append(PointReason("game", game, None, None, values, game_flags, game_key))
    if rules.nine_point:
        reasons.append(card_reason("nine", nine, make_card(NINE, deal.trump)))
    if deal.jack_turned:
        # The reasons are listed in count-out order: a turned jack was scored first (§6.4).
        reasons.insert(0, reasons.pop(2))
    return DealResult(high, low, jack, game, nine, values, tuple(reasons), deal.jack_turned)

