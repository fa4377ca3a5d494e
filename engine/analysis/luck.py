"""Luck and skill in one deal: each seat's net points split into what chance gave it and what
the seats' cards did (issue 24, item 5; the method in plain words: docs/_data/luck-method.md).

The value function
    `V(x)` is each seat's expected net points over the whole deal (its points minus every
    other seat's, as in the deal analysis) from the full state `x`: every hand, the cards won
    and played, and the stock's cards already seen. The only thing left to chance in `x` is
    the order of the stock cards nobody has seen, and that order is uniformly random. From `x`
    every seat plays the baseline: the beginner bot's card (`engine.ai.heuristic`, seeing what
    that seat would see: the stock's top only while it is face up) until the stock is empty,
    then, with two players, the exact endgame solver's optimal play (engine/ai/endgame.py);
    three players play the beginner's cards to the end. So

    - where the stock is empty (two players) `V` is the solver's exact value;
    - elsewhere `V(x)` is the mean over `samples` orders of the unseen stock cards (every
      order when there are few enough) of the baseline's play-out, each play-out ending in the
      solver's value. The orders come from a generator seeded by `seed`, the deal's cards and
      the number of draws made, so the same inputs give the same numbers on every machine.
    - before any card is dealt, `V` is the seat's expected net points from where it sits
      (dealer or not): `expected` (measured once per rules, see `expected_nets`).

The decomposition
    The deal is a sequence of states: before the deal, after it, then one state before each
    card, with the draws after a trick in between. `V` is evaluated at each of them, and every
    step between two states is either a chance event or a decision:

    - the deal (the hands and the card turned up) and each trick's draws (the cards that
      come off the stock) are chance: `luck` += V(after) - V(before);
    - a card played is a decision of its seat: `skill` += V(after the card) - V(before it),
      where V(before) is the value of the state, which is the value after the baseline's
      card (before the stock is empty) or after the best card (once it is empty). A card is
      judged in hindsight, knowing every hand (as the review shows them once the deal is
      over): before the stock is empty it is compared with the beginner's card, after that
      with the best card, so a decision's `loss` (minus its change) is negative when it did
      better than the beginner would have. `own` counts the changes of a seat's own cards for
      itself; `skill` counts every card's change for the seat (with two players: its own
      cards' gains minus the opponent's).

    The steps chain from V(before the deal) = `expected` to V(after the last card) = the
    result, and each state has one value, so the sum telescopes:
    result = expected + luck + skill, exactly (up to float rounding). The estimator's error
    does not break the identity; it moves points between luck and skill. Every state of one
    stretch between two chance events uses the same sampled orders (common random numbers),
    so a decision's change is measured on the same stock orders as its baseline; a card equal
    to the baseline's changes nothing. The chance events' expectations are the real chance
    (the unseen stock is uniformly shuffled whatever the players did), so luck has mean zero
    for any players; only `expected`'s own measuring error can shift it.

This module never gives a bot anything: it reads a finished deal record.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.ai.endgame import EndgameSolver
from engine.ai.expert import mix_seed
from engine.ai.heuristic import heuristic_card
from engine.core.boundary import echo
from engine.core.cards import card_code
from engine.core.deal import Deal
from engine.core.error_codes import RECORD, REQUEST, code_for
from engine.core.errors import IllegalPlay
from engine.core.kernel import PlayState
from engine.core.limits import MAX_LUCK_SAMPLES, SEED_LIMIT
from engine.core.record import RecordError, read_record
from engine.core.rules import Rules
from engine.core.shuffle import shuffled_deck

DEFAULT_SAMPLES = 16
DECIMALS = 4
# The expected net points before the deal, per rules, measured by scripts/luck_expected.py.
EXPECTED_FILE = Path(__file__).resolve().parents[1] / "data" / "luck_expected.json"
# Rules the file lacks are measured when first asked, over this many deals (a standard error of
# about 0.1 net points; about a second in CPython): bounded work, the same numbers everywhere.
EXPECTED_DEALS = 400
EXPECTED_SEED = 1
# The rule keys that do not change how a deal is played or scored (only the match).
_MATCH_ONLY_KEYS = ("target", "first_dealer")

Nets = tuple[float, ...]
Json = dict[str, Any]


class LuckError(ValueError):
    """Bad input to `luck_of_deal`; `field` names it and `code` says which part of the input it
    is in (engine/core/error_codes.py): the record (bad_record, bad_rules) or the request."""

    def __init__(self, field_name: str, problem: str, part: str = REQUEST):
        super().__init__(f"{field_name}: {problem}")
        self.field = field_name
        self.problem = problem
        self.code = code_for(part, field_name)


# ----- the baseline and the value function ------------------------------------------------------


def baseline_card(state: PlayState) -> int:
    """The beginner's card for the seat to move, from what that seat can see: its hand, the
    cards gone, the trick, and the stock's top while it is face up (always with the open stock;
    with the face-down stock only the card turned for trumps, before the first draw)."""
    legal = state.legal()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    rules = state.rules
    top = state.top() if rules.stock == "open" or state.pos == 0 else None
    seat = state.to_move
    return heuristic_card(
        state.hands[seat], legal, state.trick, state.trump, top, state.gone, rules.nine_point, state.players
    )


def nets_of(seats: Sequence[int | None], players: int) -> tuple[int, ...]:
    """Each seat's net points from the point seats: its points minus every other seat's."""
    counts = [0] * players
    total = 0
    for seat in seats:
        if seat is not None:
            counts[seat] += 1
            total += 1
    return tuple(2 * count - total for count in counts)


def exact_phase(state: PlayState) -> bool:
    """Two players and the stock empty: the solver values every state exactly."""
    return state.players == 2 and state.pos >= state.stock_end


def first_unseen(state: PlayState) -> int:
    """The stock position of the first card nobody has seen: the top is seen while face up."""
    face_up = state.rules.stock == "open" or state.pos == 0
    return min(state.pos + (1 if face_up else 0), state.stock_end)


class DealValues:
    """The value function `V` of one deal (see the module doc): baseline play-outs over sampled
    stock orders, the exact solver once the stock is empty. Caches the solver's values."""

    def __init__(
        self, rules: Rules, trump: int, dealer: int, jack_turned: bool, samples: int, seed: int,
        deal_key: Sequence[int] = (),
    ) -> None:  # fmt: skip
        """`deal_key` (ints naming the deal: its dealt hands and trump card) seeds the sampled
        orders with `seed`; never the stock's hidden order, which the samples stand for."""
        self.rules = rules
        self.deal_key = tuple(deal_key)
        self.players = rules.players
        self.trump = trump
        self.dealer = dealer
        self.jack_turned = jack_turned
        self.samples = samples
        self.seed = seed
        self._solvers: dict[tuple[int, ...], EndgameSolver] = {}
        self._exact: dict[tuple[Any, ...], int] = {}

    # ----- exact values -----

    def _solver(self, state: PlayState) -> tuple[EndgameSolver, tuple[int, ...]]:
        """A solver valid for `state`: one for the deal under `low: capture` (its values do not
        depend on who played which card), one per final `played` masks under `low: holder`."""
        played = state.played
        holder = self.rules.low == "holder"
        key = tuple(played[seat] | state.hands[seat] for seat in (0, 1)) if holder else ()
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = EndgameSolver(
                self.rules, self.trump, self.dealer, self.jack_turned, state.hands, played
            )
        return solver, key

    def exact(self, state: PlayState) -> Nets:
        """Exact nets of a two-player state with the stock empty (the deal may be over)."""
        if state.is_over:
            return nets_of(state.points()[0], 2)
        solver, key = self._solver(state)
        hands, won = state.hands, state.won
        memo = (*key, hands[0], hands[1], won[0], won[1], state.leader, *state.trick)
        value = self._exact.get(memo)
        if value is None:
            position = solver.position(hands, won, state.leader, state.trick)
            search = solver.follow if state.trick else solver.search
            value = search(position, -99, 99)
            self._exact[memo] = value
        return (value, -value)

    # ----- play-outs -----

    def finish(self, state: PlayState) -> Nets:
        """Play `state` (a private copy) to the end with the baseline; with two players the
        solver's value as soon as the stock is empty. Returns the nets per seat."""
        players = self.players
        while not state.is_over:
            if players == 2 and state.pos >= state.stock_end:
                return self.exact(state)
            state.play(baseline_card(state))
        return nets_of(state.points()[0], players)

    def orders(self, state: PlayState, draws: int) -> list[list[int]] | None:
        """The stock orders a stretch between two chance events is valued on: every order of
        the unseen stock cards when there are at most `samples` of them, else `samples` sampled
        orders. None when chance has nothing left to decide (at most one unseen card)."""
        stock = state.stock
        start, end = first_unseen(state), state.stock_end
        unseen = sorted(stock[start:end])
        if len(unseen) <= 1:
            return None
        head, tail = list(stock[:start]), list(stock[end:])
        if math.factorial(len(unseen)) <= self.samples:
            return [head + list(order) + tail for order in itertools.permutations(unseen)]
        rng = random.Random(mix_seed(self.seed, draws, *self.deal_key))
        orders = []
        for _ in range(self.samples):
            rng.shuffle(unseen)
            orders.append(head + unseen + tail)
        return orders

    def after(self, state: PlayState, card: int, orders: list[list[int]] | None) -> Nets:
        """V after `card` is played from `state` (left unchanged), on the stretch's orders."""
        if exact_phase(state):
            trial = state.copy()
            trial.play(card)
            return self.exact(trial)
        if orders is None:
            trial = state.copy()
            trial.play(card)
            return self.finish(trial)
        totals = [0.0] * self.players
        for order in orders:
            trial = state.copy()
            trial.stock = order
            trial.play(card)
            for seat, net in enumerate(self.finish(trial)):
                totals[seat] += net
        count = len(orders)
        return tuple(total / count for total in totals)

    def value(self, state: PlayState, orders: list[list[int]] | None) -> tuple[Nets, int | None]:
        """V of the state before a card, with the baseline's card (None once exact)."""
        if exact_phase(state):
            return self.exact(state), None
        card = baseline_card(state)
        return self.after(state, card, orders), card


# ----- the expected nets before the deal ---------------------------------------------------------


def rules_key(rules: Rules) -> str:
    """The rules as far as they change a deal's play and points (not the match's target or the
    cut), as canonical JSON: the key of `luck_expected.json`."""
    spec = rules.to_spec()
    for key in _MATCH_ONLY_KEYS:
        spec.pop(key)
    return json.dumps(spec, sort_keys=True)


def measure_expected(rules: Rules, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """Mean net points by seat offset from the dealer (0: the dealer) over `deals` random deals
    played out with the baseline (the same play-out as `V`), and each mean's standard error."""
    rng = random.Random(mix_seed(seed, *rules_key(rules).encode()))
    players = rules.players
    sums = [0.0] * players
    squares = [0.0] * players
    for _ in range(deals):
        state = PlayState.from_deck(rules, shuffled_deck(rng), 0)
        values = DealValues(rules, state.trump, 0, state.jack_turned, 1, 0)
        for offset, net in enumerate(values.finish(state)):
            sums[offset] += net
            squares[offset] += net * net
    means = [total / deals for total in sums]
    errors = [
        math.sqrt(max(0.0, squares[o] / deals - means[o] ** 2) / max(1, deals - 1)) for o in range(players)
    ]
    return means, errors


@lru_cache(maxsize=1)
def _expected_table() -> dict[str, list[float]]:
    try:
        data = json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {entry["key"]: entry["expected"] for entry in data["entries"]}


@lru_cache(maxsize=16)
def _expected_by_offset(key: str) -> tuple[float, ...]:
    table = _expected_table()
    if key in table:
        return tuple(table[key])
    rules = Rules.from_spec(json.loads(key))
    return tuple(measure_expected(rules, EXPECTED_DEALS, EXPECTED_SEED)[0])


def expected_nets(rules: Rules, dealer: int) -> Nets:
    """Each seat's expected net points before the deal, from where it sits (`V` before the deal):
    from luck_expected.json, or measured over EXPECTED_DEALS deals for rules it lacks."""
    by_offset = _expected_by_offset(rules_key(rules))
    players = rules.players
    return tuple(by_offset[(seat - dealer) % players] for seat in range(players))


# ----- one deal --------------------------------------------------------------------------------


@dataclass(slots=True)
class DealLuck:
    """The split of one finished deal, per seat (net points): result = expected + luck + skill."""

    result: tuple[int, ...]
    expected: Nets
    luck: list[float]
    skill: list[float]
    own: list[float]
    events: list[Json] = field(default_factory=list)

    def residual(self) -> float:
        """The largest |result - (expected + luck + skill)| over the seats (float rounding only)."""
        parts = zip(self.result, self.expected, self.luck, self.skill, strict=True)
        return max(abs(result - (expected + luck + skill)) for result, expected, luck, skill in parts)

    def to_dict(self, events: bool = True) -> Json:
        shown: Json = {
            "result": list(self.result),
            "expected": _rounded(self.expected),
            "luck": _rounded(self.luck),
            "skill": _rounded(self.skill),
            "own": _rounded(self.own),
        }
        if events:
            shown["events"] = self.events
        return shown


def _rounded(values: Sequence[float]) -> list[float]:
    return [round(value, DECIMALS) + 0.0 for value in values]  # + 0.0: never -0.0


def _change(after: Nets, before: Nets) -> list[float]:
    return [a - b for a, b in zip(after, before, strict=True)]


@dataclass(slots=True)
class SplitSoFar:
    """A split stopped before play `next_play`: the sums so far and V after the last play
    (unrounded), all a later call needs to go on exactly where this one stopped."""

    next_play: int
    luck: list[float]
    skill: list[float]
    own: list[float]
    before: list[float]


def split_deal(
    deal: Deal, plays: Sequence[int], *, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> DealLuck:
    """Luck and skill of `deal` (before any play) played through `plays` to its end.

    Raises ValueError if a play is illegal or the deal does not end with the last play.
    """
    split = split_part(deal, plays, samples=samples, seed=seed)
    assert isinstance(split, DealLuck)  # no `stop`: the whole deal
    return split


def split_part(
    deal: Deal, plays: Sequence[int], *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
    stop: int | None = None, so_far: SplitSoFar | None = None,
) -> DealLuck | SplitSoFar:  # fmt: skip
    """`split_deal` a few plays at a time, so a page's worker is never held for a whole deal:
    values the plays from `so_far.next_play` (0 without `so_far`) up to `stop` (by default the
    end) and returns where it stopped, or the DealLuck once the last play is valued (its events
    are those of this call's plays). The states are replayed and the stretches' stock orders
    drawn again from the same seed, so the parts add up to exactly `split_deal`'s numbers.

    Raises ValueError if a play is illegal or the deal does not end with the last play.
    """
    steps = split_steps(deal, plays, samples=samples, seed=seed, so_far=so_far)
    try:
        while True:
            part = next(steps)
            if stop is not None and part.next_play >= stop:
                return part
    except StopIteration as end:
        whole: DealLuck = end.value
        return whole


def split_steps(
    deal: Deal, plays: Sequence[int], *, samples: int = DEFAULT_SAMPLES, seed: int = 0,
    so_far: SplitSoFar | None = None,
) -> Generator[SplitSoFar, None, DealLuck]:  # fmt: skip
    """`split_part` one play at a time, in one valuation (its caches kept): before each play
    after the first one valued, yields the split so far (a copy, as `split_part` would stop
    there); returns the DealLuck. A page's worker answers other requests between the plays
    (engine/surfaces/jobs.py)."""
    rules = deal.rules
    players = rules.players
    state = PlayState.start(rules, list(deal.initial_hands), deal.stock, deal.dealer)
    deal_key = (*deal.initial_hands, deal.trump_card)
    values = DealValues(rules, state.trump, deal.dealer, state.jack_turned, samples, seed, deal_key)
    expected = expected_nets(rules, deal.dealer)
    start = 0 if so_far is None else so_far.next_play
    luck = [0.0] * players if so_far is None else list(so_far.luck)
    skill = [0.0] * players if so_far is None else list(so_far.skill)
    own = [0.0] * players if so_far is None else list(so_far.own)
    before: Nets = expected if so_far is None else tuple(so_far.before)
    events: list[Json] = []
    draws = 0
    orders = values.orders(state, draws)
    chance: Json | None = {"kind": "deal"}
    trick = 1
    for index, card in enumerate(plays):
        if index > start:
            yield SplitSoFar(index, list(luck), list(skill), list(own), list(before))
        seat = state.to_move
        deal.play(card)  # the engine's legality check (IllegalPlay) before the kernel moves
        drawing = len(state.trick) == players - 1 and state.pos < state.stock_end
        if index >= start:  # the plays before `start` are only replayed
            here, baseline = values.value(state, orders)
            if chance is not None:
                change = _change(here, before)
                for s in range(players):
                    luck[s] += change[s]
                events.append({**chance, "luck": _rounded(change)})
            after = here if card == baseline else values.after(state, card, orders)
            change = _change(after, here)
            for s in range(players):
                skill[s] += change[s]
            own[seat] += change[seat]
            events.append(
                {
                    "kind": "play", "play_index": index, "trick": trick, "seat": seat,
                    "card": card_code(card), "baseline": None if baseline is None else card_code(baseline),
                    "exact": baseline is None, "skill": _rounded(change),
                }
            )  # fmt: skip
            before = after
        state.play(card)
        chance = None
        if not state.trick:
            if drawing:
                draws += 1
                orders = values.orders(state, draws)
                chance = {"kind": "draw", "trick": trick}
            trick += 1
    if not state.is_over:
        raise ValueError("the deal is not finished: luck and skill are measured on a whole deal")
    result = nets_of(state.points()[0], players)
    return DealLuck(result, expected, luck, skill, own, events)


def _check_int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LuckError(name, f"expected an integer {low}..{high}, got {echo(value)}")
    return value


def luck_of_deal(record: Any, *, samples: int | None = None, seed: int = 0) -> Json:
    """Luck and skill per seat of a finished deal record, as JSON (see the module doc).

    `samples` (1..MAX_LUCK_SAMPLES, default DEFAULT_SAMPLES) is the stock orders each state is
    valued on, `seed` their generator's seed. Raises LuckError naming the bad field.
    """
    try:
        read = read_record(record)
    except RecordError as error:
        raise LuckError(error.field, error.problem, RECORD) from None
    samples = DEFAULT_SAMPLES if samples is None else _check_int(samples, "samples", 1, MAX_LUCK_SAMPLES)
    _check_int(seed, "seed", 0, SEED_LIMIT - 1)
    try:
        split = split_deal(read.deal, read.plays, samples=samples, seed=seed)
    except IllegalPlay as refused:
        index = len(read.deal.plays)
        raise LuckError(f"plays[{index}]", f"not legal here: {refused}", RECORD) from None
    except ValueError as error:
        raise LuckError("plays", str(error), RECORD) from None
    return {**split.to_dict(), "samples": samples, "seed": seed}
