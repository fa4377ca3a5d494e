"""Helpers for building deals with chosen cards."""

from __future__ import annotations

import pytest

from engine import Deal, Rules, parse_card
from engine.core.tricks import stock_size


def cards(text: str) -> list[int]:
    return [parse_card(code) for code in text.split()]


def build_deal(rules: Rules | str, hands: list[str], stock_top: str = "", dealer: int = 0) -> Deal:
    """Deal with the given hands (space-separated codes) and stock top cards; the rest of the
    stock is every other card, lowest int first."""
    rules = Rules.from_spec(rules)
    hand_cards = [cards(hand) for hand in hands]
    top = cards(stock_top)
    used = {card for hand in hand_cards for card in hand} | set(top)
    rest = [card for card in range(52) if card not in used]
    stock = top + rest
    assert len(stock) == stock_size(rules.players)
    return Deal.from_cards(rules, hand_cards, stock, dealer)


@pytest.fixture
def hearts_deal() -> Deal:
    """RULES.md §5: hearts trump, J♥ on the stock; A (seat 1, non-dealer) leads 7♣."""
    return build_deal("standard", ["2H 9S TS 7D 8D 9D", "7C 8C 3S 4S 5D 6D"], "JH QD", dealer=0)
