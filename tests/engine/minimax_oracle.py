"""A plain minimax over the play kernel: the test oracle for the exact endgame solver.

No alpha-beta, no transposition table, no equivalent-card pruning and no move ordering: every
legal card of every seat is played, every line is followed to the end of the deal and scored
by the kernel's own `points()`. It is slow on purpose and kept small so that it is obviously
right; the positions it is asked about have few tricks left.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.core.cards import cards_of
from engine.core.kernel import PlayState
from engine.core.rules import Rules
from engine.core.shuffle import shuffled_deck

# Rule mixes that change what the solver must get right: Low by holder, Game ties, the nine,
# the turned jack, and the three following rules.
RULE_MIXES = (
    Rules(),
    Rules.from_spec("classic"),
    Rules(nine_point=True, game_tie="non_dealer"),
    Rules(turned_jack=True, low="holder"),
    Rules(trump_when_able=False, must_trump_when_void=False),
    Rules(must_trump_when_void=False, nine_point=True),
)


def net_points(state: PlayState, seat: int) -> int:
    """`seat`'s points minus the opponent's at the end of the deal."""
    seats, _values = state.points()
    return sum(0 if s is None else (1 if s == seat else -1) for s in seats)


def minimax(state: PlayState, seat: int) -> int:
    """Net points for `seat` with both sides playing their best from `state` (restored)."""
    if state.is_over:
        return net_points(state, seat)
    values = []
    for card in cards_of(state.legal()):
        state.play(card)
        values.append(minimax(state, seat))
        state.undo()
    return max(values) if state.to_move == seat else min(values)


def card_values(state: PlayState) -> dict[int, int]:
    """The exact value of every legal card of the seat to move, for that seat."""
    seat = state.to_move
    values = {}
    for card in cards_of(state.legal()):
        state.play(card)
        values[card] = minimax(state, seat)
        state.undo()
    return values


@dataclass(frozen=True, slots=True)
class Position:
    """A two-player position after the stock ran out, reached by random legal play."""

    seed: int
    rules: Rules
    dealer: int
    state: PlayState

    @property
    def mid_trick(self) -> bool:
        return bool(self.state.trick)


def position(seed: int, tricks_left: int, mid_trick: bool) -> Position:
    """The position of `seed`: a random rule mix and deal, then random legal cards until
    `tricks_left` tricks remain (and, if `mid_trick`, one more card: the next lead)."""
    rng = random.Random(seed)
    rules = rng.choice(RULE_MIXES)
    dealer = rng.randrange(2)
    state = PlayState.from_deck(rules, shuffled_deck(rng), dealer)
    stop = 52 - 2 * tricks_left + (1 if mid_trick else 0)
    for _ in range(stop):
        state.play(rng.choice(cards_of(state.legal())))
    # The kernel's history would let `undo` reach back before the position; forget it so the
    # position is a fresh state with exactly its cards (as the solver is given it).
    fresh = PlayState(
        rules, state.trump, dealer, state.jack_turned, state.hands, (), won=state.won,
        played=state.played, leader=state.leader, trick=state.trick,
        tricks_done=26 - tricks_left,
    )  # fmt: skip
    return Position(seed, rules, dealer, fresh)


def positions(count: int, first_seed: int = 0, tricks: tuple[int, ...] = (2, 3, 4)) -> Iterator[Position]:
    """`count` positions from consecutive seeds: every other one mid-trick, tricks left cycling."""
    for index in range(count):
        seed = first_seed + index
        yield position(seed, tricks[index // 2 % len(tricks)], mid_trick=index % 2 == 1)
