"""The expert bot and the hints built on it.

Before the stock is empty (or with a hidden stock) it samples worlds consistent with its view
and plays each legal card out in every world with the heuristic policy for all seats, keeping
the card with the best mean net points (the same worlds for every card). Once the stock is
empty in the open two-player game it solves the rest of the deal exactly.

The budget is counted in work, not time: `samples` worlds per decision. The worlds come from a
generator seeded by mixing the bot's seed with the decision's view (seat, cards played so far,
trump card, own hand), so the same seed and the same view give the same card in CPython, in
Pyodide and on every machine, however fast it is.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.ai.endgame import EndgameSolver, solve_position
from engine.ai.heuristic import HeuristicBot, is_boss, view_gone, view_top
from engine.ai.world import played_by_seat, sample_world
from engine.core.boundary import echo
from engine.core.cards import CARD_VALUE, JACK, RANK_OF, SUIT_MASKS, SUIT_OF, TEN, TWO, make_card
from engine.core.limits import MAX_SAMPLES
from engine.core.tricks import beating_masks

if TYPE_CHECKING:
    from engine.core.deal import Deal
    from engine.core.rules import Rules
    from engine.core.view import PlayerView

# Worlds sampled per decision. DEFAULT_SAMPLES, measured with scripts/bench_bots.py --deals 300
# (expert vs heuristic points share): 48 -> 69.9%, 64 -> 72.2%, 80 -> 71.6%; the old 50 ms
# time budget gave 71.4%. 64 worlds cost about what 50 ms bought before (about 40 ms of CPU
# per sampled decision on a loaded machine, scripts/bench_expert_latency.py). MAX_SAMPLES
# (engine/limits.py, the one bound for every request) caps the work one decision may ask for.
DEFAULT_SAMPLES = 64

_MASK64 = (1 << 64) - 1

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
    "heads_the_trick",
    "best_on_average",
)


def endgame_solvable(view: PlayerView) -> bool:
    """Two players, open stock, stock empty: every card's place is known to both."""
    return view.rules.players == 2 and view.rules.stock == "open" and view.stock_count == 0


def solve_view(view: PlayerView) -> tuple[int, int]:
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


def check_samples(samples: object) -> int:
    """The number of worlds per decision: DEFAULT_SAMPLES for None, else an int 1..MAX_SAMPLES."""
    if samples is None:
        return DEFAULT_SAMPLES
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be an integer from 1 to {MAX_SAMPLES}, got {echo(samples)}")
    return samples


def _mix64(value: int) -> int:
    """The splitmix64 finaliser: a fixed bijection of 64-bit ints that spreads every bit."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


def mix_seed(*parts: int) -> int:
    """One 64-bit seed from any ints (any size or sign), the same on every platform.

    Pure integer arithmetic: `hash()` of a str is salted per process, so it is never used.
    """
    state = 0
    for part in parts:
        magnitude = -part if part < 0 else part
        # The chunk count and the sign go in too, so (1, 2) and (1 << 64 | 2) stay distinct.
        chunks = max(1, (magnitude.bit_length() + 63) // 64)
        state = _mix64(state ^ (chunks << 1 | (part < 0)))
        for _ in range(chunks):
            state = _mix64(state ^ (magnitude & _MASK64))
            magnitude >>= 64
    return state


def decision_rng(seed: int, view: PlayerView) -> random.Random:
    """The generator for one decision: from the bot's seed and the view the decision is made
    from (its seat, the number of cards played, the trump card, its hand and every card gone)."""
    gone = 0
    plays = len(view.current_trick)
    for trick in view.tricks:
        plays += len(trick.cards)
        for card in trick.cards:
            gone |= 1 << card
    for card in view.current_trick:
        gone |= 1 << card
    return random.Random(mix_seed(seed, view.seat, plays, view.trump_card, view.hand, gone))


class ExpertBot:
    """Sampling plus heuristic play-outs, exact once the open stock is empty.

    `samples` is the number of worlds per decision (DEFAULT_SAMPLES if None, at most
    MAX_SAMPLES). A decision depends only on `seed` and the view it is given, never on the
    machine's speed or on earlier decisions.
    """

    def __init__(self, seed: int = 0, rules: Rules | None = None, *, samples: int | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {echo(seed)}")
        self.seed = seed
        self.samples = check_samples(samples)
        self.last_reason: str | None = None

    def choose(self, view: PlayerView) -> int:
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

    def _sample(self, view: PlayerView) -> int:
        seat = view.seat
        moves = list(view.legal_plays())
        totals = dict.fromkeys(moves, 0)
        # The heuristic's own card gets a tiny bonus: it wins ties and a noisy near-tie.
        prior = HeuristicBot().choose(view)
        rng = decision_rng(self.seed, view)
        for _ in range(self.samples):
            world = sample_world(view, rng)
            for card in moves:
                trial = world.copy()
                trial.play(card)
                seats = trial.rollout()
                totals[card] += sum(1 if s == seat else -1 for s in seats if s is not None)
        return max(moves, key=lambda c: (totals[c] + (0.5 if c == prior else 0.0), -c))


def reason_for(view: PlayerView, card: int, exact: bool = False) -> str:
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
    # Under Low by holder the two scores for whoever held it: keeping or winning it gains nothing.
    low_by_capture = view.rules.low == "capture"
    holds_two = low_by_capture and bool(hand >> two & 1)
    if trick:
        beats = beating_masks(trump)
        best = trick[0]
        for played in trick[1:]:
            if beats[best] >> played & 1:
                best = played
        wins = bool(beats[best] >> card & 1)
        # With three players a seat may still be to play after this card: the card is sure
        # to win only if no card out of sight can beat it.
        last = len(trick) == view.rules.players - 1
        unseen = ((1 << 52) - 1) & ~(hand | gone)
        sure = wins and (last or not beats[card] & unseen)
        if sure:
            if card == two and low_by_capture:
                return "captures_low"
            if top is not None and SUIT_OF[top] == trump:
                return "wins_visible_trump"
            if any(RANK_OF[c] == TEN for c in trick):
                return "captures_the_ten"
            if top is not None and RANK_OF[top] >= TEN:
                return "wins_visible_card"
            return "wins_the_trick"
        if wins:
            return "heads_the_trick"
        if holds_two and card != two and legal >> two & 1:
            return "keeps_two_of_trumps"
        if RANK_OF[card] != TEN and any(RANK_OF[c] == TEN for c in view.legal_plays()):
            return "saves_the_ten"
        if _no_value(card, trump):
            return "discards_low"
        return "best_on_average"
    jack = make_card(JACK, trump)
    jack_out = not (hand | gone) >> jack & 1
    if SUIT_OF[card] == trump and card > jack and jack_out:
        return "forces_out_the_jack"
    if is_boss(card, hand, gone) and (SUIT_OF[card] == trump or not trump_mask & ~(hand | gone)):
        if top is not None and SUIT_OF[top] == trump:
            return "wins_visible_trump"
        return "leads_a_winner"
    if holds_two and card != two and SUIT_OF[card] == trump:
        return "keeps_two_of_trumps"
    if _no_value(card, trump):
        return "leads_low"
    return "best_on_average"


def _no_value(card: int, trump: int) -> bool:
    """A card a hint may call low: no card value, and not a trump (a trump can still win a
    trick, and the two of trumps is Low)."""
    return CARD_VALUE[card] == 0 and SUIT_OF[card] != trump


def hint(deal: Deal, seat: int, *, samples: int | None = None, seed: int = 0) -> tuple[int, str]:
    """The expert's card for `seat` with a reason code: (card, reason_code). Uses only the
    seat's own view of `deal`; `samples` and `seed` as for ExpertBot."""
    bot = ExpertBot(seed=seed, rules=deal.rules, samples=samples)
    view = deal.view(seat)
    if not view.legal:
        raise ValueError("no legal play: it is not this seat's turn, or the deal is over")
    card = bot.choose(view)
    return card, reason_for(view, card, exact=bot.last_reason == "endgame_exact")
