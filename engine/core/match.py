"""A match: the first dealer by the cut, alternating deals, and the count-out to the target."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.core.cards import RANK_OF
from engine.core.deal import Deal
from engine.core.outcome import deal_result
from engine.core.rules import Rules
from engine.core.scoring import count_out
from engine.core.shuffle import seeded_rng, shuffled_deck


@dataclass(frozen=True, slots=True)
class DealSummary:
    """One finished (or jack-decided) deal of a match."""

    seed: int
    dealer: int
    scores_before: tuple[int, ...]
    scores_after: tuple[int, ...]
    points: dict[str, int | None]
    winner: int | None


def cut_for_deal(rules: Rules, rng: random.Random) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """Choose the first dealer by `rules.first_dealer`; returns (dealer, cut rounds).

    Each cut round gives the card cut by each seat still in the cut (ace high, as in play);
    a tie for the deciding rank is cut again between the tied seats.
    """
    if rules.first_dealer == "random":
        return rng.randrange(rules.players), ()
    seats = list(range(rules.players))
    rounds = []
    while True:
        deck = shuffled_deck(rng)
        cut = tuple(deck[: len(seats)])
        rounds.append(cut)
        ranks = [RANK_OF[card] for card in cut]
        deciding = min(ranks) if rules.first_dealer == "cut_low" else max(ranks)
        tied = [seat for seat, rank in zip(seats, ranks, strict=True) if rank == deciding]
        if len(tied) == 1:
            return tied[0], tuple(rounds)
        seats = tied


class Match:
    """Deals until a seat reaches `rules.target`, counting out High, Low, Jack, Game, nine.

    Use: `deal = match.start_deal()`, play it, then `match.finish_deal()`. A turned jack
    (house rule) scores for the dealer in start_deal and may end the match there.
    """

    def __init__(self, rules: object = None, seed: int = 0):
        self.rules = Rules.from_spec(rules)
        self._rng = seeded_rng(seed)
        self.first_dealer, _ = cut_for_deal(self.rules, self._rng)
        self.dealer = self.first_dealer
        self.scores = [0] * self.rules.players
        self.winner: int | None = None
        self.deal: Deal | None = None
        self.history: list[DealSummary] = []
        self._scores_at_start: tuple[int, ...] = tuple(self.scores)
        self._deal_seed = 0
        self._in_progress = False

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def start_deal(self, seed: int | None = None) -> Deal:
        if self.is_over:
            raise ValueError(f"the match is over: seat {self.winner} reached {self.rules.target}")
        if self._in_progress:
            raise ValueError("finish the current deal first")
        self._deal_seed = self._rng.getrandbits(63) if seed is None else seed
        self.deal = Deal.from_seed(self.rules, self._deal_seed, self.dealer)
        self._scores_at_start = tuple(self.scores)
        self._in_progress = True
        if self.deal.jack_turned:
            # Scored before any card is played, so it can win the match on the spot.
            self.scores[self.dealer] += 1
            if self.scores[self.dealer] >= self.rules.target:
                self.winner = self.dealer
                self._close({"high": None, "low": None, "jack": self.dealer, "game": None, "nine": None})
        return self.deal

    def finish_deal(self) -> DealSummary:
        """Count out the finished current deal and pass the deal to the left."""
        deal = self.deal
        if deal is None or not self._in_progress:
            raise ValueError("no deal in progress: call start_deal() first")
        result = deal_result(deal)
        scores, winner, _ = count_out(
            result.seats, self._scores_at_start, self.rules.target, deal.jack_turned
        )
        self.scores = scores
        self.winner = winner
        return self._close(result.points)

    def _close(self, points: dict[str, int | None]) -> DealSummary:
        summary = DealSummary(
            seed=self._deal_seed,
            dealer=self.dealer,
            scores_before=self._scores_at_start,
            scores_after=tuple(self.scores),
            points=points,
            winner=self.winner,
        )
        self.history.append(summary)
        self._in_progress = False
        self.dealer = (self.dealer + 1) % self.rules.players
        return summary
