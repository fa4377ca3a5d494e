"""The expert bot and the hints built on it.

Before the stock is empty (or with a hidden stock) it samples worlds consistent with its view
and plays each legal card out in every world with the heuristic policy for all seats, keeping
the card with the best mean net points (the same worlds for every card). Once the stock is
empty in the open two-player game it solves the rest of the deal exactly.
"""

from __future__ import annotations

import random
import time

from ..cards import JACK, RANK_OF, SUIT_MASKS, SUIT_OF, TEN, TWO, make_card
from ..tricks import beating_masks
from .endgame import EndgameSolver, solve_position
from .heuristic import HeuristicBot, is_boss, view_gone, view_top
from .world import played_by_seat, sample_world

DEFAULT_THINK_MS = 50
MIN_SAMPLES = 4

# Reason codes a hint may carry (the UI translates them).
REASON_CODES = (
    "only_legal_card",
    "endgame_exact",
    "wins_visible_trump",
    "wins_visible_card",
    "captures_low",
    "keeps_two_of_trumps",
    "captures_the_ten",
    "saves_the_ten",
    "forces_out_the_jack",
    "leads_a_winner",
    "leads_low",
    "discards_low",
    "wins_the_trick",
)


def endgame_solvable(view) -> bool:
    """Two players, open stock, stock empty: every card's place is known to both."""
    return view.rules.players == 2 and view.rules.stock == "open" and view.stock_count == 0


def solve_view(view):
    """Exact (best_card, best_value) for the seat of `view`, from its view alone."""
    seat = view.seat
    other = 1 - seat
    hands = [0, 0]
    hands[seat] = view.hand
    hands[other] = view.known[other] | view.unseen  # the unseen cards can only be there now
    played = played_by_seat(view)
    solver = EndgameSolver(view.rules, view.trump, view.dealer, view.jack_turned, hands, played)
    card, value, _ = solve_position(solver, hands, view.won, view.leader, view.current_trick, seat)
    return card, value


class ExpertBot:
    """Sampling plus heuristic play-outs, exact once the open stock is empty.

    Options: `think_ms` (time budget per move, default 50) or `samples` (a fixed number of
    worlds per move, which makes the bot deterministic given its seed regardless of speed).
    """

    def __init__(self, seed: int = 0, rules=None, think_ms: float | None = None, samples: int | None = None,
                 **options):  # fmt: skip
        self._rng = random.Random(seed)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.samples = samples
        self.last_reason: str | None = None

    def choose(self, view) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("no legal play: it is not this seat's turn, or the deal is over")
        if not legal & (legal - 1):
            self.last_reason = "only_legal_card"
            return legal.bit_length() - 1
        if endgame_solvable(view):
            self.last_reason = "endgame_exact"
            return solve_view(view)[0]
        self.last_reason = None
        return self._sample(view)

    def _sample(self, view) -> int:
        seat = view.seat
        moves = list(view.legal_plays())
        totals = dict.fromkeys(moves, 0)
        # The heuristic's own card gets a tiny bonus: it wins ties and a noisy near-tie.
        prior = HeuristicBot().choose(view)
        deadline = time.perf_counter() + self.think_ms / 1000.0
        count = 0
        while True:
            if self.samples is not None:
                if count >= self.samples:
                    break
            elif count >= MIN_SAMPLES and time.perf_counter() >= deadline:
                break
            world = sample_world(view, self._rng)
            for card in moves:
                trial = world.copy()
                trial.play(card)
                seats = trial.rollout()
                totals[card] += sum(1 if s == seat else -1 for s in seats if s is not None)
            count += 1
        return max(moves, key=lambda c: (totals[c] + (0.5 if c == prior else 0.0), -c))


def reason_for(view, card: int, exact: bool = False) -> str:
    """A reason code for playing `card` from `view` (see REASON_CODES)."""
    legal = view.legal
    if not legal & (legal - 1):
        return "only_legal_card"
    if exact:
        return "endgame_exact"
    trump = view.trump
    trump_mask = SUIT_MASKS[trump]
    two = make_card(TWO, trump)
    top = view_top(view)
    trick = view.current_trick
    hand = view.hand
    gone = view_gone(view)
    holds_two = bool(hand >> two & 1)
    if trick:
        beats = beating_masks(trump)
        best = trick[0]
        for played in trick[1:]:
            if beats[best] >> played & 1:
                best = played
        wins = bool(beats[best] >> card & 1)
        if wins:
            if card == two:
                return "captures_low"
            if top is not None and SUIT_OF[top] == trump:
                return "wins_visible_trump"
            if any(RANK_OF[c] == TEN for c in trick):
                return "captures_the_ten"
            if top is not None and RANK_OF[top] >= TEN:
                return "wins_visible_card"
            return "wins_the_trick"
        if holds_two and card != two and legal >> two & 1:
            return "keeps_two_of_trumps"
        if RANK_OF[card] != TEN and any(RANK_OF[c] == TEN for c in view.legal_plays()):
            return "saves_the_ten"
        return "discards_low"
    jack = make_card(JACK, trump)
    jack_out = not (hand | gone) >> jack & 1
    if SUIT_OF[card] == trump and card > jack and jack_out:
        return "forces_out_the_jack"
    if is_boss(card, hand, gone) and (SUIT_OF[card] == trump or not trump_mask & ~(hand | gone)):
        if top is not None and SUIT_OF[top] == trump:
            return "wins_visible_trump"
        return "leads_a_winner"
    if holds_two and card != two:
        return "keeps_two_of_trumps" if SUIT_OF[card] == trump else "leads_low"
    return "leads_low"


def hint(deal, seat: int, think_ms: float | None = None, samples: int | None = None, seed: int = 0):
    """The expert's card for `seat` with a reason code: (card, reason_code). Uses only the
    seat's own view of `deal`."""
    view = deal.view(seat)
    if not view.legal:
        raise ValueError("no legal play: it is not this seat's turn, or the deal is over")
    bot = ExpertBot(seed=seed, rules=view.rules, think_ms=think_ms, samples=samples)
    card = bot.choose(view)
    return card, reason_for(view, card, exact=bot.last_reason == "endgame_exact")
