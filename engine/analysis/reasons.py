"""Why a card was worse than the best one: a short reason code from the two lines' outcomes.

`reason_for` compares the card played with the best card. Card patterns come first, when the
outcome confirms them; otherwise the point that was given up the most names the reason. Every
code is explained in each language by the catalogue key `analysis.reasons.<code>`.
"""

from __future__ import annotations

from typing import Any

from engine.core.cards import CARD_VALUE, RANK_OF, SUIT_OF, TEN, parse_card
from engine.core.deal import Deal
from engine.core.tricks import beating_masks

REASON_CODES = (
    "throws_away_ten",
    "lets_top_stock_card_go",
    "trumps_needlessly",
    "gives_up_high",
    "gives_up_high_draw",
    "loses_low",
    "loses_low_holder",
    "gives_up_jack",
    "loses_game",
    "loses_nine",
    "loses_points",
)
_POINT_REASONS = {
    "jack": "gives_up_jack",
    "low": "loses_low",
    "game": "loses_game",
    "nine": "loses_nine",
    "high": "gives_up_high",
}
# A chance drop below this is noise, not a point given up.
_NOTICEABLE = 0.2


def _drops(played: dict[str, Any], best: dict[str, Any]) -> dict[str, float]:
    return {name: best["points"][name] - played["points"][name] for name in played["points"]}


def reason_for(deal: Deal, played: dict[str, Any], best: dict[str, Any]) -> str:
    """Reason code for playing `played` (an option row) instead of `best`, from `deal` as it
    was before the card was played."""
    drops = _drops(played, best)
    card = parse_card(played["card"])
    better = parse_card(best["card"])
    trick = deal.current_trick
    trump = deal.trump
    # Whether the card played lets the trick it is played into go: only then may a reason say
    # so. A lead, or a card that wins, loses a point through the later draws instead.
    lets_trick_go = False
    if trick and deal.players == 2:
        beats = beating_masks(trump)[trick[0]]
        wins = bool(beats >> card & 1)
        lets_trick_go = not wins
        better_wins = bool(beats >> better & 1)
        if RANK_OF[card] == TEN and not wins and drops["game"] > _NOTICEABLE:
            return "throws_away_ten"
        top = _visible_top(deal)
        if top is not None and not wins and better_wins and _worth_having(top, trump):
            return "lets_top_stock_card_go"
        led_trump = SUIT_OF[trick[0]] == trump
        if SUIT_OF[card] == trump and not led_trump and SUIT_OF[better] != trump:
            return "trumps_needlessly"
    elif RANK_OF[card] == TEN and SUIT_OF[card] != trump and drops["game"] > _NOTICEABLE:
        return "throws_away_ten"
    name, drop = max(drops.items(), key=lambda item: (item[1], -list(drops).index(item[0])))
    if drop > _NOTICEABLE:
        if name == "low" and deal.rules.low == "holder":
            # Under Low by holder the two is never won: it is lost by being in the other hand.
            return "loses_low_holder"
        if name == "high" and not lets_trick_go:
            # The ace of trumps reached the opponent through a later draw, not after this trick.
            return "gives_up_high_draw"
        return _POINT_REASONS[name]
    return "loses_points"


def _visible_top(deal: Deal) -> int | None:
    """The stock card the trick's winner will take, if the seat to move can see it."""
    if deal.stock_remaining < deal.players:
        return None
    if deal.rules.stock == "hidden" and deal.tricks:
        return None
    return deal.stock_top


def _worth_having(card: int, trump: int) -> bool:
    return bool(SUIT_OF[card] == trump or CARD_VALUE[card] >= 4)
