"""Exact endgame solver for two players once every card's place is known.

With the open stock, when the stock is empty each player knows the other's whole hand
(RULES.md §1 "Information"), so the rest of the deal is a perfect-information game. This
module searches it exactly: alpha-beta over whole tricks, a transposition table keyed on ints,
and equivalent-card pruning. The objective is the solver's net deal points (its points minus
the opponent's), scored at the leaves by the engine's own `deal_points`; legality is the
engine's `legal_mask` and the trick winner comes from `beating_masks` (built by `trick_winner`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.cards import (
    CARD_VALUE,
    NINE,
    SUIT_MASK_OF,
    SUIT_MASKS,
    SUIT_OF,
    TWO,
    cards_of,
    make_card,
    mask_value,
)
from engine.core.kernel import PlayState
from engine.core.scoring import deal_points
from engine.core.tricks import trick_count

_INF = 99
_LO, _HI = -5, 5  # Five points at most, each +1 or -1 for seat 0.


class EndgameSolver:
    """Solves two-player positions at trick boundaries or after the lead.

    Values are net points (seat 0's points minus seat 1's) of the whole deal. `played` is the
    mask of cards each seat has played so far; with `hands` it gives the final `played` masks
    (for `low: holder`), so one solver serves every later position of the same deal.
    The search plays and takes back cards on the play kernel's `PlayState`.
    """

    def __init__(
        self, rules: Any, trump: int, dealer: int, jack_turned: bool, hands: Sequence[int],
        played: Sequence[int],
    ) -> None:  # fmt: skip
        if rules.players != 2:
            raise ValueError("the exact endgame solver is for two players")
        self.rules = rules
        self.trump = trump
        self.dealer = dealer
        self.jack_turned = jack_turned
        self.trump_mask = SUIT_MASKS[trump]
        # Every remaining card will be played by its holder: the final `played` masks are known.
        self.played_final = (played[0] | hands[0], played[1] | hands[1])
        # Cards whose identity matters beyond their rank order: any card value, or a point trump.
        self.special = sum(1 << c for c in range(52) if CARD_VALUE[c]) | (1 << make_card(TWO, trump))
        if rules.nine_point:
            self.special |= 1 << make_card(NINE, trump)
        self.tt: dict[int, tuple[int, int]] = {}
        self.leaves: dict[int, int] = {}
        self.nodes = 0

    # ----- helpers ------------------------------------------------------------------------------

    def position(
        self, hands: Sequence[int], won: Sequence[int], leader: int, trick: Sequence[int]
    ) -> PlayState:
        """The kernel state of a position of this deal (the stock is empty)."""
        played = [self.played_final[seat] & ~hands[seat] for seat in (0, 1)]
        tricks_left = (hands[0].bit_count() + hands[1].bit_count() + len(trick)) // 2
        return PlayState(
            self.rules, self.trump, self.dealer, self.jack_turned, hands, (), won=won, played=played,
            leader=leader, trick=trick, tricks_done=trick_count(2) - tricks_left,
        )  # fmt: skip

    def _leaf(self, w0: int, w1: int) -> int:
        key = (mask_value(w0) << 60) | (mask_value(w1) << 52) | (w0 & self.trump_mask)
        value = self.leaves.get(key)
        if value is None:
            seats, _ = deal_points(
                self.rules, self.trump, self.dealer, (w0, w1), self.played_final, self.jack_turned
            )
            value = seats.count(0) - seats.count(1)
            self.leaves[key] = value
        return value

    def _moves(self, legal: int, unplayed: int) -> list[int]:
        """Legal cards with equivalent ones collapsed: a plain card directly above (among the
        `unplayed` cards) another plain card of the same hand changes nothing.

        `unplayed` must hold every card not yet played for good: both hands *and* the cards
        already on the table in the current trick. A card led to this trick still decides it,
        so it separates the follower's 9 and 3 of its suit (one beats it, the other does not)."""
        special = self.special
        moves = []
        for card in cards_of(legal):
            below = unplayed & SUIT_MASK_OF[card] & ((1 << card) - 1)
            if below and not (special >> card & 1):
                prev = below.bit_length() - 1
                if legal >> prev & 1 and not (special >> prev & 1):
                    continue
            moves.append(card)
        return moves

    def lead_moves(self, state: PlayState) -> list[int]:
        """The leader's distinct legal cards (at a trick's start every unplayed card is in a hand)."""
        hands = state.hands
        return self._moves(state.legal(), hands[0] | hands[1])

    def follow_moves(self, state: PlayState) -> list[int]:
        """The follower's distinct legal cards: winners first (lowest first), then the rest."""
        hands = state.hands
        lead = state.trick[0]
        moves = self._moves(state.legal(), hands[0] | hands[1] | 1 << lead)
        beats = state.beats[lead]
        return [c for c in moves if beats >> c & 1] + [c for c in moves if not beats >> c & 1]

    # ----- search -------------------------------------------------------------------------------

    def search(self, state: PlayState, alpha: int, beta: int) -> int:
        """Value for seat 0 of `state`, at the start of a trick."""
        h0, h1 = state.hands
        w0, w1 = state.won
        if not h0:
            return self._leaf(w0, w1)
        self.nodes += 1
        tmask = state.trump_mask
        key = (
            h0 | (h1 << 52) | (state.leader << 104) | ((w0 & tmask) << 105)
            | (mask_value(w0) << 160) | (mask_value(w1) << 170)
        )  # fmt: skip
        entry = self.tt.get(key)
        lo, hi = entry if entry else (_LO, _HI)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a0, b0 = max(alpha, lo), min(beta, hi)
        leads = self.lead_moves(state)
        # High cards first: they tend to decide tricks and so cut the search early.
        leads.reverse()
        best = self._best(state, leads, state.leader == 0, a0, b0, self.follow)
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best

    def follow(self, state: PlayState, alpha: int, beta: int) -> int:
        """Value for seat 0 once the trick's lead is on the table (the follower to play)."""
        return self._best(state, self.follow_moves(state), state.to_move == 0, alpha, beta, self.search)

    @staticmethod
    def _best(
        state: PlayState, moves: list[int], maximise: bool, alpha: int, beta: int,
        then: Callable[[PlayState, int, int], int],
    ) -> int:  # fmt: skip
        """Alpha-beta over `moves` of the seat to move: each played, valued by `then`, taken back."""
        play, undo = state.play, state.undo
        if maximise:
            best = -_INF
            for card in moves:
                play(card)
                value = then(state, max(alpha, best), beta)
                undo()
                if value > best:
                    best = value
                    if best >= beta:
                        break
        else:
            best = _INF
            for card in moves:
                play(card)
                value = then(state, alpha, min(beta, best))
                undo()
                if value < best:
                    best = value
                    if best <= alpha:
                        break
        return best


def solve_position(
    solver: EndgameSolver, hands: Sequence[int], won: Sequence[int], leader: int,
    trick: Sequence[int], seat: int,
) -> tuple[int, int, dict[int, int]]:  # fmt: skip
    """Exact values, for `seat`, of its legal moves; returns (best_card, best_value, values).

    `values` maps each distinct move (equivalent cards share one) to its value: exact for the
    best, otherwise an upper bound no better than the best. Moves are tried cheapest first, so
    the first best is also the cheapest.
    """
    state = solver.position(hands, won, leader, trick)
    sign = 1 if seat == 0 else -1
    moves = solver.follow_moves(state) if trick else solver.lead_moves(state)
    then = solver.search if trick else solver.follow

    def value_of(card: int, alpha: int, beta: int) -> int:
        state.play(card)
        value = then(state, alpha, beta)
        state.undo()
        return value

    moves.sort(key=lambda c: (CARD_VALUE[c], SUIT_OF[c] == solver.trump, c))
    values: dict[int, int] = {}
    best_card = moves[0]
    best = sign * value_of(best_card, -_INF, _INF)
    values[best_card] = best
    for card in moves[1:]:
        # Null window just above the best so far (values are ints); exact re-search if better.
        value = value_of(card, best, best + 1) if sign == 1 else -value_of(card, -best - 1, -best)
        if value > best:
            value = sign * value_of(card, -_INF, _INF)
            best, best_card = value, card
        values[card] = value  # exact if it became the best; otherwise an upper bound (<= best)
    return best_card, best, values
