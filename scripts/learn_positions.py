"""Find positions for the Learn course's levels (tutorials/learn/*.toml), by kind.

Deals come from seeds and are played on by a seeded random legal card (`--bot heuristic`: the
beginner bot, for positions that look like real play); a position is printed as a level record
(`seed` + `plays`) when it shows what the kind asks for. The strategy kinds (top_card_win,
top_card_let, save_ten, capture_jack, protect_low) value the cards as the `best_card` goal does
with cards in the stock, by the margin rule of engine/content/goals.py, seeded by the level id
given with `--id` (the level must keep that id). The levels are committed as data: this script
only helps an author find them, and the build checks every level again with the engine.

    .venv/bin/python scripts/learn_positions.py follow_plain --count 3
    .venv/bin/python scripts/learn_positions.py save_ten --bot heuristic --id save-ten-4
    .venv/bin/python scripts/learn_positions.py --spread     # the course's sampled levels, other seeds
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.bots import make_bot
from engine.analysis.deal_analysis import exact_option_values, sampled_option_values
from engine.analysis.reasons import reason_for
from engine.content import check_content
from engine.content.goals import ESTIMATE_MARGIN, ESTIMATE_SAMPLES, clearly_best, estimate_rng
from engine.core.cards import (
    CARD_VALUE,
    JACK,
    RANK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TEN,
    TWO,
    card_code,
    cards_of,
    make_card,
)
from engine.core.deal import Deal
from engine.core.tricks import beating_masks

LEVEL_ID = ["new-level"]  # the id the sampled kinds seed their values with (--id)

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


def clear_sampled(deal: Deal) -> tuple[set[int], set[int], dict[int, str]] | None:
    """With cards in the stock: the clearly best cards by the margin rule, the others, and each
    other card's reason; None without a clear best card."""
    if deal.stock_remaining < deal.players or len(list(deal.legal_plays())) < 2:
        return None
    options = sampled_option_values(deal, ESTIMATE_SAMPLES, estimate_rng(LEVEL_ID[0]))
    accepted, closest, gap = clearly_best(options)
    if closest is None or gap < ESTIMATE_MARGIN:
        return None
    better = max(accepted, key=lambda card: (options[card].value, -card))
    best_row = {"card": card_code(better), "points": options[better].points}
    reasons = {
        card: reason_for(deal, {"card": card_code(card), "points": options[card].points}, best_row)
        for card in set(options) - accepted
    }
    return accepted, set(options) - accepted, reasons


def top_card(deal: Deal, seat: int, win: bool) -> bool:
    """The reader plays the trick's second card; some cards win it and take the stock's top
    card, some do not; the clearly best cards all win it (win) or all let it go."""
    if led(deal) is None or not 0 < len(winners(deal)) < len(list(deal.legal_plays())):
        return False
    top = deal.stock_top
    if win and (top is None or (SUIT_OF[top] != deal.trump and CARD_VALUE[top] < 3)):
        return False
    found = clear_sampled(deal)
    if found is None:
        return False
    wins = winners(deal)
    return found[0] <= wins if win else not found[0] & wins


def save_ten(deal: Deal, seat: int) -> bool:
    """A plain ten is legal on a lead; no ten is among the best cards, and playing one throws it away."""
    tens = {c for c in deal.legal_plays() if RANK_OF[c] == TEN and SUIT_OF[c] != deal.trump}
    if led(deal) is None or not tens:
        return False
    found = clear_sampled(deal)
    return found is not None and not found[0] & tens and "throws_away_ten" in {found[2][t] for t in tens}


def capture_jack(deal: Deal, seat: int) -> bool:
    """The jack of trumps in the trick or on top of the stock; the best cards all win the trick."""
    jack = make_card(JACK, deal.trump)
    if led(deal) is None or jack not in (*deal.current_trick, deal.stock_top):
        return False
    found = clear_sampled(deal)
    return found is not None and found[0] <= winners(deal)


def protect_low(deal: Deal, seat: int) -> bool:
    """The two of trumps is legal but not among the best cards: playing it loses Low."""
    two = make_card(TWO, deal.trump)
    if two not in deal.legal_plays():
        return False
    found = clear_sampled(deal)
    return found is not None and two in found[1] and found[2][two] == "loses_low"


def lead_trumps(deal: Deal, seat: int) -> bool:
    """Stock empty, the reader leads, holds trumps and other cards; every best card is a trump."""
    legal = list(deal.legal_plays())
    if deal.stock_remaining or deal.current_trick or not 3 <= len(legal) <= 5:
        return False
    if all(SUIT_OF[c] == deal.trump for c in legal) or not any(SUIT_OF[c] == deal.trump for c in legal):
        return False
    options = exact_option_values(deal, seat)
    best = max(o.value for o in options.values())
    accepted = {c for c, o in options.items() if o.value == best}
    return accepted != set(options) and all(SUIT_OF[c] == deal.trump for c in accepted)


def trick_winner(deal: Deal, seat: int) -> bool:
    """Right after the first trick, with no trump in it."""
    return len(deal.tricks) == 1 and not any(SUIT_OF[c] == deal.trump for c in deal.tricks[0].cards)


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
    "top_card_win": (lambda deal, seat: top_card(deal, seat, True), "follow"),
    "top_card_let": (lambda deal, seat: top_card(deal, seat, False), "follow"),
    "save_ten": (save_ten, "follow"),
    "capture_jack": (capture_jack, "follow"),
    "protect_low": (protect_low, "any"),
    "lead_trumps": (lead_trumps, "any"),
    "trick_winner": (trick_winner, "any"),
}


def positions(
    kind: str, first_seed: int, max_plays: int, bot: str = "random"
) -> Iterator[tuple[int, list[str], int, Deal]]:
    test, when = KINDS[kind]
    for seed in range(first_seed, first_seed + 5000):
        deal = Deal.from_seed("standard", seed, 0)
        rng = random.Random(seed)
        bots = [make_bot("heuristic", seed=seed + seat) for seat in range(deal.players)]
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
            if bot == "heuristic":
                card = bots[seat].choose(deal.view(seat))
            else:
                card = rng.choice(list(deal.legal_plays()))
            deal.play(card)
            plays.append(card_code(card))


def spread(seeds: int = 10) -> None:
    """For each of the course's levels valued by sampling: the gap between its accepted cards and
    the best other card, re-estimated with `seeds` other seeds (the margin rule's noise)."""
    report = check_content(Path(__file__).resolve().parents[1] / "tutorials" / "learn").levels
    deviations = []
    for level in report.levels:
        if level.goal != "best_card" or not level.position.stock_remaining:
            continue
        gaps = []
        for other in range(seeds):
            options = sampled_option_values(
                level.position, ESTIMATE_SAMPLES, random.Random(f"spread:{other}:{level.id}")
            )
            accepted = [o.value for c, o in options.items() if card_code(c) in level.answers]
            others = [o.value for c, o in options.items() if card_code(c) not in level.answers]
            gaps.append(min(accepted) - max(others))
        deviations.append(statistics.stdev(gaps))
        print(f"{level.id}: gap min {min(gaps):.2f} mean {statistics.mean(gaps):.2f} max {max(gaps):.2f} "
              f"sd {deviations[-1]:.2f}")  # fmt: skip
    if deviations:
        print(f"sd of the gap: median {statistics.median(deviations):.2f}, max {max(deviations):.2f} "
              f"({len(deviations)} levels, {ESTIMATE_SAMPLES} samples, {seeds} seeds each)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=sorted(KINDS), nargs="?")
    parser.add_argument("--bot", choices=("random", "heuristic"), default="random")
    parser.add_argument("--id", default=LEVEL_ID[0], help="the level id that seeds the sampled values")
    parser.add_argument("--spread", action="store_true", help="the margin rule's noise on the course")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plays", type=int, default=52, help="only positions this early in the deal")
    args = parser.parse_args()
    if args.spread:
        spread()
        return
    if args.kind is None:
        parser.error("name a kind, or --spread")
    LEVEL_ID[0] = args.id
    found = positions(args.kind, args.seed, args.max_plays, args.bot)
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
