"""What a deal has done so far, as plain data: the draws, the completed tricks, and the read-only
shape of a deal that views and results are computed from.

Separate from `engine.core.deal` so that `view` and `outcome` can read a deal without importing
the class that builds it: `deal` imports them, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.core.rules import Rules


@dataclass(frozen=True, slots=True)
class Draw:
    """A card taken from the stock after a trick; `card` is None in a view that may not see it."""

    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: cards in play order starting with the leader's, and the draws after it."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    draws: tuple[Draw, ...]

    def seat_of(self, index: int, players: int) -> int:
        return (self.leader + index) % players


class DealState(Protocol):
    """The read-only queries of a deal (`engine.core.deal.Deal` has them) that a seat's view and
    the deal's result are worked out from."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def trump_card(self) -> int: ...
    @property
    def jack_turned(self) -> bool: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def leader(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hands(self) -> tuple[int, ...]: ...
    @property
    def won(self) -> tuple[int, ...]: ...
    @property
    def played(self) -> tuple[int, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def current_trick(self) -> tuple[int, ...]: ...
    @property
    def stock_remaining(self) -> int: ...
    @property
    def stock_top(self) -> int | None: ...
    def legal_mask(self) -> int: ...
