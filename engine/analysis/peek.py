"""Did the computer peek? Re-run each of its decisions with the cards it could not see dealt again.

A bot is given only its seat's PlayerView (engine/core/view.py), so its card can depend only on
what that seat has seen. This module checks that claim on a finished deal: at every decision of
the seats asked about, it deals the cards that seat could not see (the other hands' unseen
cards and the unseen stock) again at random, consistently with everything the seat saw (the
re-dealt deal replays the same plays legally and gives that seat exactly the same view), and
asks the same decision procedure for its card. A procedure that reads anything beyond the view
(another hand, the stock's order) answers differently in some re-deals; one that reads only the
view cannot.

A re-deal is a permutation of the unseen cards applied to the deal's hands and stock: played
cards and every card the seat saw stay where they were, so the plays stay the same cards. Each
hidden card in another hand is replaced by a random unseen card of a suit that hand could hold
since that card came into it (the voids it showed from then on: RULES.md's duties to follow
and to trump), the rest go to the unseen stock places in random order. A re-deal is kept only
if the deal replays legally and the seat's view is unchanged; otherwise another is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.ai.expert import mix_seed
from engine.core.cards import SUIT_MASK_OF, SUIT_MASKS, card_code, cards_of
from engine.core.deal import Deal
from engine.core.errors import IllegalPlay

# A decision procedure: the seat to move's card in `deal` (replayed up to play `index`).
Decide = Callable[[Deal, int], int]
# Re-deals drawn before a decision is reported as impossible to re-deal (never seen in tests:
# the voids a seat showed are kept by the sampler, so the first draw nearly always replays).
MAX_ATTEMPTS = 32

Json = dict[str, Any]
Result = TypeVar("Result")


def run_steps(steps: Generator[Any, None, Result]) -> Result:
    """Run a computation written as steps (a generator that yields between units of work and
    returns its answer) to its end at once: the one-shot answer is the stepped one."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            result: Result = stop.value
            return result


@dataclass(slots=True)
class PeekDecision:
    """One decision re-run: the card in the record, the card the procedure gives on the real
    deal, and on each re-deal; `hidden` counts the cards the seat could not see."""

    play_index: int
    seat: int
    played: int
    replayed: int
    redealt: list[int]
    hidden: int
    example: Json | None = None
    failed_redeals: int = 0
    same: bool = field(init=False)

    def __post_init__(self) -> None:
        self.same = self.replayed == self.played and all(card == self.played for card in self.redealt)

    def to_dict(self) -> Json:
        return {
            "play_index": self.play_index,
            "seat": self.seat,
            "card": card_code(self.played),
            "replayed": card_code(self.replayed),
            "redealt": [card_code(card) for card in self.redealt],
            "hidden": self.hidden,
            "same": self.same,
            "example": self.example,
            "failed_redeals": self.failed_redeals,
        }


def _replayed(deal: Deal, plays: Sequence[int]) -> Deal | None:
    """`deal` (before any play) with `plays` played, or None if one is illegal there."""
    try:
        for card in plays:
            deal.play(card)
    except IllegalPlay:
        return None
    return deal


def _voids(deal: Deal) -> list[list[int]]:
    """voids[seat][t]: the cards `seat` showed it did not hold at trick t (0-based; the trick in
    progress last), by the duties to follow suit and to trump."""
    rules = deal.rules
    players = deal.players
    trump_mask = SUIT_MASKS[deal.trump]
    tricks = [(trick.leader, trick.cards) for trick in deal.tricks]
    tricks.append((deal.leader, deal.current_trick))
    voids = [[0] * len(tricks) for _ in range(players)]
    for number, (leader, cards) in enumerate(tricks):
        if not cards:
            continue
        led = SUIT_MASK_OF[cards[0]]
        for index in range(1, len(cards)):
            card = cards[index]
            if led >> card & 1:
                continue
            seat = (leader + index) % players
            if trump_mask >> card & 1:
                # Trumping a plain lead shows a void only where trumping instead is not allowed.
                if not rules.trump_when_able:
                    voids[seat][number] |= led
            else:
                voids[seat][number] |= led | (trump_mask if rules.must_trump_when_void else 0)
    return voids


def _slots(deal: Deal, seat: int, unseen: int) -> list[tuple[int, int]]:
    """(hidden card, the cards it may be replaced by: not of a suit its holder showed a void in
    since the card came into its hand) for every card of another hand that `seat` cannot see."""
    voids = _voids(deal)
    came_at: dict[int, int] = {}  # card -> the first trick its holder played while holding it
    for number, trick in enumerate(deal.tricks):
        for draw in trick.draws:
            if draw.card is not None:
                came_at[draw.card] = number + 1
    slots = []
    for other, hand in enumerate(deal.hands):
        if other == seat:
            continue
        for card in cards_of(hand & unseen):
            since = came_at.get(card, 0)
            shown = 0
            for void in voids[other][since:]:
                shown |= void
            slots.append((card, unseen & ~shown))
    return slots


def redeal(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """A deal that replays `deal`'s plays so far and gives `seat` the same view, with the cards
    hidden from `seat` dealt again at random; None if MAX_ATTEMPTS draws all failed."""
    view = deal.view(seat)
    unseen = view.unseen
    if not unseen:
        return _replayed(_fresh(deal, {}), deal.plays)
    slots = _slots(deal, seat, unseen)
    slots.sort(key=lambda slot: slot[1].bit_count())  # the most constrained first
    position = len(deal.stock) - deal.stock_remaining
    stock_places = [card for card in deal.stock[position:] if unseen >> card & 1]
    for _ in range(MAX_ATTEMPTS):
        pool = unseen
        mapping: dict[int, int] = {}
        for card, allowed in slots:
            choices = cards_of(pool & allowed)
            if not choices:
                break
            chosen = choices[rng.randrange(len(choices))]
            mapping[card] = chosen
            pool &= ~(1 << chosen)
        else:
            rest = list(cards_of(pool))
            rng.shuffle(rest)
            mapping.update(zip(stock_places, rest, strict=True))
            candidate = _replayed(_fresh(deal, mapping), deal.plays)
            if candidate is not None and candidate.view(seat) == view:
                return candidate
    return None


def _fresh(deal: Deal, mapping: dict[int, int]) -> Deal:
    """`deal` before any play, with each card of `mapping` replaced by its image."""
    hands = [[mapping.get(card, card) for card in cards_of(hand)] for hand in deal.initial_hands]
    stock = [mapping.get(card, card) for card in deal.stock]
    return Deal.from_cards(deal.rules, hands, stock, deal.dealer)


def _hidden_cards(deal: Deal, seat: int) -> list[list[str]]:
    """Per seat, the cards in its hand that `seat` could not see (its own: none)."""
    unseen = deal.view(seat).unseen
    return [[] if other == seat else [card_code(c) for c in cards_of(hand & unseen)]
            for other, hand in enumerate(deal.hands)]  # fmt: skip


def peek_check(
    deal: Deal, plays: Sequence[int], seats: Iterable[int], decide: Decide, *, redeals: int = 3,
    seed: int = 0, only: Iterable[int] | None = None,
) -> list[PeekDecision]:  # fmt: skip
    """Re-run every decision of `seats` in `deal` (before any play) played through `plays`.

    At each such play (or only those of `only`), `decide` gives its card on the real deal and
    on `redeals` re-deals of the cards that seat could not see. Re-deals are drawn from a
    generator seeded by `seed` and the play index, so the check is the same on every machine.
    Raises ValueError if a play is illegal.
    """
    return run_steps(peek_steps(deal, plays, seats, decide, redeals=redeals, seed=seed, only=only))


def peek_steps(
    deal: Deal, plays: Sequence[int], seats: Iterable[int], decide: Decide, *, redeals: int = 3,
    seed: int = 0, only: Iterable[int] | None = None,
) -> Generator[int, None, list[PeekDecision]]:  # fmt: skip
    """`peek_check` one decision at a time: yields the seat after each call of `decide` (on the
    real deal or a re-deal) and returns the decisions."""
    asked = set(seats)
    wanted = None if only is None else set(only)
    real = Deal.from_cards(
        deal.rules, [list(cards_of(hand)) for hand in deal.initial_hands], list(deal.stock), deal.dealer
    )
    decisions = []
    for index, card in enumerate(plays):
        mover = real.to_move
        if mover is not None and mover in asked and (wanted is None or index in wanted):
            rng = random.Random(mix_seed(seed, index))
            again = decide(real.copy(), index)
            yield mover
            cards: list[int] = []
            example: Json | None = None
            failed = 0
            for _ in range(redeals):
                other = redeal(real, mover, rng)
                if other is None:
                    failed += 1
                    continue
                if example is None:
                    example = {"real": _hidden_cards(real, mover), "redealt": _hidden_cards(other, mover)}
                cards.append(decide(other, index))
                yield mover
            hidden = real.view(mover).unseen.bit_count()
            decisions.append(PeekDecision(index, mover, card, again, cards, hidden, example, failed))
        real.play(card)
    return decisions


def report(decisions: Sequence[PeekDecision]) -> Json:
    """The check's answer: every decision re-run, and whether each card was the same."""
    return {
        "decisions": [decision.to_dict() for decision in decisions],
        "all_same": all(decision.same for decision in decisions),
        "checked": len(decisions),
        "redeals": sum(len(decision.redealt) for decision in decisions),
    }
