"""Find positions for the Learn course's levels (tutorials/learn/*.toml), by kind.

Deals come from seeds and are played on by a seeded random legal card; a position is printed
as a level record (`seed` + `plays`) when it shows what the kind asks for. The levels are
committed as data: this script only helps an author find them, and the build checks every
level again with the engine (engine/content/goals.py).

    .venv/bin/python scripts/learn_positions.py follow_plain --count 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.analysis.deal_analysis import exact_option_values
from engine.core.cards import JACK, SUIT_MASKS, SUIT_OF, card_code, cards_of, make_card
from engine.core.deal import Deal
from engine.core.tricks import beating_masks

Test = Callable[[Deal, int], bool]


def suit_cards(deal: Deal, seat: int, suit: int) -> int:
    return deal.hands[seat] & SUIT_MASKS[suit]


def led(deal: Deal) -> int | None:
    trick = deal.current_trick
    return SUIT_OF[trick[0]] if len(trick) == 1 else None


def winners(deal: Deal) -> set[int]:
    beats = beating_masks(deal.trump)[deal.current_trick[0]]
    return {card for card in deal.legal_plays() if beats >> card & 1}


def plain_lead(deal: Deal) -> bool:
    suit = led(deal)
    return suit is not None and suit != deal.trump


def rank_order(deal: Deal, seat: int) -> bool:
    """A plain suit led; no trump in hand; some cards of the suit win, some do not."""
    suit = led(deal)
    if not plain_lead(deal) or suit is None or suit_cards(deal, seat, deal.trump):
        return False
    held = cards_of(suit_cards(deal, seat, suit))
    return 0 < len(winners(deal)) < len(held)


def trump_wins(deal: Deal, seat: int) -> bool:
    """A plain suit led; the reader holds the suit but none high enough, and a trump."""
    suit = led(deal)
    if not plain_lead(deal) or suit is None:
        return False
    wins = winners(deal)
    held = suit_cards(deal, seat, suit)
    return bool(held) and bool(wins) and all(SUIT_OF[c] == deal.trump for c in wins)


def trump_lead(deal: Deal, seat: int) -> bool:
    """A trump led; the reader holds higher and lower trumps and other cards."""
    if led(deal) != deal.trump:
        return False
    trumps = cards_of(suit_cards(deal, seat, deal.trump))
    wins = winners(deal)
    return 0 < len(wins) < len(trumps) and len(trumps) < len(deal.hand(seat))


def follow_plain(deal: Deal, seat: int) -> bool:
    """A plain suit led; the reader holds it, a trump and a third suit."""
    suit = led(deal)
    if not plain_lead(deal) or suit is None:
        return False
    legal = deal.legal_mask()
    return (
        bool(suit_cards(deal, seat, suit))
        and bool(suit_cards(deal, seat, deal.trump))
        and legal != deal.hands[seat]
    )


def must_trump(deal: Deal, seat: int) -> bool:
    suit = led(deal)
    if not plain_lead(deal) or suit is None:
        return False
    return not suit_cards(deal, seat, suit) and bool(suit_cards(deal, seat, deal.trump))


def discard(deal: Deal, seat: int) -> bool:
    suit = led(deal)
    if not plain_lead(deal) or suit is None:
        return False
    return not suit_cards(deal, seat, suit) and not suit_cards(deal, seat, deal.trump)


def follow_trump(deal: Deal, seat: int) -> bool:
    return led(deal) == deal.trump and deal.legal_mask() != deal.hands[seat]


def best_card(deal: Deal, seat: int) -> bool:
    """Stock empty, 3 or 4 cards each, one best card among several legal."""
    if deal.stock_remaining or not 3 <= len(deal.hand(seat)) <= 4 or len(list(deal.legal_plays())) < 2:
        return False
    options = exact_option_values(deal, seat)
    best = max(o.value for o in options.values())
    return (
        sum(1 for o in options.values() if o.value == best) == 1
        and min(o.value for o in options.values()) < best
    )


def jack_out(deal: Deal, seat: int) -> bool:
    jack = make_card(JACK, deal.trump)
    return len(deal.tricks) >= 4 and not deal.hands[seat] >> jack & 1


KINDS: dict[str, tuple[Test, str]] = {
    "rank_order": (rank_order, "follow"),
    "trump_wins": (trump_wins, "follow"),
    "trump_lead": (trump_lead, "follow"),
    "follow_plain": (follow_plain, "follow"),
    "must_trump": (must_trump, "follow"),
    "discard": (discard, "follow"),
    "follow_trump": (follow_trump, "follow"),
    "best_card": (best_card, "any"),
    "jack_out": (jack_out, "any"),
    "complete": (lambda deal, seat: deal.is_over, "end"),
}


def positions(kind: str, first_seed: int, max_plays: int) -> Iterator[tuple[int, list[str], int, Deal]]:
    test, when = KINDS[kind]
    for seed in range(first_seed, first_seed + 5000):
        deal = Deal.from_seed("standard", seed, 0)
        rng = random.Random(seed)
        plays: list[str] = []
        while True:
            seat = deal.to_move
            if seat is None:
                if when == "end":
                    yield seed, plays, 0, deal
                break
            if len(plays) > max_plays and when != "end":
                break
            if (when == "any" or (when == "follow" and deal.current_trick)) and test(deal, seat):
                yield seed, plays, seat, deal
                break
            card = rng.choice(list(deal.legal_plays()))
            deal.play(card)
            plays.append(card_code(card))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plays", type=int, default=52, help="only positions this early in the deal")
    args = parser.parse_args()
    found = positions(args.kind, args.seed, args.max_plays)
    for _ in range(args.count):
        seed, plays, seat, deal = next(found)
        record = f'{{rules = "standard", dealer = 0, seed = {seed}, plays = {json.dumps(plays)}}}'
        hand = " ".join(card_code(c) for c in deal.hand(seat))
        trick = " ".join(card_code(c) for c in deal.current_trick)
        trump = "SHDC"[deal.trump]
        print(f"# seat {seat}, trump {trump}, hand {hand}, trick {trick}, stock {deal.stock_remaining}")
        print(f"record = {record}")
        print(f"seat = {seat}\n")


if __name__ == "__main__":
    main()
